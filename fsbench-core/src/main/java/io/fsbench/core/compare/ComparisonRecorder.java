package io.fsbench.core.compare;

import io.fsbench.api.CellId;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.Environment;
import io.fsbench.api.PluginInfo;
import io.fsbench.api.SkippedFileSystem;
import io.fsbench.api.Tuning;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a comparison runner fills as it goes; {@link #finish()} computes the statistics, ratios and
 * warnings and returns the {@link Comparison} every report is written from.
 *
 * <pre>{@code
 * ComparisonRecorder recorder = new ComparisonRecorder(settings, environment, plugins, clock, listener);
 * recorder.skipped(new SkippedFileSystem("zfs", "zfs not found", "apt-get install zfsutils-linux"));
 * CellRecorder cell = recorder.cell(new CellId("xfs", tuning, job.name()), parameters);
 * cell.applied(volume.applied());
 * while (cell.needsAnother()) {
 *   Instant start = clock.instant();
 *   WorkloadResult result = run(job);
 *   cell.measured(result, start, Duration.between(start, clock.instant()));
 * }
 * cell.finished();
 * Comparison comparison = recorder.finish();
 * }</pre>
 *
 * <p>Cells may be filled in any interleaving; the comparison lists them by workload, then
 * filesystem, then tuning, each in the order first seen. The recorder tells the listener about
 * skipped filesystems, finished runs, finished cells ({@link CellRecorder#finished()}, without
 * baseline ratios, since the baseline may not have run yet) and the end; {@code cellStarted} is the
 * runner's to call, as only it knows the schedule.
 */
public final class ComparisonRecorder {

  private final ComparisonSettings settings;
  private final Environment environment;
  private final List<PluginInfo> plugins;
  private final Clock clock;
  private final ComparisonListener listener;
  private final Instant started;
  private final Map<CellId, CellRecorder> cells = new LinkedHashMap<>();
  private final List<SkippedFileSystem> skipped = new ArrayList<>();
  private final Map<String, Long> workingSets = new LinkedHashMap<>();
  private final List<String> warnings = new ArrayList<>();

  /** Starts the comparison's clock. */
  public ComparisonRecorder(
      ComparisonSettings settings,
      Environment environment,
      List<PluginInfo> plugins,
      Clock clock,
      ComparisonListener listener) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.environment = Objects.requireNonNull(environment, "environment");
    this.plugins = List.copyOf(plugins);
    this.clock = Objects.requireNonNull(clock, "clock");
    this.listener = Objects.requireNonNull(listener, "listener");
    this.started = clock.instant();
  }

  public ComparisonSettings settings() {
    return settings;
  }

  /** Records a filesystem that will not run, and tells the listener. */
  public void skipped(SkippedFileSystem fileSystem) {
    synchronized (this) {
      skipped.add(Objects.requireNonNull(fileSystem, "fileSystem"));
    }
    listener.fileSystemSkipped(fileSystem);
  }

  /**
   * Opens a cell.
   *
   * @param parameters the workload's effective parameters, for the record
   * @throws IllegalStateException when the cell was opened before
   */
  public synchronized CellRecorder cell(CellId id, Map<String, String> parameters) {
    if (cells.containsKey(id)) {
      throw new IllegalStateException("cell " + id + " was opened twice; keep its CellRecorder");
    }
    CellRecorder cell = new CellRecorder(id, parameters, settings.repetitions(), listener);
    cells.put(id, cell);
    return cell;
  }

  public CellRecorder cell(
      String fileSystem, Tuning tuning, String workload, Map<String, String> parameters) {
    return cell(new CellId(fileSystem, tuning, workload), parameters);
  }

  /**
   * How many bytes a workload touches, for the warning about working sets that fit in RAM. Leave
   * out workloads that bypass the page cache (O_DIRECT), whose numbers are the disk's anyway.
   */
  public synchronized void workingSet(String workload, long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException(
          "working set of " + workload + " (" + bytes + " bytes) must not be negative");
    }
    workingSets.merge(workload, bytes, Math::max);
  }

  /** A warning of the runner's own, reported after fsbench's. */
  public synchronized void warn(String warning) {
    if (warning == null || warning.isBlank()) {
      throw new IllegalArgumentException("a warning needs words");
    }
    warnings.add(warning.strip());
  }

  /** The comparison as it stands: statistics, ratios to the baseline and warnings. */
  public Comparison finish() {
    Comparison comparison;
    synchronized (this) {
      List<ComparisonCell> snapshots = new ArrayList<>();
      for (CellRecorder cell : ordered()) {
        snapshots.add(cell.snapshot());
      }
      List<ComparisonCell> withRatios = Baselines.withRatios(snapshots, settings.baseline());
      List<String> all =
          new ArrayList<>(
              ComparisonWarnings.of(settings, environment, withRatios, skipped, workingSets));
      all.addAll(warnings);
      Instant finished = clock.instant();
      comparison =
          new Comparison(
              settings,
              environment,
              withRatios,
              skipped,
              plugins,
              all,
              started,
              finished.isBefore(started) ? started : finished);
    }
    listener.done(comparison);
    return comparison;
  }

  private List<CellRecorder> ordered() {
    List<String> workloads = new ArrayList<>();
    List<String> fileSystems = new ArrayList<>();
    List<Tuning> tunings = new ArrayList<>();
    for (CellId id : cells.keySet()) {
      addOnce(workloads, id.workload());
      addOnce(fileSystems, id.fileSystem());
      addOnce(tunings, id.tuning());
    }
    List<CellRecorder> ordered = new ArrayList<>(cells.values());
    ordered.sort(
        Comparator.comparingInt((CellRecorder c) -> workloads.indexOf(c.id().workload()))
            .thenComparingInt(c -> fileSystems.indexOf(c.id().fileSystem()))
            .thenComparingInt(c -> tunings.indexOf(c.id().tuning())));
    return ordered;
  }

  private static <T> void addOnce(List<T> list, T value) {
    if (!list.contains(value)) {
      list.add(value);
    }
  }
}
