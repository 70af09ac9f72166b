package io.fsbench.filebench;

import io.fsbench.api.Metric;
import io.fsbench.api.Unit;
import io.fsbench.api.WorkloadResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a filebench workload's run measured, as {@code stats.c: stats_snap} reports it, plus what
 * filebench lacks: latency percentiles per flowop, the seed, the run's duration, ops/s sampled
 * every 500 ms, the process's usr/sys CPU and the dataset's size against RAM.
 *
 * @param workload the workload file
 * @param seed the seed of everything filebench leaves to the clock or its own generators
 * @param duration from the stats clear to the stats snap: the time every rate divides by
 * @param flowops one line per flowop name (its instances in every thread summed), in filebench's
 *     order: the last defined first
 * @param summary the IO Summary
 * @param samples the IO Summary's ops/s over consecutive windows of the run
 * @param cpu the CPU time the process used from the stats clear to the snap
 * @param dataset the filesets' bytes against the machine's RAM
 * @param cutShort whether the run was asked to finish early ({@code Session.finish()}, a cluster's
 *     stonewall) and ended before its time was up (or, with no time, before its threads were done);
 *     the rates are over the time it ran
 */
public record FilebenchResult(
    String workload,
    long seed,
    Duration duration,
    List<FlowopLine> flowops,
    IoSummary summary,
    OpsSamples samples,
    Cpu cpu,
    Dataset dataset,
    boolean cutShort)
    implements WorkloadResult {

  public FilebenchResult {
    flowops = List.copyOf(flowops);
    Objects.requireNonNull(samples, "samples");
    Objects.requireNonNull(cpu, "cpu");
    Objects.requireNonNull(dataset, "dataset");
  }

  /** A run that ended as its workload file says. */
  public FilebenchResult(
      String workload,
      long seed,
      Duration duration,
      List<FlowopLine> flowops,
      IoSummary summary,
      OpsSamples samples,
      Cpu cpu,
      Dataset dataset) {
    this(workload, seed, duration, flowops, summary, samples, cpu, dataset, false);
  }

  /** This result, marked as cut short by a request to finish early. */
  FilebenchResult cut() {
    return new FilebenchResult(
        workload, seed, duration, flowops, summary, samples, cpu, dataset, true);
  }

  /**
   * The IO Summary's ops per second in each window of {@code interval} from the stats clear, in
   * order; a last window shorter than the interval is left out (as fio's averaged logs do). Windows
   * are 500 ms; a run longer than {@link #MAX} windows merges neighbours in pairs and doubles the
   * interval, so a long run keeps at most that many (its whole length, more coarsely).
   */
  public record OpsSamples(Duration interval, List<Double> opsPerSec) {

    /** The most samples a result keeps. */
    public static final int MAX = 600;

    public OpsSamples {
      Objects.requireNonNull(interval, "interval");
      opsPerSec = List.copyOf(opsPerSec);
    }

    public double min() {
      return opsPerSec.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    }

    public double max() {
      return opsPerSec.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    public double mean() {
      return opsPerSec.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }

    /** The sample standard deviation, as fio's {@code iops_stddev} (0 below two samples). */
    public double stddev() {
      int n = opsPerSec.size();
      if (n < 2) {
        return 0;
      }
      double mean = mean();
      double squares = opsPerSec.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
      return Math.sqrt(squares / (n - 1));
    }
  }

  /**
   * The CPU time the whole process (workers, the JVM's own threads included) used during the run,
   * from getrusage(RUSAGE_SELF): it splits user from system time to the microsecond and counts
   * threads that have ended, which the JVM's per-thread and total-time beans do not both do.
   */
  public record Cpu(Duration user, Duration system) {

    public Cpu {
      Objects.requireNonNull(user, "user");
      Objects.requireNonNull(system, "system");
    }

    /** User time as a percentage of one CPU over {@code run}, as fio's usr. */
    public double userPercent(Duration run) {
      return percent(user, run);
    }

    /** System time as a percentage of one CPU over {@code run}, as fio's sys. */
    public double systemPercent(Duration run) {
      return percent(system, run);
    }

    private static double percent(Duration used, Duration run) {
      return run.isZero() ? 0 : 100.0 * used.toNanos() / run.toNanos();
    }
  }

  /**
   * The filesets' size (every entry's size, made or not: what the workload may touch) against the
   * machine's RAM (MemTotal). Below twice RAM the page cache can hold the dataset, so reads measure
   * memory rather than the filesystem: filebench's own README calls its shipped datasets too small.
   *
   * @param bytes the filesets' entries' sizes added up
   * @param ramBytes MemTotal from /proc/meminfo; 0 when unknown
   */
  public record Dataset(long bytes, long ramBytes) {

    /** The ratio below which the result carries a warning. */
    public static final double ENOUGH = 2.0;

    public Dataset {
      if (bytes < 0 || ramBytes < 0) {
        throw new IllegalArgumentException(
            "dataset bytes (" + bytes + ") and RAM (" + ramBytes + ") must not be negative");
      }
    }

    /** bytes / RAM; empty when the RAM is unknown. */
    public OptionalDouble ratio() {
      return ramBytes == 0 ? OptionalDouble.empty() : OptionalDouble.of(bytes / (double) ramBytes);
    }

    /** Why the run may measure the page cache, and what to do; empty from twice RAM up. */
    public Optional<String> warning() {
      OptionalDouble ratio = ratio();
      if (ratio.isEmpty() || ratio.getAsDouble() >= ENOUGH) {
        return Optional.empty();
      }
      long factor = bytes == 0 ? 0 : (long) Math.ceil(ENOUGH * ramBytes / (double) bytes);
      return Optional.of(
          String.format(
              Locale.ROOT,
              "the dataset (%s) is %s RAM (%s), below %.0fx: the page cache can hold it, so the"
                  + " run measures memory more than the filesystem; grow the filesets to at least"
                  + " %s%s, with more entries or bigger files (e.g. --set nfiles=N or --set"
                  + " filesize=S, whatever the file's variables are called), or run fsbench's"
                  + " personality (filebench:NAME) with dataset=2xram",
              bytes(bytes),
              times(ratio.getAsDouble()),
              bytes(ramBytes),
              ENOUGH,
              bytes((long) Math.ceil(ENOUGH * ramBytes)),
              factor == 0 ? "" : " (about " + factor + " times what they are)"));
    }

    /** 1.50x, or <0.01x for a dataset too small for two decimals to show. */
    static String times(double ratio) {
      return ratio > 0 && ratio < 0.005 ? "<0.01x" : String.format(Locale.ROOT, "%.2fx", ratio);
    }

    /** 1.5 GiB, 37.5 MiB, 512 KiB or 100 B. */
    static String bytes(long n) {
      String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
      double value = n;
      int unit = 0;
      while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit++;
      }
      return unit == 0 ? n + " B" : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }
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

  /** filebench's own lines, then what fsbench adds (percentiles, samples, CPU, seed, dataset). */
  @Override
  public Optional<String> toolText() {
    return Optional.of(FilebenchReport.text(this));
  }

  /**
   * The whole report as one JSON object: each flowop's line with its min/max and percentiles, the
   * IO Summary, the samples, CPU and the dataset (see {@code docs/filebench.md}, "JSON").
   */
  @Override
  public Optional<String> toolJson() {
    return Optional.of(FilebenchJson.json(this));
  }

  /**
   * A flowop's name as a metric name holds it: lower case, and {@code _} for what a metric name
   * cannot hold ({@code rand-read} is {@code rand_read}); a name that another flowop's took already
   * gets {@code _2}, {@code _3}, …
   */
  static String metricName(String flowop, java.util.Set<String> taken) {
    String base = flowop.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_.]", "_");
    String name = base;
    for (int n = 2; !taken.add(name); n++) {
      name = base + "_" + n;
    }
    return name;
  }

  /**
   * The result as named metrics with units, the IO Summary's and each flowop's (under {@link
   * #metricName}).
   */
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
    if (cutShort) {
      metrics.add(Metric.of("cut_short", 1, Unit.COUNT));
    }
    metrics.add(Metric.of("samples.ops_per_sec_min", samples.min(), Unit.OPS_PER_SEC));
    metrics.add(Metric.of("samples.ops_per_sec_mean", samples.mean(), Unit.OPS_PER_SEC));
    metrics.add(Metric.of("samples.ops_per_sec_max", samples.max(), Unit.OPS_PER_SEC));
    metrics.add(Metric.of("samples.ops_per_sec_stddev", samples.stddev(), Unit.OPS_PER_SEC));
    metrics.add(Metric.of("samples.count", samples.opsPerSec().size(), Unit.COUNT));
    metrics.add(Metric.of("cpu.usr", cpu.userPercent(duration), Unit.PERCENT));
    metrics.add(Metric.of("cpu.sys", cpu.systemPercent(duration), Unit.PERCENT));
    metrics.add(Metric.of("dataset.bytes", dataset.bytes(), Unit.BYTES));
    dataset.ratio().ifPresent(r -> metrics.add(Metric.of("dataset.ram_ratio", r, Unit.COUNT)));
    java.util.Set<String> taken = new java.util.HashSet<>();
    for (FlowopLine f : flowops) {
      String p = "flowop." + metricName(f.name(), taken) + ".";
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
