package io.fsbench.api;

import java.util.List;
import java.util.Objects;

/**
 * The latency distribution of one kind of call in a workload, in nanoseconds, e.g. the open(2) of
 * every file in a create phase. Percentiles come from a log-linear histogram with 1% precision.
 *
 * @param call what was timed, e.g. {@code open}, {@code fsync}, or {@code file} for the whole
 *     per-file operation
 * @param count how many calls were timed
 * @param minNanos the fastest
 * @param meanNanos the mean
 * @param p50Nanos the median
 * @param p90Nanos the 90th percentile
 * @param p99Nanos the 99th percentile
 * @param p999Nanos the 99.9th percentile
 * @param maxNanos the slowest
 */
public record OperationLatency(
    String call,
    long count,
    long minNanos,
    double meanNanos,
    long p50Nanos,
    long p90Nanos,
    long p99Nanos,
    long p999Nanos,
    long maxNanos) {

  public OperationLatency {
    Objects.requireNonNull(call, "call");
    if (!call.matches("[a-z0-9_]+")) {
      throw new IllegalArgumentException("call (" + call + ") must hold only a-z, 0-9 and '_'");
    }
    if (count < 1) {
      throw new IllegalArgumentException("latency of " + call + " needs at least one call");
    }
    if (minNanos > p50Nanos || p50Nanos > p90Nanos || p90Nanos > p99Nanos) {
      throw new IllegalArgumentException("latency percentiles of " + call + " are not ordered");
    }
  }

  /**
   * The distribution as metrics named {@code prefix.lat.p50} and so on, in nanoseconds, plus {@code
   * prefix.count}.
   */
  public List<Metric> metrics(String prefix) {
    String p = prefix + ".lat.";
    return List.of(
        Metric.of(prefix + ".count", count, Unit.COUNT),
        Metric.of(p + "min", minNanos, Unit.NANOSECONDS),
        Metric.of(p + "mean", meanNanos, Unit.NANOSECONDS),
        Metric.of(p + "p50", p50Nanos, Unit.NANOSECONDS),
        Metric.of(p + "p90", p90Nanos, Unit.NANOSECONDS),
        Metric.of(p + "p99", p99Nanos, Unit.NANOSECONDS),
        Metric.of(p + "p99_9", p999Nanos, Unit.NANOSECONDS),
        Metric.of(p + "max", maxNanos, Unit.NANOSECONDS));
  }
}
