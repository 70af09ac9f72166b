package io.fsbench.core.compare;

import io.fsbench.api.AgingSpec;
import io.fsbench.api.Availability;
import io.fsbench.api.CacheState;
import io.fsbench.api.CellId;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.Environment;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.PluginInfo;
import io.fsbench.api.SkippedFileSystem;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import io.fsbench.api.VolumePolicy;
import io.fsbench.api.Workload;
import io.fsbench.api.WorkloadResult;
import io.fsbench.core.engine.RunContext;
import io.fsbench.core.engine.WorkloadRunners;
import io.fsbench.core.volume.RestorableVolume;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a comparison: every cell (workload × filesystem × tuning) is repeated in rounds, one
 * repetition of each cell per round, so that drift of the machine over time hits all cells alike.
 * Each run gets the cache state the settings ask for and a fresh directory; volumes are fresh per
 * cell or per repetition. What a run measured goes to the {@link ComparisonRecorder}. Aged cells
 * ({@link ComparisonPlan#aging}) sit beside the fresh ones: their volume is aged once ({@link
 * AgedVolume}) and its kept image restored before each later run.
 *
 * <p>A little over 400 lines: the rounds, the lifecycle runs and the aged cells share the cells'
 * state, which splitting would have to pass around; the aging itself is in {@link AgedVolume}.
 */
public final class ComparisonRunner {

  private static final Logger log = LoggerFactory.getLogger(ComparisonRunner.class);

  /** Makes volumes; {@code FsBench::volume} in production. */
  @FunctionalInterface
  public interface VolumeMaker {
    Volume make(String fileSystem, Target target, Tuning tuning);
  }

  private final VolumeMaker volumes;
  private final List<PluginInfo> plugins;
  private final WorkloadRunners runners;
  private final Runnable dropCaches;
  private final Clock clock;
  private final AtomicBoolean cancelled;

  public ComparisonRunner(
      VolumeMaker volumes,
      List<PluginInfo> plugins,
      WorkloadRunners runners,
      Runnable dropCaches,
      Clock clock,
      AtomicBoolean cancelled) {
    this.volumes = volumes;
    this.plugins = List.copyOf(plugins);
    this.runners = runners;
    this.dropCaches = dropCaches;
    this.clock = clock;
    this.cancelled = cancelled;
  }

  /**
   * One cell being run: its recorder, its workload, the aging of its volume if any and, per cell,
   * its volume.
   */
  private static final class Cell {
    final CellId id;
    final Workload workload;
    final CellRecorder recorder;
    final AgingSpec aging;
    Volume volume;
    int runs;
    boolean finished;

    /** Whether the volume is as aging left it, so the next run needs no restore. */
    boolean justAged;

    Cell(CellId id, Workload workload, CellRecorder recorder, AgingSpec aging) {
      this.id = id;
      this.workload = workload;
      this.recorder = recorder;
      this.aging = aging;
    }
  }

  public Comparison run(
      ComparisonPlan plan,
      ComparisonSettings settings,
      Environment environment,
      ComparisonListener listener) {
    ComparisonRecorder recorder =
        new ComparisonRecorder(settings, environment, plugins, clock, listener);
    List<String> fileSystems = fileSystems(plan, settings, recorder);
    List<Cell> cells = new ArrayList<>();
    for (Workload workload : runnableWorkloads(plan, settings, recorder)) {
      OptionalLong workingSet = runners.workingSet(workload);
      if (workingSet.isPresent()) {
        recorder.workingSet(workload.spec().name(), workingSet.getAsLong());
      }
      for (String fs : fileSystems) {
        for (Tuning tuning :
            settings.target().formats() ? plan.tuningsOf(fs) : List.of(Tuning.defaults())) {
          CellId id = new CellId(fs, tuning, workload.name());
          cells.add(new Cell(id, workload, recorder.cell(id, runners.parameters(workload)), null));
        }
      }
    }
    plan.aging().ifPresent(aging -> cells.addAll(agedCells(cells, aging, recorder)));
    try {
      if (settings.cache() == CacheState.WARM) {
        for (Cell cell : cells) {
          runOnce(cell, settings, listener, cells, true);
        }
      }
      for (int round = 0; !cancelled.get(); round++) {
        List<Cell> pending = cells.stream().filter(c -> c.recorder.needsAnother()).toList();
        if (pending.isEmpty()) {
          break;
        }
        // Rotate the order each round so that no cell always runs first (or right after another).
        for (int i = 0; i < pending.size() && !cancelled.get(); i++) {
          Cell cell = pending.get((i + round) % pending.size());
          runOnce(cell, settings, listener, cells, false);
          if (!cell.recorder.needsAnother()) {
            finish(cell);
          }
        }
      }
    } finally {
      for (Cell cell : cells) {
        finish(cell);
      }
    }
    if (cancelled.get()) {
      recorder.warn("the comparison was interrupted; cells show the runs made before that");
    }
    return recorder.finish();
  }

