package io.fsbench.api;

import java.util.List;
import java.util.Objects;

/**
 * What a job's steady-state detection saw, as fio's JSON {@code steadystate} object: the last
 * window of one-second samples, oldest first, and the criterion computed over it.
 *
 * @param setting the detection that ran
 * @param attained whether the criterion was met (the job then ended early)
 * @param criterion the last value of the criterion (a percentage of the mean when the limit is
 *     one), 0 before the window first filled
 * @param maxDeviation the largest deviation from the window's mean, for {@code iops} and {@code
 *     bw}; 0 for the slopes
 * @param slope the least squares slope, for {@code iops_slope} and {@code bw_slope}; 0 otherwise
 * @param iops the window's IOPS samples, oldest first, 0 where none was taken yet
 * @param bw the window's bandwidth samples in bytes/s (not KiB/s, as fio), oldest first
 */
public record SteadyStateResult(
    SteadyState setting,
    boolean attained,
    double criterion,
    double maxDeviation,
    double slope,
    List<Long> iops,
    List<Long> bw) {

  /** No detection ran. */
  public static final SteadyStateResult NONE =
      new SteadyStateResult(SteadyState.NONE, false, 0, 0, 0, List.of(), List.of());

  public SteadyStateResult {
    Objects.requireNonNull(setting, "setting");
    iops = List.copyOf(iops);
    bw = List.copyOf(bw);
    if (iops.size() != setting.samples() || bw.size() != setting.samples()) {
      throw new IllegalArgumentException(
          "steady state window holds "
              + iops.size()
              + " IOPS and "
              + bw.size()
              + " bandwidth samples; it must hold "
              + setting.samples());
    }
  }

  /** The mean of the window's bandwidth samples, truncated as fio's integer division. */
  public long bwMean() {
    return mean(bw);
  }

  /** The mean of the window's IOPS samples, truncated as fio's integer division. */
  public long iopsMean() {
    return mean(iops);
  }

  private static long mean(List<Long> values) {
    if (values.isEmpty()) {
      return 0;
    }
    long sum = 0;
    for (long v : values) {
      sum += v;
    }
    return Long.divideUnsigned(sum, values.size());
  }
}
