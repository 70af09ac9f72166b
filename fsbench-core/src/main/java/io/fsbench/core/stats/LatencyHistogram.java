package io.fsbench.core.stats;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * fio's latency histogram ({@code io_u_plat}): 29 groups of 64 buckets. Values below 128 ns have a
 * bucket each; above, a value's most significant bit picks the group and the next 6 bits the
 * bucket, so a bucket is at most 1/64 of its value wide and its midpoint within 1/128. Values from
 * 2^34 ns (17.2 s) on share the last bucket.
 *
 * <p>Recording is one array increment: no allocation, no lock. One histogram belongs to one thread;
 * {@link #add} sums them afterwards, exactly.
 */
public final class LatencyHistogram {

  static final int BITS = 6;
  static final int PER_GROUP = 1 << BITS;
  static final int GROUPS = 29;

  /** The number of buckets, fio's {@code FIO_IO_U_PLAT_NR}. */
  public static final int BUCKETS = GROUPS * PER_GROUP;

  private final long[] counts = new long[BUCKETS];
  private long total;

  /** Counts one sample of {@code ns} nanoseconds. */
  public void record(long ns) {
    counts[index(ns)]++;
    total++;
  }

  /**
   * Counts {@code count} samples of {@code ns} nanoseconds at once: how the bins of results
   * gathered from elsewhere (another client of a cluster run) are added back exactly, since a bin's
   * value lies in its own bucket.
   */
  public void record(long ns, long count) {
    if (count < 0) {
      throw new IllegalArgumentException("bin count (" + count + ") must not be negative");
    }
    counts[index(ns)] += count;
    total += count;
  }

  /** The bucket that holds {@code ns}: fio's {@code plat_val_to_idx}. */
  public static int index(long ns) {
    if (ns < 0) {
      throw new IllegalArgumentException(
          "latency (" + ns + " ns) is negative; it must come from a monotonic clock");
    }
    int msb = 63 - Long.numberOfLeadingZeros(ns);
    if (msb <= BITS) {
      return (int) ns; // below 128: exact
    }
    int errorBits = msb - BITS;
    int base = (errorBits + 1) << BITS;
    int offset = (int) ((ns >>> errorBits) & (PER_GROUP - 1));
    return Math.min(base + offset, BUCKETS - 1);
  }

  /**
   * The value a bucket stands for: fio's {@code plat_idx_to_val}, the bucket's lower bound plus
   * half its width ({@code base + (k + 0.5) * 2^errorBits}).
   */
  public static long value(int index) {
    if (index < 0 || index >= BUCKETS) {
      throw new IllegalArgumentException(
          "bucket index (" + index + ") must be in [0, " + BUCKETS + ")");
    }
    if (index < PER_GROUP << 1) {
      return index;
    }
    int errorBits = (index >> BITS) - 1;
    long base = 1L << (errorBits + BITS);
    long k = index % PER_GROUP;
    // (k + 0.5) * 2^errorBits, exact because errorBits >= 1 here
    return base + ((2 * k + 1) << (errorBits - 1));
  }

  /** How many samples were recorded. */
  public long count() {
    return total;
  }

  /** The count of one bucket. */
  public long count(int index) {
    return counts[index];
  }

  /**
   * Adds every count of {@code other} to this one; the sum equals recording both here. The total
   * grows by the counts read, so a histogram another thread is still recording into is added
   * consistently with itself.
   */
  public void add(LatencyHistogram other) {
    long added = 0;
    for (int i = 0; i < BUCKETS; i++) {
      long count = other.counts[i];
      counts[i] += count;
      added += count;
    }
    total += added;
  }

  public void reset() {
    Arrays.fill(counts, 0);
    total = 0;
  }

  /**
   * Percentiles as fio's {@code calc_clat_percentiles} computes them: the list is sorted and each
   * percentile p is the value of the first bucket whose cumulative count reaches p/100 &times; n,
   * where that product is rounded as fio's x86-64 {@code long double} arithmetic rounds it.
   *
   * @param percents up to 20 percentiles in (0, 100], in any order
   * @return percentile to value in ns, sorted; empty when nothing was recorded
   */
  public SortedMap<Double, Long> percentiles(List<Double> percents) {
    double[] sorted = checkedSorted(percents);
    SortedMap<Double, Long> result = new TreeMap<>();
    if (total == 0) {
      return Collections.unmodifiableSortedMap(result);
    }
    long cumulative = 0;
    int j = 0;
    long needed = ExtendedPrecision.countReaching(sorted[0], total);
    for (int i = 0; i < BUCKETS && j < sorted.length; i++) {
      cumulative += counts[i];
      while (j < sorted.length && cumulative >= needed) {
        result.put(sorted[j], value(i));
        j++;
        if (j < sorted.length) {
          needed = ExtendedPrecision.countReaching(sorted[j], total);
        }
      }
    }
    return Collections.unmodifiableSortedMap(result);
  }

  /** The non-empty buckets, value in ns to count: fio's json+ {@code bins}. */
  public SortedMap<Long, Long> bins() {
    SortedMap<Long, Long> bins = new TreeMap<>();
    for (int i = 0; i < BUCKETS; i++) {
      if (counts[i] != 0) {
        bins.put(value(i), counts[i]);
      }
    }
    return Collections.unmodifiableSortedMap(bins);
  }

  private static double[] checkedSorted(List<Double> percents) {
    if (percents.isEmpty() || percents.size() > 20) {
      throw new IllegalArgumentException(
          "percentile list has " + percents.size() + " entries; fio takes 1 to 20");
    }
    double[] sorted = new double[percents.size()];
    for (int i = 0; i < sorted.length; i++) {
      double p = percents.get(i);
      if (!(p > 0 && p <= 100)) {
        throw new IllegalArgumentException("percentile (" + p + ") must be in (0, 100]");
      }
      sorted[i] = p;
    }
    Arrays.sort(sorted);
    return sorted;
  }
}