  /**
   * Beside each fresh cell, the same on an aged volume, named {@link ComparisonPlan#agedName}, its
   * parameters saying how it was aged. A workload that makes its own volumes has no aged cell.
   */
  private List<Cell> agedCells(List<Cell> fresh, AgingSpec aging, ComparisonRecorder recorder) {
    List<Cell> aged = new ArrayList<>();
    for (Cell cell : fresh) {
      if (runners.makesVolumes(cell.workload)) {
        continue;
      }
      CellId id =
          new CellId(
              cell.id.fileSystem(), cell.id.tuning(), ComparisonPlan.agedName(cell.id.workload()));
      java.util.Map<String, String> parameters =
          new java.util.TreeMap<>(runners.parameters(cell.workload));
      parameters.put("aged", aging.label());
      aged.add(new Cell(id, cell.workload, recorder.cell(id, parameters), aging));
    }
    return aged;
  }

  /**
   * The plan's workloads less those the target cannot run: a directory target cannot make the
   * filesystems that fs-lifecycle times, so that workload is left out with a warning; a plan of
   * nothing else is refused before anything runs.
   */
  private List<Workload> runnableWorkloads(
      ComparisonPlan plan, ComparisonSettings settings, ComparisonRecorder recorder) {
    if (settings.target().formats()) {
      return plan.workloads();
    }
    List<Workload> runnable = new ArrayList<>();
    for (Workload workload : plan.workloads()) {
      if (runners.makesVolumes(workload)) {
        recorder.warn(
            workload.name()
                + " was left out: it times mkfs, mount and unmount, which a directory target"
                + " cannot do; compare on loop volumes (--fs) or a device to include it");
      } else {
        runnable.add(workload);
      }
    }
    if (runnable.isEmpty()) {
      throw new InvalidInputException(
          "nothing to compare on the directory "
              + ((Target.Directory) settings.target()).path()
              + ": "
              + plan.workloads().stream().map(Workload::name).toList()
              + " makes filesystems, which a directory target cannot; compare on loop volumes"
              + " (--fs) or a device, or choose other workloads");
    }
    return runnable;
  }

  /** Releases a cell's volume as soon as it needs no more runs, and tells the listener once. */
  private static void finish(Cell cell) {
    closeVolume(cell);
    if (!cell.finished) {
      cell.finished = true;
      cell.recorder.finished();
    }
  }

  private List<String> fileSystems(
      ComparisonPlan plan, ComparisonSettings settings, ComparisonRecorder recorder) {
    if (!settings.target().formats()) {
      Target.Directory dir = (Target.Directory) settings.target();
      return List.of(directoryLabel(dir.path()));
    }
    List<String> requested = plan.fileSystems();
    if (requested.isEmpty()) {
      // Every plugin, the baseline first: tables and the overview read from it.
      List<String> all = new ArrayList<>(plugins.stream().map(PluginInfo::id).toList());
      if (all.remove(settings.baseline())) {
        all.add(0, settings.baseline());
      }
      requested = all;
    }
    for (String tuned : plan.tunings().keySet()) {
      if (!requested.contains(tuned)) {
        throw new InvalidInputException(
            "a tuning is given for "
                + tuned
                + ", which is not compared; compare "
                + requested
                + (plan.fileSystems().isEmpty() ? "" : " or add " + tuned + " to them"));
      }
    }
    List<String> runnable = new ArrayList<>();
    for (String id : requested) {
      PluginInfo info =
          plugins.stream()
              .filter(p -> p.id().equals(id))
              .findFirst()
              .orElseThrow(
                  () ->
                      new InvalidInputException(
                          "unknown filesystem '"
                              + id
                              + "'; plugins: "
                              + plugins.stream().map(PluginInfo::id).toList()));
      Availability availability = info.availability();
      if (availability.isAvailable()) {
        runnable.add(id);
      } else {
        recorder.skipped(SkippedFileSystem.of(id, availability));
      }
    }
    if (runnable.isEmpty()) {
      throw new FsBenchException(
          FsBenchException.Kind.ENVIRONMENT,
          "none of the filesystems " + requested + " is available here; see 'fsbench plugins'");
    }
    return runnable;
  }

  /** A directory target is labelled by the filesystem it lives on, e.g. {@code ext4}. */
  static String directoryLabel(Path directory) {
    try {
      return Files.getFileStore(directory).type();
    } catch (IOException e) {
      return "dir";
    }
  }

