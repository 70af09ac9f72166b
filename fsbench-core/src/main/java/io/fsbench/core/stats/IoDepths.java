package io.fsbench.core.stats;

import io.fsbench.api.JobResult;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * fio's I/O depth distributions: at which queue depth I/Os were issued ({@code iodepth_level}), and
 * how many I/Os each submit and each reap call handled ({@code iodepth_submit}, {@code
 * iodepth_complete}).
 *
 * <p>How an engine calls it, as fio's {@code td_io_queue} does. A synchronous engine (psync), for
 * every I/O including fsync: {@code markSubmit(1); markComplete(1); markDepth(1, 1)} (but no {@code
 * markDepth} for the final fsync of {@code end_fsync}). An asynchronous engine: {@code
 * markDepth(inFlight, queued)} and {@code markSubmit(queued)} per submit call, {@code
 * markComplete(reaped)} per reap call, also when it reaped nothing.
 */
public final class IoDepths {

  private final long[] depth = new long[7];
  private final long[] submit = new long[7];
  private final long[] complete = new long[7];
  private long submits;
  private long completes;

  /** Counts {@code ios} I/Os issued while {@code currentDepth} were in flight (io_u_mark_depth). */
  public void markDepth(int currentDepth, int ios) {
    depth[depthSlot(currentDepth)] += ios;
  }

  /** Counts one submit call that submitted {@code ios} I/Os. */
  public void markSubmit(int ios) {
    submit[batchSlot(ios)]++;
    submits++;
  }

  /** Counts one reap call that completed {@code ios} I/Os. */
  public void markComplete(int ios) {
    complete[batchSlot(ios)]++;
    completes++;
  }

  /** 1 | 2-3 | 4-7 | 8-15 | 16-31 | 32-63 | 64 and more; fio puts depth 0 (never used) last too. */
  static int depthSlot(int currentDepth) {
    if (currentDepth < 1 || currentDepth >= 64) {
      return 6;
    }
    return 31 - Integer.numberOfLeadingZeros(currentDepth); // floor(log2)
  }

  /** 0 | 1-4 | 5-8 | 9-16 | 17-32 | 33-64 | more than 64. */
  static int batchSlot(int ios) {
    if (ios <= 0) {
      return 0;
    }
    if (ios <= 4) {
      return 1;
    }
    if (ios > 64) {
      return 6;
    }
    return 32 - Integer.numberOfLeadingZeros(ios - 1) - 1; // ceil(log2) - 1
  }

  public void add(IoDepths other) {
    for (int i = 0; i < depth.length; i++) {
      depth[i] += other.depth[i];
      submit[i] += other.submit[i];
      complete[i] += other.complete[i];
    }
    submits += other.submits;
    completes += other.completes;
  }

  public void reset() {
    Arrays.fill(depth, 0);
    Arrays.fill(submit, 0);
    Arrays.fill(complete, 0);
    submits = 0;
    completes = 0;
  }

  /**
   * {@code iodepth_level} over {@code totalIos}, the read, write and trim I/Os. fio counts fsyncs
   * in the levels but not in the total, so a job that syncs shows more than 100%; fsbench keeps
   * that so the numbers compare.
   */
  public Map<String, Double> levels(long totalIos) {
    return distribution(depth, totalIos, JobResult.IODEPTH_LEVEL_KEYS);
  }

  public Map<String, Double> submitted() {
    return distribution(submit, submits, JobResult.IODEPTH_SUBMIT_KEYS);
  }

  public Map<String, Double> completed() {
    return distribution(complete, completes, JobResult.IODEPTH_SUBMIT_KEYS);
  }

  /** fio's {@code stat_calc_dist}: percentages, a non-empty slot below 0.1% shown as 0.1. */
  static Map<String, Double> distribution(long[] counts, long total, List<String> keys) {
    return Percentages.of(counts, total, keys, 0.1);
  }
}
