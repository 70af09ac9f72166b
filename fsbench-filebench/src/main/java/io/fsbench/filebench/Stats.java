package io.fsbench.filebench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * The run's statistics, cleared and snapped as {@code stats.c: stats_clear} and {@code stats_snap}
 * do: each flowop name's instances summed (filebench's master flowop), listed last-defined first as
 * filebench's flowop list holds them, and the IO Summary from the I/O flowops.
 */
final class Stats {

  private static final List<Double> PERCENTILES = List.of(50.0, 95.0, 99.0, 99.9);

  private final List<Flowop> flowops;

  Stats(List<Flowop> flowops) {
    this.flowops = List.copyOf(flowops);
  }

  void clear(RunControl control) {
    flowops.forEach(f -> f.stats.clear());
    control.clear();
  }

  /** The IO Summary's op count so far, cheaply: for the 500 ms samples. */
  long ioOps() {
    long ops = 0;
    for (Flowop f : flowops) {
      if (f.type.io()) {
        ops += f.stats.count();
      }
    }
    return ops;
  }

  /** A snapshot for psrun's interim IO Summary: without samples, CPU or dataset. */
  FilebenchResult snap(String workload, long seed, long nanos) {
    return snap(
        workload,
        seed,
        nanos,
        new FilebenchResult.OpsSamples(Duration.ofNanos(OpsSampler.WINDOW_NANOS), List.of()),
        new FilebenchResult.Cpu(Duration.ZERO, Duration.ZERO),
        new FilebenchResult.Dataset(0, 0));
  }

  FilebenchResult snap(
      String workload,
      long seed,
      long nanos,
      FilebenchResult.OpsSamples samples,
      FilebenchResult.Cpu cpu,
      FilebenchResult.Dataset dataset) {
    double seconds = Math.max(nanos, 1) / 1e9;
    Map<String, FlowopStats.Totals> byName = new LinkedHashMap<>();
    Map<String, FlowopType> types = new LinkedHashMap<>();
    long ops = 0;
    long reads = 0;
    long writes = 0;
    long bytes = 0;
    long latency = 0;
    for (Flowop f : flowops) {
      FlowopStats.Totals mine = new FlowopStats.Totals();
      f.stats.addTo(mine);
      FlowopStats.Totals total = byName.computeIfAbsent(f.name, k -> new FlowopStats.Totals());
      types.putIfAbsent(f.name, f.type);
      merge(total, mine);
      if (f.type.io()) {
        ops += mine.count;
        bytes += mine.bytes;
        latency += mine.totalNanos;
      }
      if (f.type.direction() == FlowopType.Direction.READ) {
        reads += mine.count;
      } else if (f.type.direction() == FlowopType.Direction.WRITE) {
        writes += mine.count;
      }
    }
    List<FilebenchResult.FlowopLine> lines = new ArrayList<>();
    byName.forEach((name, t) -> lines.add(line(name, types.get(name), t, seconds)));
    Collections.reverse(lines);
    return new FilebenchResult(
        workload,
        seed,
        Duration.ofNanos(nanos),
        lines,
        FilebenchResult.IoSummary.of(ops, reads, writes, bytes, latency, seconds),
        samples,
        cpu,
        dataset);
  }

  private static void merge(FlowopStats.Totals into, FlowopStats.Totals from) {
    into.histogram.add(from.histogram);
    into.count += from.count;
    into.bytes += from.bytes;
    into.totalNanos += from.totalNanos;
    into.minNanos = Math.min(into.minNanos, from.minNanos);
    into.maxNanos = Math.max(into.maxNanos, from.maxNanos);
  }

  private static FilebenchResult.FlowopLine line(
      String name, FlowopType type, FlowopStats.Totals t, double seconds) {
    SortedMap<Double, Long> p = t.histogram.percentiles(PERCENTILES);
    return new FilebenchResult.FlowopLine(
        name,
        type.word(),
        t.count,
        t.bytes,
        t.count / seconds,
        t.bytes / (double) (1 << 20) / seconds,
        t.count == 0 ? 0 : t.totalNanos / (double) t.count,
        t.count == 0 ? 0 : t.minNanos,
        t.maxNanos,
        p.getOrDefault(50.0, 0L),
        p.getOrDefault(95.0, 0L),
        p.getOrDefault(99.0, 0L),
        p.getOrDefault(99.9, 0L));
  }
}
