package io.fsbench.junit;

import java.math.BigDecimal;
import java.util.Locale;
import org.junit.jupiter.api.AssertionFailureBuilder;

/** How a failed expectation reads: what, expected, actual, then the run's parameters. */
final class Failures {

  private Failures() {}

  /** An expected/actual failure, for the caller to throw. */
  static AssertionError mismatch(String what, String expected, String actual, RunExpectation run) {
    return AssertionFailureBuilder.assertionFailure()
        .reason(
            "expected "
                + what
                + " to be "
                + expected
                + ", but it was "
                + actual
                + "\n"
                + run.describeRun())
        .expected(expected)
        .actual(actual)
        .includeValuesInMessage(false)
        .build();
  }

  /** The failure of an expectation that cannot be checked on this run, for the caller to throw. */
  static AssertionError fail(String reason, RunExpectation run) {
    return AssertionFailureBuilder.assertionFailure()
        .reason(reason + "\n" + run.describeRun())
        .build();
  }

  /** {@code p99}, {@code p99.9}. */
  static String percentileLabel(double percent) {
    return "p" + BigDecimal.valueOf(percent).stripTrailingZeros().toPlainString();
  }

  /** A number as people read it: whole numbers without decimals, others with one or three. */
  static String number(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return String.format(Locale.ROOT, "%d", (long) value);
    }
    return String.format(Locale.ROOT, Math.abs(value) >= 100 ? "%.1f" : "%.3f", value);
  }

  /** {@code 850 ns}, {@code 12.5 us}, {@code 10 ms}, {@code 1.234 s}. */
  static String duration(long nanos) {
    if (nanos < 1_000) {
      return nanos + " ns";
    }
    if (nanos < 1_000_000) {
      return number(nanos / 1e3) + " us";
    }
    if (nanos < 1_000_000_000) {
      return number(nanos / 1e6) + " ms";
    }
    return number(nanos / 1e9) + " s";
  }
}
