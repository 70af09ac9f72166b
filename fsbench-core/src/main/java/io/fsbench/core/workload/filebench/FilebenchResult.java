package io.fsbench.core.workload.filebench;

import io.fsbench.api.Metric;
import io.fsbench.api.Unit;
import io.fsbench.api.WorkloadResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a filebench workload's run measured, as {@code stats.c: stats_snap} reports it, plus what
 * filebench lacks: latency percentiles per flowop, the seed and the run's duration.
 *
 * @param workload the workload file
 * @param seed the seed of everything filebench leaves to the clock or its own generators
 * @param duration from the stats clear to the stats snap: the time every rate divides by
 * @param flowops one line per flowop name (its instances in every thread summed), in filebench's
 *     order: the last defined first
 * @param summary the IO Summary
 */
public record FilebenchResult(
    String workload, long seed, Duration duration, List<FlowopLine> flowops, IoSummary summary)
    implements WorkloadResult {

  public FilebenchResult {
    flowops = List.copyOf(flowops);
  }

  /**
   * One flowop's figures, summed over its instances.
   *
   * @param ops how many times it ended an operation
   * @param bytes bytes it read or wrote
   * @param meanNanos total latency / ops (0 without ops)
   * @param p50Nanos latency percentiles from fio's histogram (0 without ops), likewise p95, p99,
   *     p99.9
   */
  public record FlowopLine(
      String name,
      String type,
      long ops,
      long bytes,
      double opsPerSec,
      double mbPerSec,
      double meanNanos,
      long minNanos,
      long maxNanos,
      long p50Nanos,
      long p95Nanos,
      long p99Nanos,
      long p999Nanos) {}

  /**
   * filebench's {@code IO Summary}: ops counts the I/O flowops only (open, close, create, delete,
   * stat, fsync, listdir, mkdir, rmdir and the data flowops; not hog, delay, sem*, block, wakeup,
   * the limits or finishon*); reads and writes per second count the flowops with the READ and WRITE
   * attribute; mb/s is bytes / 2^20 per second; ms/op the count-weighted mean latency.
   */
  public record IoSummary(
      long ops,
      double opsPerSec,
      double readsPerSec,
      double writesPerSec,
      double mbPerSec,
      double msPerOp) {

    /** The summary of known sums over {@code seconds}, as stats.c computes it. */
    public static IoSummary of(
        long ops, long reads, long writes, long bytes, long totalNanos, double seconds) {
      return new IoSummary(
          ops,
          ops / seconds,
          reads / seconds,
          writes / seconds,
          bytes / (double) (1 << 20) / seconds,
          ops == 0 ? 0 : totalNanos / (ops * 1e6));
    }
  }

  /** The IO Summary's ops per second. */
  @Override
  public Metric headline() {
    return Metric.of("io_summary.ops_per_sec", summary.opsPerSec(), Unit.OPS_PER_SEC);
  }

  /** filebench's own lines, then fsbench's percentiles, seed and duration. */
  @Override
  public Optional<String> toolText() {
    return Optional.of(FilebenchReport.text(this));
  }

  /** The result as named metrics with units, the IO Summary's and each flowop's. */
  @Override
  public List<Metric> metrics() {
    List<Metric> metrics = new ArrayList<>();
    metrics.add(Metric.of("io_summary.ops", summary.ops(), Unit.COUNT));
    metrics.add(Metric.of("io_summary.ops_per_sec", summary.opsPerSec(), Unit.OPS_PER_SEC));
    metrics.add(Metric.of("io_summary.reads_per_sec", summary.readsPerSec(), Unit.OPS_PER_SEC));
    metrics.add(Metric.of("io_summary.writes_per_sec", summary.writesPerSec(), Unit.OPS_PER_SEC));
    metrics.add(
        Metric.of("io_summary.bytes_per_sec", summary.mbPerSec() * (1 << 20), Unit.BYTES_PER_SEC));
    metrics.add(Metric.of("io_summary.latency_mean", summary.msPerOp() * 1e6, Unit.NANOSECONDS));
    metrics.add(Metric.of("seconds", duration.toNanos() / 1e9, Unit.SECONDS));
    for (FlowopLine f : flowops) {
      String p = "flowop." + f.name() + ".";
      metrics.add(Metric.of(p + "ops", f.ops(), Unit.COUNT));
      metrics.add(Metric.of(p + "ops_per_sec", f.opsPerSec(), Unit.OPS_PER_SEC));
      metrics.add(Metric.of(p + "bytes_per_sec", f.mbPerSec() * (1 << 20), Unit.BYTES_PER_SEC));
      metrics.add(Metric.of(p + "latency_mean", f.meanNanos(), Unit.NANOSECONDS));
      metrics.add(Metric.of(p + "latency_p50", f.p50Nanos(), Unit.NANOSECONDS));
      metrics.add(Metric.of(p + "latency_p95", f.p95Nanos(), Unit.NANOSECONDS));
      metrics.add(Metric.of(p + "latency_p99", f.p99Nanos(), Unit.NANOSECONDS));
      metrics.add(Metric.of(p + "latency_p99.9", f.p999Nanos(), Unit.NANOSECONDS));
    }
    return List.copyOf(metrics);
  }
}
