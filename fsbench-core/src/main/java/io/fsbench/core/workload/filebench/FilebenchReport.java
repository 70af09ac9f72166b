package io.fsbench.core.workload.filebench;

import java.util.Locale;

/**
 * A {@link FilebenchResult} as text: filebench's own lines ({@code stats.c: stats_snap}'s
 * per-operation breakdown and IO Summary, in its formats, with a dot for the decimal point), then
 * what fsbench adds: each flowop's latency percentiles, the seed and the duration.
 */
public final class FilebenchReport {

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
    return out.toString();
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
