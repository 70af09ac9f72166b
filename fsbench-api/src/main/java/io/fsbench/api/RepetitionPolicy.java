package io.fsbench.api;

import java.util.Locale;

/**
 * How often each cell of a comparison runs: a fixed count, or until the 95% confidence interval of
 * the headline metric is narrow enough (as the Phoronix Test Suite does with its deviation
 * threshold), bounded by a minimum and a maximum.
 *
 * <pre>{@code
 * RepetitionPolicy.fixed(5);
 * RepetitionPolicy.untilPrecise(2.0, 3, 10); // until the CI half-width is under 2% of the mean
 * }</pre>
 *
 * @param minimum measured runs always made (warm-up runs are not counted)
 * @param maximum measured runs never exceeded
 * @param ciHalfWidthPercent the target: stop when the 95% CI half-width is below this percentage of
 *     the mean; 0 for a fixed count
 */
public record RepetitionPolicy(int minimum, int maximum, double ciHalfWidthPercent) {

  /** Three runs, the least that gives a usable confidence interval. */
  public static final RepetitionPolicy DEFAULT = fixed(3);

  public RepetitionPolicy {
    if (minimum < 1) {
      throw new InvalidInputException("repetitions (" + minimum + ") must be at least 1");
    }
    if (maximum < minimum) {
      throw new InvalidInputException(
          "maximum repetitions (" + maximum + ") must not be below the minimum (" + minimum + ")");
    }
    if (!(ciHalfWidthPercent >= 0) || Double.isInfinite(ciHalfWidthPercent)) {
      throw new InvalidInputException(
          "CI target (" + ciHalfWidthPercent + "%) must be a percentage of the mean, e.g. 2");
    }
    if (ciHalfWidthPercent > 0 && minimum < 2) {
      throw new InvalidInputException(
          "a CI target needs at least 2 repetitions before it can be judged, not " + minimum);
    }
  }

  /** Exactly {@code count} measured runs per cell. */
  public static RepetitionPolicy fixed(int count) {
    return new RepetitionPolicy(count, count, 0);
  }

  /**
   * At least {@code minimum} runs, then more until the 95% CI half-width of the headline metric is
   * below {@code percent} % of its mean, but never more than {@code maximum}.
   */
  public static RepetitionPolicy untilPrecise(double percent, int minimum, int maximum) {
    if (!(percent > 0 && percent < 100)) {
      throw new InvalidInputException(
          "CI target ("
              + percent
              + "%) must be above 0 and below 100 (a percentage of the mean), e.g. 2 for 2%");
    }
    return new RepetitionPolicy(minimum, maximum, percent);
  }

  public boolean isAdaptive() {
    return ciHalfWidthPercent > 0;
  }

  /** {@code 3 runs} or {@code 3..10 runs until 95% CI ±2% of mean}. */
  @Override
  public String toString() {
    if (!isAdaptive()) {
      return minimum + (minimum == 1 ? " run" : " runs");
    }
    return String.format(
        Locale.ROOT,
        "%d..%d runs until 95%% CI ±%s%% of mean",
        minimum,
        maximum,
        stripZeros(ciHalfWidthPercent));
  }

  private static String stripZeros(double value) {
    return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }
}
