package io.fsbench.api;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One kind of latency (submission, completion, total or sync) in nanoseconds, as fio reports it.
 *
 * <p>Percentiles come from fio's log-linear histogram: each is the midpoint of the bucket that
 * holds it, within 1/128 of the true value, so a high percentile can exceed {@link #max()}. {@link
 * #bins()} holds that histogram (fio's json+ {@code bins}); adding bins of two results is exact,
 * unlike averaging their percentiles.
 *
 * <pre>{@code
 * long p99 = job.write().clat().percentile(99.0).orElseThrow();
 * }</pre>
 *
 * @param min the smallest sample in ns; 0 when there are none
 * @param max the largest sample in ns; 0 when there are none
 * @param mean the mean in ns
 * @param stddev the sample standard deviation (divided by n-1) in ns; 0 for fewer than 2 samples
 * @param n the number of samples
 * @param percentiles percentile (e.g. {@code 99.9}) to ns; empty when percentiles were not recorded
 * @param bins bucket value in ns to count, non-zero buckets only; empty unless the histogram was
 *     kept
 */
public record LatencyResult(
    long min,
    long max,
    double mean,
    double stddev,
    long n,
    SortedMap<Double, Long> percentiles,
    SortedMap<Long, Long> bins) {

  /** No samples: what fio prints for a latency it did not measure (slat of a sync engine). */
  public static final LatencyResult NONE =
      new LatencyResult(0, 0, 0, 0, 0, Collections.emptySortedMap(), Collections.emptySortedMap());

  public LatencyResult {
    percentiles = copy(percentiles, "percentiles");
    bins = copy(bins, "bins");
    if (n < 0) {
      throw new IllegalArgumentException("latency sample count (" + n + ") must not be negative");
    }
    if (!Double.isFinite(mean) || !Double.isFinite(stddev) || stddev < 0) {
      throw new IllegalArgumentException(
          "latency mean (" + mean + ") and stddev (" + stddev + ") must be finite, stddev >= 0");
    }
    if (n == 0) {
      if (min != 0 || max != 0 || mean != 0 || stddev != 0) {
        throw new IllegalArgumentException(
            "a latency without samples must have min, max, mean and stddev 0, not "
                + describe(min, max, mean, stddev));
      }
    } else if (min < 0 || min > max) {
      throw new IllegalArgumentException(
          "latency min (" + min + ") must be between 0 and max (" + max + ")");
    }
    if (n == 0 && !(percentiles.isEmpty() && bins.isEmpty())) {
      throw new IllegalArgumentException("a latency without samples has no percentiles or bins");
    }
    percentiles.forEach(LatencyResult::checkPercentile);
    checkBins(bins, n);
  }

  /** A result from any maps; they are copied and sorted. */
  public static LatencyResult of(
      long min,
      long max,
      double mean,
      double stddev,
      long n,
      Map<Double, Long> percentiles,
      Map<Long, Long> bins) {
    return new LatencyResult(
        min, max, mean, stddev, n, new TreeMap<>(percentiles), new TreeMap<>(bins));
  }

  /** Whether anything was measured. */
  public boolean hasSamples() {
    return n > 0;
  }

  /** The value of a percentile that was recorded, e.g. {@code percentile(99.9)}. */
  public OptionalLong percentile(double percent) {
    Long value = percentiles.get(percent);
    return value == null ? OptionalLong.empty() : OptionalLong.of(value);
  }

  /** This result without its histogram, to keep results small when json+ is not wanted. */
  public LatencyResult withoutBins() {
    return bins.isEmpty()
        ? this
        : new LatencyResult(min, max, mean, stddev, n, percentiles, Collections.emptySortedMap());
  }

  private static <K, V> SortedMap<K, V> copy(Map<K, V> map, String name) {
    Objects.requireNonNull(map, name);
    TreeMap<K, V> copy = new TreeMap<>();
    map.forEach(
        (k, v) -> copy.put(Objects.requireNonNull(k, name), Objects.requireNonNull(v, name)));
    return Collections.unmodifiableSortedMap(copy);
  }

  private static void checkPercentile(double percent, long value) {
    if (!(percent > 0 && percent <= 100)) {
      throw new IllegalArgumentException("percentile (" + percent + ") must be in (0, 100]");
    }
    if (value < 0) {
      throw new IllegalArgumentException(
          "percentile " + percent + " (" + value + " ns) must not be negative");
    }
  }

  private static void checkBins(SortedMap<Long, Long> bins, long n) {
    long total = 0;
    for (Map.Entry<Long, Long> bin : bins.entrySet()) {
      if (bin.getKey() < 0 || bin.getValue() <= 0) {
        throw new IllegalArgumentException(
            "bin "
                + bin.getKey()
                + " ns (count "
                + bin.getValue()
                + ") must be >= 0 with count > 0");
      }
      total += bin.getValue();
    }
    if (!bins.isEmpty() && total != n) {
      throw new IllegalArgumentException(
          "bins hold " + total + " samples but n is " + n + "; they must come from the same run");
    }
  }

  private static String describe(long min, long max, double mean, double stddev) {
    return "min=" + min + ", max=" + max + ", mean=" + mean + ", stddev=" + stddev;
  }
}
