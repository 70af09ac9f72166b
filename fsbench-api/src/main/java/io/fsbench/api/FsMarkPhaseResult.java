package io.fsbench.api;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one phase of an {@link FsMarkSpec} run measured.
 *
 * <p>Two rates are given because fs_mark's is not files over time: fs_mark's Files/sec is the
 * <em>sum of the per-thread rates</em>, each thread's files divided by its own loop time ({@link
 * #perThreadSumFilesPerSec}). {@link #filesPerSec} is all files divided by the phase's wall time,
 * from the moment every thread was released to the end of the last one. With one thread they agree.
 *
 * @param operation the phase
 * @param files files handled, over all threads
 * @param wallTime from the start of the phase to the end of its last thread; for CREATE it includes
 *     the sync policy's post-loop sync and fsyncs, as fs_mark's loop time does
 * @param filesPerSec files / wall time
 * @param perThreadSumFilesPerSec fs_mark's Files/sec: the sum over threads of files / loop time
 * @param appOverhead fs_mark's "App Overhead", summed over threads: loop time minus the time spent
 *     in the timed system calls (name generation, directory creation, timing itself)
 * @param latencies per-call latency; {@code file} is the whole per-file operation
 * @param cutShort whether the run was asked to finish early ({@code Session.finish()}, a cluster's
 *     stonewall) before this phase had visited every file, so that {@code files} is fewer than
 *     planned; the rates are those of the files done (mdtest's stonewalled rates). No phase runs
 *     after one cut short.
 * @param started when the phase's threads were released, on the system clock (wall time since the
 *     epoch, as a cluster agent moves it into its controller's clock); empty in a result made
 *     without it
 */
public record FsMarkPhaseResult(
    MetadataOperation operation,
    long files,
    Duration wallTime,
    double filesPerSec,
    double perThreadSumFilesPerSec,
    Duration appOverhead,
    List<OperationLatency> latencies,
    boolean cutShort,
    Optional<Instant> started) {

  public FsMarkPhaseResult {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(started, "started");
    Objects.requireNonNull(wallTime, "wallTime");
    Objects.requireNonNull(appOverhead, "appOverhead");
    latencies = List.copyOf(latencies);
    if (files < 0) {
      throw new IllegalArgumentException("files (" + files + ") must not be negative");
    }
  }

  /** A phase without its start time, as results were before phases carried one. */
  public FsMarkPhaseResult(
      MetadataOperation operation,
      long files,
      Duration wallTime,
      double filesPerSec,
      double perThreadSumFilesPerSec,
      Duration appOverhead,
      List<OperationLatency> latencies,
      boolean cutShort) {
    this(
        operation,
        files,
        wallTime,
        filesPerSec,
        perThreadSumFilesPerSec,
        appOverhead,
        latencies,
        cutShort,
        Optional.empty());
  }

  /** A phase that visited every file, as every phase did before runs could finish early. */
  public FsMarkPhaseResult(
      MetadataOperation operation,
      long files,
      Duration wallTime,
      double filesPerSec,
      double perThreadSumFilesPerSec,
      Duration appOverhead,
      List<OperationLatency> latencies) {
    this(
        operation,
        files,
        wallTime,
        filesPerSec,
        perThreadSumFilesPerSec,
        appOverhead,
        latencies,
        false);
  }

  /** When the phase's last thread ended: {@link #started} plus {@link #wallTime}. */
  public Optional<Instant> ended() {
    return started.map(s -> s.plus(wallTime));
  }

  public Optional<OperationLatency> latency(String call) {
    return latencies.stream().filter(l -> l.call().equals(call)).findFirst();
  }

  /**
   * Metrics named after the phase: {@code create.files_per_sec}, {@code
   * create.per_thread_sum.files_per_sec}, {@code create.seconds}, {@code create.files}, {@code
   * create.app_overhead.seconds}, {@code create.lat.p99} (whole file) and {@code
   * create.open.lat.p99} (one call); {@code create.cut_short} (1) only when the phase was cut
   * short.
   */
  public List<Metric> metrics() {
    String p = operation.key();
    List<Metric> metrics = new ArrayList<>();
    metrics.add(Metric.of(p + ".files_per_sec", filesPerSec, Unit.FILES_PER_SEC));
    metrics.add(
        Metric.of(
            p + ".per_thread_sum.files_per_sec", perThreadSumFilesPerSec, Unit.FILES_PER_SEC));
    metrics.add(Metric.of(p + ".seconds", seconds(wallTime), Unit.SECONDS));
    metrics.add(Metric.of(p + ".files", files, Unit.COUNT));
    metrics.add(Metric.of(p + ".app_overhead.seconds", seconds(appOverhead), Unit.SECONDS));
    if (cutShort) {
      metrics.add(Metric.of(p + ".cut_short", 1, Unit.COUNT));
    }
    for (OperationLatency latency : latencies) {
      metrics.addAll(latency.metrics(latency.call().equals("file") ? p : p + "." + latency.call()));
    }
    return metrics;
  }

  static double seconds(Duration d) {
    return d.toNanos() / 1e9;
  }
}
