package io.fsbench.api;

import java.util.Objects;

/**
 * One metric of one cell summarised over its measured repetitions: the median, the mean and its 95%
 * confidence interval from Student's t distribution with {@code n - 1} degrees of freedom.
 *
 * <p>With a single repetition nothing about the spread is known: {@link #stddev()}, {@link
 * #ciLow()}, {@link #ciHigh()} and {@link #cv()} are then {@code NaN} and {@link #hasInterval()} is
 * false. Reports print them as absent, and such a cell is never called distinguishable.
 *
 * @param name the metric name, e.g. {@code write.iops}
 * @param unit its unit
 * @param n measured repetitions
 * @param median the median
 * @param mean the arithmetic mean
 * @param stddev the sample standard deviation (n - 1 in the denominator)
 * @param ciLow the lower end of the mean's 95% confidence interval
 * @param ciHigh the upper end of the mean's 95% confidence interval
 * @param cv the coefficient of variation, {@code stddev / |mean|}, as a fraction (0.05 = 5%)
 */
public record MetricSummary(
    String name,
    Unit unit,
    int n,
    double median,
    double mean,
    double stddev,
    double ciLow,
    double ciHigh,
    double cv) {

  public MetricSummary {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(unit, "unit");
    if (n < 1) {
      throw new IllegalArgumentException("summary of " + name + " needs n >= 1, not " + n);
    }
    if (!Double.isFinite(median) || !Double.isFinite(mean)) {
      throw new IllegalArgumentException(
          "summary of "
              + name
              + ": median ("
              + median
              + ") and mean ("
              + mean
              + ") must be finite");
    }
    if (n >= 2) {
      if (!(stddev >= 0) || Double.isInfinite(stddev)) {
        throw new IllegalArgumentException(
            "summary of " + name + ": stddev (" + stddev + ") must be finite and >= 0");
      }
      if (!(ciLow <= mean && mean <= ciHigh)) {
        throw new IllegalArgumentException(
            "summary of "
                + name
                + ": the interval ["
                + ciLow
                + ", "
                + ciHigh
                + "] must hold the mean "
                + mean);
      }
    } else if (!Double.isNaN(stddev) || !Double.isNaN(ciLow) || !Double.isNaN(ciHigh)) {
      throw new IllegalArgumentException(
          "summary of " + name + " from one run has no spread: stddev and interval must be NaN");
    }
  }

  /** Whether a confidence interval exists (at least two repetitions). */
  public boolean hasInterval() {
    return n >= 2;
  }

  /** Half the width of the 95% confidence interval; NaN without an interval. */
  public double ciHalfWidth() {
    return (ciHigh - ciLow) / 2;
  }

  /** The CI half-width as a fraction of the mean (0.02 = ±2%); NaN without an interval. */
  public double relativeCiHalfWidth() {
    return mean == 0 ? Double.NaN : ciHalfWidth() / Math.abs(mean);
  }

  /**
   * Whether the two 95% confidence intervals overlap. A summary without an interval overlaps
   * everything: one run says nothing about what another would measure.
   */
  public boolean overlaps(MetricSummary other) {
    if (!hasInterval() || !other.hasInterval()) {
      return true;
    }
    return ciLow <= other.ciHigh && other.ciLow <= ciHigh;
  }
}
