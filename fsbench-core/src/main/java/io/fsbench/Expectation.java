package io.fsbench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.RunResult;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a {@link Qualification} check expects of one {@link Measure}: a requirement ({@code
 * write.iops >= 50000}), or a plausibility band outside which the result is not believed.
 *
 * <pre>{@code
 * Expectation fast = Measure.iops().atLeast(50_000);
 * Expectation asBefore = Measure.iops().atLeast(0.85).of(baseline); // 85 % of a stored run
 * Expectation believable = Measure.iops().plausibleBetween(50, 80_000);
 * Expectation parsed = Expectation.parse("fdatasync.p99<=10ms");
 * }</pre>
 *
 * @param measure what is read from the run
 * @param comparator how the value is compared
 * @param expected the bound, in the measure's unit (the lower one for {@link Comparator#BETWEEN})
 * @param upper the upper bound of {@link Comparator#BETWEEN}; NaN otherwise
 * @param basis where a relative bound came from, e.g. {@code 0.85 x baseline 52000 IOPS}; empty for
 *     an absolute one
 * @param role a requirement, or a plausibility band
 */
public record Expectation(
    Measure measure,
    Comparator comparator,
    double expected,
    double upper,
    String basis,
    Role role) {

  /** How a value is compared with the bound. */
  public enum Comparator {
    AT_LEAST(">="),
    AT_MOST("<="),
    BETWEEN("in");

    private final String symbol;

    Comparator(String symbol) {
      this.symbol = symbol;
    }

    /** {@code >=}, {@code <=}, {@code in}. */
    public String symbol() {
      return symbol;
    }
  }

  /** What a miss means: a failed check, or a result not to be believed. */
  public enum Role {
    REQUIREMENT,
    PLAUSIBILITY
  }

  private static final Pattern FORM = Pattern.compile("\\s*([^<>=!\\s]+)\\s*([<>=!]+)\\s*(.*)");

  public Expectation {
    Objects.requireNonNull(measure, "measure");
    Objects.requireNonNull(comparator, "comparator");
    Objects.requireNonNull(basis, "basis");
    Objects.requireNonNull(role, "role");
    if (!Double.isFinite(expected) || expected < 0) {
      throw new InvalidInputException(
          "expected value of " + measure + " (" + expected + ") must be a number >= 0");
    }
    if (comparator == Comparator.BETWEEN) {
      if (!Double.isFinite(upper) || upper < expected) {
        throw new InvalidInputException(
            "the band of "
                + measure
                + " ("
                + expected
                + " to "
                + upper
                + ") needs a high end at or above its low end");
      }
    } else if (!Double.isNaN(upper)) {
      throw new InvalidInputException(
          "an upper bound (" + upper + ") belongs to a band only; use between");
    }
    if (role == Role.PLAUSIBILITY && comparator != Comparator.BETWEEN) {
      throw new InvalidInputException("a plausibility expectation is a band: plausibleBetween");
    }
  }

  static Expectation requirement(Measure measure, Comparator comparator, double v, double upper) {
    return new Expectation(measure, comparator, v, upper, "", Role.REQUIREMENT);
  }

  static Expectation plausibility(Measure measure, double low, double high) {
    return new Expectation(measure, Comparator.BETWEEN, low, high, "", Role.PLAUSIBILITY);
  }

  /**
   * Parses {@code METRIC OP VALUE}: {@code iops>=50000}, {@code write.bw>=200MiB/s}, {@code
   * fdatasync.p99<=10ms}; OP is {@code >=} or {@code <=}; see {@link Measure} for the metrics and
   * {@code fsbench check --help} for the units.
   *
   * @throws InvalidInputException naming the bad part and what to give instead
   */
  public static Expectation parse(String text) {
    Matcher m = FORM.matcher(text == null ? "" : text);
    if (!m.matches() || m.group(3).isBlank()) {
      throw new InvalidInputException(
          "expectation ("
              + text
              + ") must be METRIC OP VALUE with OP >= or <=, e.g. iops>=50000 or"
              + " fdatasync.p99<=10ms");
    }
    Measure measure = Measure.parse(m.group(1));
    Comparator comparator =
        switch (m.group(2)) {
          case ">=" -> Comparator.AT_LEAST;
          case "<=" -> Comparator.AT_MOST;
          default ->
              throw new InvalidInputException(
                  "comparator '"
                      + m.group(2)
                      + "' in ("
                      + text
                      + ") is not one fsbench takes; use >= (at least) or <= (at most)");
        };
    double value = Quantities.parse(measure, m.group(3));
    return requirement(measure, comparator, value, Double.NaN);
  }

  /**
   * Parses a plausibility band {@code METRIC=LOW..HIGH}, e.g. {@code iops=50..80000} or {@code
   * sync.p99=1us..10s}.
   */
  public static Expectation parseBand(String text) {
    String[] parts = text == null ? new String[0] : text.split("=", 2);
    String[] ends = parts.length == 2 ? parts[1].split("\\.\\.", 2) : new String[0];
    if (ends.length != 2) {
      throw new InvalidInputException(
          "plausibility band ("
              + text
              + ") must be METRIC=LOW..HIGH, e.g. iops=50..80000 or sync.p99=1us..10s");
    }
    Measure measure = Measure.parse(parts[0]);
    return plausibility(
        measure, Quantities.parse(measure, ends[0]), Quantities.parse(measure, ends[1]));
  }

  /**
   * This expectation relative to a stored run: its bound becomes a factor of what {@code baseline}
   * measured, e.g. {@code Measure.iops().atLeast(0.85).of(baseline)} asks for 85 % of the
   * baseline's IOPS.
   *
   * @throws InvalidInputException when the baseline did not measure this
   */
  public Expectation of(RunResult baseline) {
    Objects.requireNonNull(baseline, "baseline");
    if (!basis.isEmpty() || role != Role.REQUIREMENT || comparator == Comparator.BETWEEN) {
      throw new InvalidInputException(
          "of(baseline) makes an atLeast or atMost factor relative, once; not " + this);
    }
    MeasureReader.Reading base = MeasureReader.read(measure, baseline);
    if (!base.present()) {
      throw new InvalidInputException(
          "the baseline ("
              + baseline.workload()
              + ") has no "
              + measure
              + ": "
              + base.missing()
              + "; give a baseline of the same kind of workload");
    }
    return new Expectation(
        measure,
        comparator,
        expected * base.value(),
        upper,
        Quantities.number(expected)
            + " x baseline "
            + Quantities.format(measure, base.value())
            + " ("
            + baseline.workload()
            + ")",
        role);
  }

  /** Whether a measured value meets this expectation. */
  public boolean test(double actual) {
    return switch (comparator) {
      case AT_LEAST -> actual >= expected;
      case AT_MOST -> actual <= expected;
      case BETWEEN -> actual >= expected && actual <= upper;
    };
  }

  /** The bound as people read it: {@code >= 50000 IOPS}, {@code in 50..80000 IOPS}. */
  public String describeBound() {
    String bound =
        comparator == Comparator.BETWEEN
            ? Quantities.format(measure, expected) + ".." + Quantities.format(measure, upper)
            : Quantities.format(measure, expected);
    return comparator.symbol() + " " + bound + (basis.isEmpty() ? "" : " (" + basis + ")");
  }

  @Override
  public String toString() {
    return (role == Role.PLAUSIBILITY ? "plausible " : "") + measure + " " + describeBound();
  }
}
