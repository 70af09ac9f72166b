package io.fsbench.core.stats;

import io.fsbench.api.JobResult;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * fio's coarse completion-latency distribution ({@code io_u_lat_n/u/m}): each I/O lands in one
 * bucket of {@code latency_ns}, {@code latency_us} or {@code latency_ms}; a bucket's key is its
 * exclusive upper bound ("2" holds 0 and 1, "4" holds 2 and 3, ... "1000" holds 750 to 999), and
 * {@code ">=2000"} ms holds the rest.
 */
public final class LatencyBuckets {

  private static final long[] BOUNDS = {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000, 2000};

  private final long[] ns = new long[JobResult.LATENCY_NS_KEYS.size()];
  private final long[] us = new long[JobResult.LATENCY_NS_KEYS.size()];
  private final long[] ms = new long[JobResult.LATENCY_MS_KEYS.size()];

  /** Counts one I/O's completion latency. */
  public void record(long clatNs) {
    if (clatNs < 1000) {
      ns[bucket(clatNs)]++;
    } else if (clatNs < 1_000_000) {
      us[bucket(clatNs / 1000)]++;
    } else {
      ms[bucket(clatNs / 1_000_000)]++;
    }
  }

  /** The index of the bucket of {@code value} (in that scale's unit); past the bounds, the last. */
  static int bucket(long value) {
    int i = 0;
    while (i < BOUNDS.length && value >= BOUNDS[i]) {
      i++;
    }
    return i;
  }

  public void add(LatencyBuckets other) {
    for (int i = 0; i < ns.length; i++) {
      ns[i] += other.ns[i];
      us[i] += other.us[i];
    }
    for (int i = 0; i < ms.length; i++) {
      ms[i] += other.ms[i];
    }
  }

  public void reset() {
    Arrays.fill(ns, 0);
    Arrays.fill(us, 0);
    Arrays.fill(ms, 0);
  }

  long count(String scale, int index) {
    return switch (scale) {
      case "ns" -> ns[index];
      case "us" -> us[index];
      default -> ms[index];
    };
  }

  /** {@code latency_ns}: % of {@code totalIos}, see {@link #percentages}. */
  public Map<String, Double> nanoseconds(long totalIos) {
    return percentages(ns, totalIos, JobResult.LATENCY_NS_KEYS);
  }

  public Map<String, Double> microseconds(long totalIos) {
    return percentages(us, totalIos, JobResult.LATENCY_NS_KEYS);
  }

  public Map<String, Double> milliseconds(long totalIos) {
    return percentages(ms, totalIos, JobResult.LATENCY_MS_KEYS);
  }

  /**
   * fio's {@code stat_calc_lat}: each bucket as a percentage of all read, write and trim I/Os, and
   * a bucket that holds anything but rounds below 0.01% shown as 0.01 so it does not vanish.
   */
  static Map<String, Double> percentages(long[] counts, long total, List<String> keys) {
    return Percentages.of(counts, total, keys, 0.01);
  }
}