  private void runOnce(
      Cell cell,
      ComparisonSettings settings,
      ComparisonListener listener,
      List<Cell> all,
      boolean warmUp) {
    if (cell.recorder.isFailed()) {
      return;
    }
    listener.cellStarted(cell.id, all.indexOf(cell) + 1, all.size());
    if (runners.makesVolumes(cell.workload)) {
      runLifecycle(cell, settings, warmUp);
      return;
    }
    Path dir = null;
    try {
      Volume volume = volumeFor(cell, settings, listener);
      if (cell.aging != null && !cell.justAged) {
        ((RestorableVolume) volume).restore();
      }
      cell.justAged = false;
      prepareCache(volume, settings);
      dir = volume.mountPoint().resolve("fsbench-run-" + (++cell.runs));
      Files.createDirectory(dir);
      Instant start = clock.instant();
      long t0 = System.nanoTime();
      WorkloadResult result =
          NamedResult.of(
              cell.id.workload(),
              runners.run(cell.workload, new RunContext(dir, volume, f -> {}, cancelled)));
      Duration took = Duration.ofNanos(System.nanoTime() - t0);
      if (volume.device().isPresent()) {
        result = LaidOutResult.of(result, LayoutScore.of(dir));
      }
      if (warmUp) {
        cell.recorder.warmUp(result, start, took);
      } else {
        cell.recorder.measured(result, start, took);
      }
    } catch (RuntimeException | IOException e) {
      log.warn("{} failed: {}", cell.id, e.getMessage());
      cell.recorder.failed(e.getMessage() == null ? e.toString() : e.getMessage());
      closeVolume(cell);
    } finally {
      removeQuietly(dir);
      // An aged cell's volume stays: each run restores the kept aged image instead.
      if (settings.volumes() == VolumePolicy.FRESH_PER_REPETITION && cell.aging == null) {
        closeVolume(cell);
      }
    }
  }

  /**
   * A workload that measures the volume itself (fs-lifecycle) gets a fresh one each run, made here
   * and destroyed after its runner has timed it.
   */
  private void runLifecycle(Cell cell, ComparisonSettings settings, boolean warmUp) {
    Target target = settings.target();
    Instant start = clock.instant();
    long t0 = System.nanoTime();
    try (Volume volume = volumes.make(cell.id.fileSystem(), target, cell.id.tuning())) {
      if (cell.recorder.measuredCount() == 0) {
        cell.recorder.applied(volume.applied());
      }
      WorkloadResult result =
          NamedResult.of(
              cell.workload.name(),
              runners.run(
                  cell.workload, new RunContext(volume.mountPoint(), volume, f -> {}, cancelled)));
      Duration took = Duration.ofNanos(System.nanoTime() - t0);
      if (warmUp) {
        cell.recorder.warmUp(result, start, took);
      } else {
        cell.recorder.measured(result, start, took);
      }
    } catch (RuntimeException e) {
      log.warn("{} failed: {}", cell.id, e.getMessage());
      cell.recorder.failed(e.getMessage() == null ? e.toString() : e.getMessage());
    }
  }

  private Volume volumeFor(Cell cell, ComparisonSettings settings, ComparisonListener listener) {
    if (cell.volume == null) {
      Target target = settings.target();
      cell.volume =
          volumes.make(target.formats() ? cell.id.fileSystem() : null, target, cell.id.tuning());
      cell.recorder.applied(cell.volume.applied());
      if (cell.aging != null) {
        listener.note(
            "aging "
                + cell.id.fileSystem()
                + " for "
                + cell.id.workload()
                + ": "
                + cell.aging.label());
        AgedVolume aged =
            AgedVolume.age(
                cell.volume,
                cell.aging,
                runners,
                cancelled,
                fraction -> listener.agingProgress(cell.id, fraction));
        cell.recorder.aged(aged.summary());
        cell.justAged = true;
        listener.note(aged.note(cell.id));
      }
    }
    return cell.volume;
  }

  private void prepareCache(Volume volume, ComparisonSettings settings) {
    switch (settings.cache()) {
      case COLD_DROP_CACHES -> dropCaches.run();
      case COLD_REMOUNT -> volume.remount();
      case WARM -> {}
    }
  }

  private static void closeVolume(Cell cell) {
    if (cell.volume != null) {
      try {
        cell.volume.close();
      } catch (RuntimeException e) {
        log.error("could not release the volume of {}: {}", cell.id, e.getMessage());
      } finally {
        cell.volume = null;
      }
    }
  }

  /** Removes a run's directory after it (not timed); never follows links out of it. */
  private static void removeQuietly(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | RuntimeException e) {
      log.warn("could not remove {}: {}", dir, e.getMessage());
    }
  }
}
