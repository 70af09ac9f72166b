package io.fsbench.filebench;

import java.util.Locale;

/**
 * A {@link FilebenchResult} as text: filebench's own lines ({@code stats.c: stats_snap}'s
 * per-operation breakdown and IO Summary, in its formats, with a dot for the decimal point), then
 * what fsbench adds: each flowop's latency percentiles, the seed and the duration, the 500 ms ops/s
 * samples, the process's usr/sys CPU and the dataset against RAM, with a warning below 2x.
 */
public final class FilebenchReport {

  private static final int SAMPLES_PER_LINE = 10;

  private FilebenchReport() {}

  public static String text(FilebenchResult result) {
    StringBuilder out = new StringBuilder("Per-Operation Breakdown\n");
    for (FilebenchResult.FlowopLine f : result.flowops()) {
      out.append(line(f)).append('\n');
    }
    out.append(summary(result.summary())).append('\n');
    out.append("Latency percentiles (fsbench)\n");
    for (FilebenchResult.FlowopLine f : result.flowops()) {
      out.append(
          String.format(
              Locale.ROOT,
              "%-20s p50 %.3fms p95 %.3fms p99 %.3fms p99.9 %.3fms%n",
              f.name(),
              f.p50Nanos() / 1e6,
              f.p95Nanos() / 1e6,
              f.p99Nanos() / 1e6,
              f.p999Nanos() / 1e6));
    }
    out.append(
        String.format(
            Locale.ROOT,
            "Seed %d, run %.3f s (%s)%n",
            result.seed(),
            result.duration().toNanos() / 1e9,
            result.workload()));
    samples(out, result.samples());
    out.append(
        String.format(
            Locale.ROOT,
            "CPU (fsbench, the process): usr %.2f%% sys %.2f%% of one CPU%n",
            result.cpu().userPercent(result.duration()),
            result.cpu().systemPercent(result.duration())));
    dataset(out, result.dataset());
    return out.toString();
  }

  /** The summary line as fio's {@code iops : min=, max=, avg=, stdev=, samples=}, then each. */
  private static void samples(StringBuilder out, FilebenchResult.OpsSamples s) {
    out.append(
        String.format(
            Locale.ROOT,
            "Ops/s every %d ms (fsbench): min %.0f max %.0f mean %.1f stddev %.1f samples %d%n",
            s.interval().toMillis(),
            s.min(),
            s.max(),
            s.mean(),
            s.stddev(),
            s.opsPerSec().size()));
    for (int i = 0; i < s.opsPerSec().size(); i += SAMPLES_PER_LINE) {
      StringBuilder line = new StringBuilder(" ");
      for (double v :
          s.opsPerSec().subList(i, Math.min(i + SAMPLES_PER_LINE, s.opsPerSec().size()))) {
        line.append(String.format(Locale.ROOT, " %.0f", v));
      }
      out.append(line).append('\n');
    }
  }

  private static void dataset(StringBuilder out, FilebenchResult.Dataset d) {
    out.append("Dataset (fsbench): ").append(FilebenchResult.Dataset.bytes(d.bytes()));
    if (d.ratio().isPresent()) {
      out.append(
          String.format(
              Locale.ROOT,
              ", %s RAM (%s)",
              FilebenchResult.Dataset.times(d.ratio().getAsDouble()),
              FilebenchResult.Dataset.bytes(d.ramBytes())));
    } else {
      out.append(", RAM unknown (no MemTotal in /proc/meminfo)");
    }
    out.append('\n');
    d.warning().ifPresent(w -> out.append("Warning: ").append(w).append('\n'));
  }

  /** One flowop's line: {@code name ops ops/s mb/s ms/op [min - max]}. */
  static String line(FilebenchResult.FlowopLine f) {
    return String.format(
        Locale.ROOT,
        "%-20s %dops %8.0fops/s %5.1fmb/s %8.3fms/op [%.3fms - %5.3fms]",
        f.name(),
        f.ops(),
        f.opsPerSec(),
        f.mbPerSec(),
        f.meanNanos() / 1e6,
        f.minNanos() / 1e6,
        f.maxNanos() / 1e6);
  }

  static String summary(FilebenchResult.IoSummary s) {
    return String.format(
        Locale.ROOT,
        "IO Summary: %5d ops %5.3f ops/s %.0f/%.0f rd/wr %5.1fmb/s %5.3fms/op",
        s.ops(),
        s.opsPerSec(),
        s.readsPerSec(),
        s.writesPerSec(),
        s.mbPerSec(),
        s.msPerOp());
  }
}
