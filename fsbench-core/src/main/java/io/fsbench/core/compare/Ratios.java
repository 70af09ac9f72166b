package io.fsbench.core.compare;

import io.fsbench.api.BaselineRatio;
import io.fsbench.api.MetricSummary;
import java.util.Optional;

/**
 * Ratios of two cells' means with a 95% confidence interval, oriented so that above 1 is better
 * (see {@link BaselineRatio}).
 *
 * <p>The interval is Fieller's for the ratio of two independent means: the set of ratios ρ for
 * which {@code (x̄ − ρȳ)² ≤ t² (s²ₓ/nₓ + ρ² s²ᵧ/nᵧ)}. Unlike the delta method it is exact for
 * normal data and stays correct when the denominator is imprecise; it is unbounded when the
 * denominator's own interval reaches zero, and then reported as absent. The degrees of freedom are
 * Welch–Satterthwaite's for {@code x̄ − ρȳ} at the estimated ρ, since the two cells' variances
 * differ.
 */
public final class Ratios {

  private Ratios() {}

  /**
   * How {@code cell} compares with {@code baseline} on one metric.
   *
   * @return empty when a mean is not positive, where a ratio means nothing
   * @throws IllegalArgumentException when the two summaries are of different metrics or units
   */
  public static Optional<BaselineRatio> against(
      MetricSummary cell,
      MetricSummary baseline,
      String baselineFileSystem,
      String baselineTuning) {
    if (!cell.name().equals(baseline.name()) || cell.unit() != baseline.unit()) {
      throw new IllegalArgumentException(
          "cannot compare "
              + cell.name()
              + " ("
              + cell.unit().key()
              + ") with "
              + baseline.name()
              + " ("
              + baseline.unit().key()
              + ")");
    }
    if (!(cell.mean() > 0) || !(baseline.mean() > 0)) {
      return Optional.empty();
    }
    boolean higherIsBetter = cell.unit().higherIsBetter();
    MetricSummary numerator = higherIsBetter ? cell : baseline;
    MetricSummary denominator = higherIsBetter ? baseline : cell;
    double ratio = numerator.mean() / denominator.mean();
    double[] interval = fieller(numerator, denominator);
    return Optional.of(
        new BaselineRatio(
            cell.name(),
            baselineFileSystem,
            baselineTuning,
            ratio,
            interval[0],
            interval[1],
            !cell.overlaps(baseline),
            !cell.hasInterval() || !baseline.hasInterval()));
  }

  /** Fieller's 95% interval of mean(x) / mean(y), or {NaN, NaN} when there is none. */
  static double[] fieller(MetricSummary x, MetricSummary y) {
    double none = Double.NaN;
    if (!x.hasInterval() || !y.hasInterval()) {
      return new double[] {none, none};
    }
    double mx = x.mean();
    double my = y.mean();
    double ratio = mx / my;
    double a = x.stddev() * x.stddev() / x.n(); // variance of x̄
    double b = y.stddev() * y.stddev() / y.n(); // variance of ȳ
    if (a == 0 && b == 0) {
      return new double[] {ratio, ratio};
    }
    double t = Statistics.tQuantile(welchDegreesOfFreedom(a, x.n(), b * ratio * ratio, y.n()));
    double t2 = t * t;
    double denominator = my * my - t2 * b;
    if (denominator <= 0) {
      return new double[] {none, none}; // ȳ's interval holds 0: the ratio is unbounded
    }
    double root = t * Math.sqrt(a * my * my + b * mx * mx - t2 * a * b);
    double low = (mx * my - root) / denominator;
    double high = (mx * my + root) / denominator;
    // Guard the point estimate against rounding at the ends of a zero-width interval.
    return new double[] {Math.min(low, ratio), Math.max(high, ratio)};
  }

  /** Welch–Satterthwaite degrees of freedom of a difference whose terms have these variances. */
  static double welchDegreesOfFreedom(double varianceX, int nx, double varianceY, int ny) {
    double sum = varianceX + varianceY;
    double denominator = varianceX * varianceX / (nx - 1) + varianceY * varianceY / (ny - 1);
    return denominator == 0 ? Double.POSITIVE_INFINITY : sum * sum / denominator;
  }
}
