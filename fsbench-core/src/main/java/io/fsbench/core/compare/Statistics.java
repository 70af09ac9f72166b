package io.fsbench.core.compare;

import io.fsbench.api.MetricSummary;
import io.fsbench.api.Unit;
import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Summaries of repeated measurements: median, mean, sample standard deviation and the mean's 95%
 * confidence interval from Student's t distribution, as Traeger et al. ask of file system
 * benchmarks ("A Nine Year Study of File System and Storage Benchmarking", 2008).
 */
public final class Statistics {

  /** Two-sided 95%: the upper 2.5% quantile of t. */
  static final double CONFIDENCE_QUANTILE = 0.975;

  private Statistics() {}

  /**
   * Summarises the values of one metric over the measured runs of a cell. One value gives a summary
   * without spread (NaN stddev and interval); two give an interval from t(1) = 12.71.
   *
   * @throws IllegalArgumentException when there is no value or a value is not finite
   */
  public static MetricSummary summarize(String name, Unit unit, double... values) {
    int n = values.length;
    if (n == 0) {
      throw new IllegalArgumentException("no value of " + name + " to summarise");
    }
    for (double v : values) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("value of " + name + " (" + v + ") is not finite");
      }
    }
    double mean = mean(values);
    double median = median(values);
    if (n == 1) {
      return new MetricSummary(
          name, unit, 1, median, mean, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }
    double stddev = Math.sqrt(sumOfSquaredDeviations(values, mean) / (n - 1));
    double halfWidth = tQuantile(n - 1) * stddev / Math.sqrt(n);
    double cv = mean == 0 ? Double.NaN : stddev / Math.abs(mean);
    return new MetricSummary(
        name, unit, n, median, mean, stddev, mean - halfWidth, mean + halfWidth, cv);
  }

  /** The 97.5% quantile of Student's t with {@code degreesOfFreedom} (not necessarily whole). */
  public static double tQuantile(double degreesOfFreedom) {
    if (!(degreesOfFreedom > 0)) {
      throw new IllegalArgumentException(
          "degrees of freedom (" + degreesOfFreedom + ") must be positive");
    }
    if (Double.isInfinite(degreesOfFreedom)) {
      return 1.959963984540054; // the normal limit
    }
    // A null generator: the distribution is only evaluated, never sampled.
    return new TDistribution(null, degreesOfFreedom)
        .inverseCumulativeProbability(CONFIDENCE_QUANTILE);
  }

  static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / values.length;
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }

  private static double sumOfSquaredDeviations(double[] values, double mean) {
    double sum = 0;
    for (double v : values) {
      sum += (v - mean) * (v - mean);
    }
    return sum;
  }
}
