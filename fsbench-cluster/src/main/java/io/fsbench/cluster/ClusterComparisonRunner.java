package io.fsbench.cluster;

import io.fsbench.Workloads;
import io.fsbench.api.CacheState;
import io.fsbench.api.CellId;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.VolumePolicy;
import io.fsbench.core.compare.CellRecorder;
import io.fsbench.core.compare.ComparisonRecorder;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Runs a {@link ClusterComparison}: first one small check run in each directory (every agent there,
 * the directory allowed and writable on each, and the filesystem type they see, which labels an
 * unlabelled column), then every cell in rounds as a local comparison does, one repetition of each
 * cell per round in an order rotated each round, each repetition a cluster run whose aggregate goes
 * to core's {@link ComparisonRecorder} (statistics, baseline ratios, warnings live there).
 *
 * <p>The agents cannot drop their page cache (they run workloads, never commands), so every cell
 * has a discarded warm-up run first, as a local comparison without root. A run that fails (an agent
 * gone, a refusal) stops the comparison: it throws, naming the cell, the run and the agent's
 * failure, and nothing is reported, since the other cells' figures would be compared with a cell
 * cut short.
 */
final class ClusterComparisonRunner {

  /** The check run of each directory: one small write per client, its file removed. */
  static final List<String> CHECK_JOB =
      List.of("name=fsbench-check", "rw=write", "bs=4k", "size=4k");

  private final Function<ClusterJob, ClusterResult> cluster;
  private final Clock clock;
  private final ComparisonListener listener;

  /**
   * @param cluster runs one cluster job; {@link Cluster#run} in production
   */
  ClusterComparisonRunner(
      Function<ClusterJob, ClusterResult> cluster, Clock clock, ComparisonListener listener) {
    this.cluster = cluster;
    this.clock = clock;
    this.listener = listener;
  }

  private record Cell(
      CellId id, ClusterWork work, ClusterComparison.Column column, CellRecorder recorder) {}

  Comparison run(ClusterComparison spec) {
    Map<ClusterComparison.Column, ClusterResult> checks = new LinkedHashMap<>();
    for (ClusterComparison.Column column : spec.directories()) {
      listener.note("checking " + column.path() + " on " + spec.clients() + " agent(s)");
      checks.put(column, cluster.apply(spec.check(column)));
    }
    List<String> labels = labels(checks);
    ComparisonRecorder recorder =
        new ComparisonRecorder(
            settings(spec, baseline(spec, labels)),
            checks.values().iterator().next().clients().get(0).run().environment(),
            List.of(),
            clock,
            listener);
    List<Cell> cells = cells(spec, labels, checks, recorder);
    Runs runs = new Runs();
    for (Cell cell : cells) {
      runOnce(cell, spec, cells, runs, true);
    }
    for (int round = 0; ; round++) {
      List<Cell> pending = cells.stream().filter(c -> c.recorder().needsAnother()).toList();
      if (pending.isEmpty()) {
        break;
      }
      // rotated each round, so that no cell always runs first or right after the same other
      for (int i = 0; i < pending.size(); i++) {
        Cell cell = pending.get((i + round) % pending.size());
        runOnce(cell, spec, cells, runs, false);
        if (!cell.recorder().needsAnother()) {
          cell.recorder().finished();
        }
      }
    }
    recorder.warn(runs.summary(spec));
    return recorder.finish();
  }

  /** The baseline column's label: the one given, which must name a column, or the first. */
  private static String baseline(ClusterComparison spec, List<String> labels) {
    String baseline = spec.baseline().isEmpty() ? labels.get(0) : spec.baseline();
    if (!labels.contains(baseline)) {
      throw new InvalidInputException(
          "baseline ("
              + baseline
              + ") is none of the compared directories "
              + labels
              + "; give one of these labels, or label a directory LABEL=PATH");
    }
    return baseline;
  }

  /** The settings every report prints: warm, since the agents cannot drop their caches. */
  private static ComparisonSettings settings(ClusterComparison spec, String baseline) {
    return new ComparisonSettings(
        spec.repetitions(),
        CacheState.WARM,
        VolumePolicy.FRESH_PER_CELL,
        spec.runtime(),
        Target.directory(spec.directories().get(0).path()),
        baseline);
  }

  /** Workload × column, opened in the recorder with what the agents saw of the directory. */
  private static List<Cell> cells(
      ClusterComparison spec,
      List<String> labels,
      Map<ClusterComparison.Column, ClusterResult> checks,
      ComparisonRecorder recorder) {
    List<Cell> cells = new ArrayList<>();
    for (ClusterWork work : spec.workloads()) {
      // named as a local comparison names the workload's cells: randwrite runs as randwrite-4k
      String name = Workloads.named(work.name(), work.parameters()).name();
      for (int i = 0; i < spec.directories().size(); i++) {
        ClusterComparison.Column column = spec.directories().get(i);
        CellId id = new CellId(labels.get(i), Tuning.defaults(), name);
        CellRecorder cell = recorder.cell(id, parameters(work, spec));
        cell.applied(checks.get(column).clients().get(0).run().volume().applied());
        cells.add(new Cell(id, work, column, cell));
      }
    }
    return cells;
  }

