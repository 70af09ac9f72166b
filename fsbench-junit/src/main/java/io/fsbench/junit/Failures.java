package io.fsbench.junit;

import java.math.BigDecimal;
import java.util.Locale;
import org.junit.jupiter.api.AssertionFailureBuilder;

/** How a failed expectation reads: what, expected, actual, then the run's parameters. */
final class Failures {

  private Failures() {}

  /** Throws an expected/actual failure. */
  static void mismatch(String what, String expected, String actual, RunExpectation run) {
    AssertionFailureBuilder.assertionFailure()
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
        .buildAndThrow();
  }

  /** Throws a failure for an expectation that cannot be checked on this run; never returns. */
  static <T> T fail(String reason, RunExpectation run) {
    AssertionFailureBuilder.assertionFailure()
        .reason(reason + "\n" + run.describeRun())
        .buildAndThrow();
    throw new AssertionError(reason); // not reached: buildAndThrow always throws
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
