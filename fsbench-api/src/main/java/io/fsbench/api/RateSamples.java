package io.fsbench.api;

/**
 * Statistics over a rate sampled once per window (fio's {@code bwavgtime}/{@code iopsavgtime}, 500
 * ms by default): bandwidth in KiB/s or IOPS. A window in which no I/O completed adds no sample.
 *
 * <p>For jobs summed by group reporting these are fio's "pure" sums: min is the sum of the jobs'
 * minima, mean the sum of their means, so they describe the group's aggregate rate.
 *
 * @param min the smallest sample
 * @param max the largest sample
 * @param mean the mean of the samples
 * @param stddev the sample standard deviation (divided by n-1)
 * @param samples how many windows were sampled
 */
public record RateSamples(long min, long max, double mean, double stddev, long samples) {

  /** No samples, e.g. a job shorter than one window. */
  public static final RateSamples NONE = new RateSamples(0, 0, 0, 0, 0);

  public RateSamples {
    if (samples < 0) {
      throw new IllegalArgumentException(
          "rate sample count (" + samples + ") must not be negative");
    }
    if (!Double.isFinite(mean) || !Double.isFinite(stddev) || stddev < 0) {
      throw new IllegalArgumentException(
          "rate mean (" + mean + ") and stddev (" + stddev + ") must be finite, stddev >= 0");
    }
    if (samples == 0 && (min != 0 || max != 0 || mean != 0 || stddev != 0)) {
      throw new IllegalArgumentException("a rate without samples must be all zero");
    }
    if (min < 0 || min > max) {
      throw new IllegalArgumentException(
          "rate min (" + min + ") must be between 0 and max (" + max + ")");
    }
  }
}
