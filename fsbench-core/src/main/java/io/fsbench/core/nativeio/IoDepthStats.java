package io.fsbench.core.nativeio;

/**
 * What fio reports as {@code iodepth_level}, {@code iodepth_submit} and {@code iodepth_complete}:
 * how many I/Os were queued or in flight at each submit (counted once per I/O submitted), and how
 * many I/Os each submit and each reap carried. Updated by the queue's owning thread only.
 */
public final class IoDepthStats {

  /** Upper ends of fio's batch-size buckets "0","4","8","16","32","64",">=64" (io_u.c). */
  private static final int[] BATCH_BOUNDS = {0, 4, 8, 16, 32, 64};

  private final long[] ioAtDepth;
  private final long[] submitBatches = new long[7];
  private final long[] completeBatches = new long[7];

  IoDepthStats(int depth) {
    ioAtDepth = new long[depth + 1];
  }

  void recordSubmit(int submitted, int depthAfter) {
    ioAtDepth[depthAfter] += submitted;
    submitBatches[batchIndex(submitted)]++;
  }

  void recordComplete(int completed) {
    completeBatches[batchIndex(completed)]++;
  }

  /** I/Os submitted while {@code depth} I/Os (them included) were queued or in flight. */
  public long ioAtDepth(int depth) {
    return depth < ioAtDepth.length ? ioAtDepth[depth] : 0;
  }

  /**
   * I/O counts per fio {@code iodepth_level} bucket: depth 1, 2-3, 4-7, 8-15, 16-31, 32-63 and 64
   * or more ({@code io_u_mark_depth}). Divide by the total for fio's percentages.
   */
  public long[] depthLevels() {
    long[] levels = new long[7];
    for (int depth = 1; depth < ioAtDepth.length; depth++) {
      levels[Math.min(6, 31 - Integer.numberOfLeadingZeros(depth))] += ioAtDepth[depth];
    }
    return levels;
  }

  /** Submit calls per fio {@code iodepth_submit} bucket: 0, 1-4, 5-8, 9-16, 17-32, 33-64, >64. */
  public long[] submitBatches() {
    return submitBatches.clone();
  }

  /** Reap calls per fio {@code iodepth_complete} bucket, as {@link #submitBatches}. */
  public long[] completeBatches() {
    return completeBatches.clone();
  }

  /** I/Os submitted in all. */
  public long totalSubmitted() {
    long total = 0;
    for (long count : ioAtDepth) {
      total += count;
    }
    return total;
  }

  static int batchIndex(int n) {
    for (int i = 0; i < BATCH_BOUNDS.length; i++) {
      if (n <= BATCH_BOUNDS[i]) {
        return i;
      }
    }
    return 6;
  }
}
