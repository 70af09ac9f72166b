package io.fsbench.api;

/**
 * What a job's latency target found, as fio's JSON reports it ({@code latency_depth}, {@code
 * latency_target}, {@code latency_percentile}, {@code latency_window}), printed for every job.
 *
 * @param depth the queue depth the job ended at: the one its target settled on, or its {@code
 *     iodepth} when it had none
 * @param targetNs the target in ns, 0 for none
 * @param percentile the share of I/Os that had to meet it
 * @param windowUs the window, in us
 */
public record LatencyProfile(int depth, long targetNs, double percentile, long windowUs) {

  public LatencyProfile {
    if (depth < 1 || targetNs < 0 || windowUs < 0) {
      throw new IllegalArgumentException(
          "latency depth ("
              + depth
              + ") must be at least 1, target ("
              + targetNs
              + " ns) and window ("
              + windowUs
              + " us) not negative");
    }
  }

  /** A job without a latency target, at depth {@code ioDepth}: fio's defaults. */
  public static LatencyProfile untargeted(int ioDepth) {
    return new LatencyProfile(ioDepth, 0, 100.0, 0);
  }

  /** Whether the job had a target. */
  public boolean isTargeted() {
    return targetNs > 0;
  }
}
