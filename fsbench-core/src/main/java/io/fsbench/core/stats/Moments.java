package io.fsbench.core.stats;

/**
 * Count, min, max, mean and the sum of squared deviations of a stream of non-negative integers,
 * updated online as fio's {@code add_stat_sample} does (Welford), so the variance keeps its
 * precision over billions of samples. Not thread-safe: one per recording thread.
 */
public final class Moments {

  private long n;
  private long min = Long.MAX_VALUE;
  private long max;
  private double mean;
  private double sumSquares;

  /** Adds one sample. */
  public void add(long value) {
    if (value > max) {
      max = value;
    }
    if (value < min) {
      min = value;
    }
    double x = value;
    double delta = x - mean;
    if (delta != 0) {
      mean += delta / (n + 1.0);
      sumSquares += delta * (x - mean);
    }
    n++;
  }

  /**
   * Merges {@code other} into this as if its samples had been added here: fio's {@code __sum_stat},
   * the parallel formula of Chan et al. Group reporting merges latencies this way.
   */
  public void merge(Moments other) {
    if (other.n == 0) {
      return;
    }
    min = Math.min(min, other.min);
    max = Math.max(max, other.max);
    if (n == 0) {
      mean = other.mean;
      sumSquares = other.sumSquares;
    } else {
      // fio's arithmetic, operation for operation, so that merged results match its bits
      double delta = other.mean - mean;
      double total = (double) (n + other.n);
      double mergedMean = (other.mean * other.n + mean * n) / total;
      sumSquares =
          other.sumSquares + sumSquares + Math.pow(delta, 2.0) * product(n, other.n) / total;
      mean = mergedMean;
    }
    n += other.n;
  }

  /**
   * Adds {@code other} term by term, fio's "pure" sum for bandwidth and IOPS under group reporting:
   * min + min, max + max, mean + mean, S + S, n + n. The result describes the group's aggregate
   * rate (sum of the jobs' minima, and so on), not a merged sample.
   */
  public void pureSum(Moments other) {
    if (other.n == 0) {
      return;
    }
    if (n == 0) {
      min = other.min;
      max = other.max;
      mean = other.mean;
      sumSquares = other.sumSquares;
    } else {
      min += other.min;
      max += other.max;
      mean += other.mean;
      sumSquares += other.sumSquares;
    }
    n += other.n;
  }

  /** n * m as fio computes it (an exact 64-bit product, then a double), without its overflow. */
  private static double product(long n, long m) {
    long low = n * m;
    return Math.multiplyHigh(n, m) == 0 && low >= 0 ? (double) low : (double) n * m;
  }

  /**
   * Becomes a copy of {@code running}, which another thread may be adding to: each field is read
   * once, and a mean or minimum read ahead of the samples that explain it is brought within [min,
   * max].
   */
  void copyRunning(Moments running) {
    n = running.n;
    max = running.max;
    min = Math.min(running.min, max);
    mean = Math.max(min, Math.min(running.mean, max));
    sumSquares = Math.max(0, running.sumSquares);
  }

  /** Sets the count to {@code samples}, the samples a histogram read at the same moment holds. */
  void recount(long samples) {
    n = samples;
    if (n == 0) {
      reset();
    }
  }

  public void reset() {
    n = 0;
    min = Long.MAX_VALUE;
    max = 0;
    mean = 0;
    sumSquares = 0;
  }

  public long count() {
    return n;
  }

  /** The smallest sample; 0 when there are none, as fio prints it. */
  public long min() {
    return n == 0 ? 0 : min;
  }

  public long max() {
    return n == 0 ? 0 : max;
  }

  public double mean() {
    return n == 0 ? 0 : mean;
  }

  /** The sum of squared deviations from the mean (fio's {@code S}). */
  public double sumSquares() {
    return sumSquares;
  }

  /** The sample standard deviation, divided by n - 1 as fio's {@code calc_lat}; 0 below 2. */
  public double stddev() {
    return n > 1 ? Math.sqrt(sumSquares / (n - 1.0)) : 0;
  }
}
