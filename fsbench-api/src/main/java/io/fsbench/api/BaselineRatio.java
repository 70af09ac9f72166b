package io.fsbench.api;

import java.util.Objects;

/**
 * How one cell compares with the baseline filesystem on one metric.
 *
 * <p><b>Orientation: a ratio above 1 is always better than the baseline.</b> For metrics where more
 * is better (bandwidth, IOPS, files/s) it is {@code mean(cell) / mean(baseline)}; for metrics where
 * less is better (latency, seconds) it is {@code mean(baseline) / mean(cell)}. So "1.07× ext4"
 * reads "7% faster than ext4" whatever the unit, and 0.93 reads "slower".
 *
 * <p>The 95% confidence interval of the ratio is Fieller's interval for the ratio of two
 * independent means, with Welch–Satterthwaite degrees of freedom (evaluated at the estimated
 * ratio). It is NaN when either cell has a single run, or when the denominator's own interval
 * reaches zero, where Fieller's interval is unbounded.
 *
 * <p>{@link #distinguishable()} is false when the two cells' 95% confidence intervals overlap — a
 * conservative rule: reports then say "not distinguishable" rather than naming a winner.
 *
 * @param metric the metric name
 * @param baselineFileSystem the baseline's filesystem id, e.g. {@code ext4}
 * @param baselineTuning the baseline cell's tuning label, e.g. {@code defaults}
 * @param ratio the ratio of means, oriented so that above 1 is better
 * @param ciLow the lower end of the ratio's 95% confidence interval, NaN when there is none
 * @param ciHigh the upper end of the ratio's 95% confidence interval, NaN when there is none
 * @param distinguishable false when the two cells' confidence intervals overlap, or when there are
 *     none
 * @param singleRun one of the two cells has a single measured run, so there is no interval to tell
 *     a difference by: reports say "n=1, no interval" rather than "not distinguishable"
 */
public record BaselineRatio(
    String metric,
    String baselineFileSystem,
    String baselineTuning,
    double ratio,
    double ciLow,
    double ciHigh,
    boolean distinguishable,
    boolean singleRun) {

  /** A ratio of two cells of at least two runs each. */
  public BaselineRatio(
      String metric,
      String baselineFileSystem,
      String baselineTuning,
      double ratio,
      double ciLow,
      double ciHigh,
      boolean distinguishable) {
    this(metric, baselineFileSystem, baselineTuning, ratio, ciLow, ciHigh, distinguishable, false);
  }

  public BaselineRatio {
    Objects.requireNonNull(metric, "metric");
    Objects.requireNonNull(baselineFileSystem, "baselineFileSystem");
    Objects.requireNonNull(baselineTuning, "baselineTuning");
    if (!(ratio > 0) || Double.isInfinite(ratio)) {
      throw new IllegalArgumentException(
          "ratio of " + metric + " to " + baselineFileSystem + " (" + ratio + ") must be > 0");
    }
    if (Double.isNaN(ciLow) != Double.isNaN(ciHigh)) {
      throw new IllegalArgumentException(
          "ratio interval of " + metric + " must have both ends or neither");
    }
    if (singleRun && (distinguishable || hasInterval(ciLow))) {
      throw new IllegalArgumentException(
          "ratio of " + metric + " from a single run can have no interval to distinguish it by");
    }
    if (hasInterval(ciLow) && !(ciLow <= ratio && ratio <= ciHigh)) {
      throw new IllegalArgumentException(
          "ratio interval [" + ciLow + ", " + ciHigh + "] of " + metric + " must hold " + ratio);
    }
  }

  private static boolean hasInterval(double low) {
    return !Double.isNaN(low);
  }

  public boolean hasInterval() {
    return hasInterval(ciLow);
  }

  /** Distinguishably better than the baseline. */
  public boolean better() {
    return distinguishable && ratio > 1;
  }

  /** Distinguishably worse than the baseline. */
  public boolean worse() {
    return distinguishable && ratio < 1;
  }
}