  private void runOnce(
      Cell cell, ClusterComparison spec, List<Cell> all, Runs runs, boolean warmUp) {
    listener.cellStarted(cell.id(), all.indexOf(cell) + 1, all.size());
    Instant start = clock.instant();
    long t0 = System.nanoTime();
    ClusterResult result;
    int run = cell.recorder().measuredCount() + (warmUp ? 0 : 1);
    try {
      result = cluster.apply(spec.job(cell.work(), cell.column()));
    } catch (FsBenchException e) {
      throw stopped(cell, warmUp ? "warm-up run" : "run " + run, e);
    }
    Duration took = Duration.ofNanos(System.nanoTime() - t0);
    runs.add(result);
    ClusterRepetition repetition = ClusterRepetition.of(cell.id().workload(), result);
    if (warmUp) {
      cell.recorder().warmUp(repetition, start, took);
    } else {
      cell.recorder().measured(repetition, start, took);
    }
  }

  /** The comparison stopped by a failed run: what failed, and that nothing is reported. */
  static FsBenchException stopped(Cell cell, String run, FsBenchException e) {
    // no cell is reported: the others would be compared with one cut short
    String message =
        "the cluster comparison stopped at "
            + cell.id().workload()
            + " on "
            + cell.id().fileSystem()
            + " ("
            + cell.column().path()
            + "), "
            + run
            + ", and reports no cell: "
            + e.getMessage();
    return e instanceof InvalidInputException
        ? new InvalidInputException(message, e)
        : new FsBenchException(e.kind(), message, e);
  }

  /**
   * Each column's label: as given, else the filesystem type the agents reported for it; two columns
   * of one type without labels are refused, since the reports could not tell them apart.
   */
  static List<String> labels(Map<ClusterComparison.Column, ClusterResult> checks) {
    List<String> labels = new ArrayList<>();
    for (Map.Entry<ClusterComparison.Column, ClusterResult> check : checks.entrySet()) {
      ClusterComparison.Column column = check.getKey();
      String label =
          column.label().isEmpty() ? fileSystemType(column, check.getValue()) : column.label();
      if (labels.contains(label)) {
        throw new InvalidInputException(
            "two directories are labelled "
                + label
                + " (the second is "
                + column.path()
                + "); label each column, e.g. --dir nfs="
                + column.path());
      }
      labels.add(label);
    }
    return labels;
  }

  private static String fileSystemType(ClusterComparison.Column column, ClusterResult check) {
    Set<String> types = new LinkedHashSet<>();
    for (ClientResult client : check.clients()) {
      types.add(client.run().volume().applied().fileSystemType());
    }
    if (types.size() != 1) {
      throw new InvalidInputException(
          "the agents see different filesystems at "
              + column.path()
              + " ("
              + types
              + "); a comparison column is one shared filesystem: mount the same one on every"
              + " client, or label the column (LABEL="
              + column.path()
              + ") to compare it as it is");
    }
    return types.iterator().next();
  }

  /** The cell's parameters for the report: the workload's, and how the clients ran it. */
  private static Map<String, String> parameters(ClusterWork work, ClusterComparison spec) {
    Map<String, String> parameters = new LinkedHashMap<>(work.parameters());
    parameters.put("cluster.clients", Integer.toString(spec.clients()));
    parameters.put(
        "cluster.directory",
        spec.perClientDir() ? "per client" : spec.sharedDir() ? "shared" : "own subdirectory");
    if (spec.stonewall()) {
      parameters.put("cluster.stonewall", "on");
    }
    return parameters;
  }

  /** What the runs had in common, for the report's note: clients, hosts and the start skew. */
  private static final class Runs {
    private final Set<String> clients = new LinkedHashSet<>();
    private int count;
    private Duration maxSkew = Duration.ZERO;
    private Duration maxOverhead = Duration.ZERO;

    void add(ClusterResult result) {
      count++;
      for (ClientResult client : result.clients()) {
        clients.add(client.hostname() + " (" + client.address() + ")");
      }
      if (result.startSkew().compareTo(maxSkew) > 0) {
        maxSkew = result.startSkew();
      }
      if (result.controllerOverhead().compareTo(maxOverhead) > 0) {
        maxOverhead = result.controllerOverhead();
      }
    }

    String summary(ClusterComparison spec) {
      return String.format(
          Locale.ROOT,
          "a cluster comparison: every run on %d client(s) at once (%s), each figure the \"All"
              + " clients\" aggregate (bytes and operations summed over the union of the clients'"
              + " windows); start skew at most %.3f ms over %d run(s), controller overhead at most"
              + " %.3f s; the agents cannot drop their page cache, so each cell had a discarded"
              + " warm-up run; each run's per-client results are in report.json under \"tool\"",
          spec.clients(),
          String.join(", ", clients),
          maxSkew.toNanos() / 1e6,
          count,
          maxOverhead.toNanos() / 1e9);
    }
  }
}
