package io.fsbench;

import io.fsbench.api.AgingSpec;
import io.fsbench.api.CacheState;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.CpuPlacement;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.PluginInfo;
import io.fsbench.api.RepetitionPolicy;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.VolumePolicy;
import io.fsbench.api.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Configures and runs a comparison of filesystems × tunings × workloads. Defaults: every available
 * filesystem, the classic workloads ({@link Workloads#classic()}), 3 repetitions, cold cache
 * (dropped before each run), a fresh loop volume per cell sized to fit the workloads (512 MiB for
 * the classic ones), each workload's own run length (8 s for the block presets), the first
 * filesystem given (or else the first available one by id) as the baseline.
 *
 * <pre>{@code
 * Comparison c = FsBench.defaults().compare()
 *     .fileSystems("ext4", "xfs", "btrfs")
 *     .tune("btrfs", Tuning.parse(List.of("compression=zstd:1")))
 *     .repeat(5)
 *     .run();
 * }</pre>
 */
public final class ComparisonBuilder {

  private final FsBench fsbench;
  private final List<String> fileSystems = new ArrayList<>();
  private final Map<String, List<Tuning>> tunings = new LinkedHashMap<>();
  private final List<Workload> workloads = new ArrayList<>();
  private final ComparisonSettings.Builder settings = ComparisonSettings.builder();
  private String baseline;
  private String preset;
  private Map<String, String> presetParameters = Map.of();
  private java.util.Optional<Duration> budget = java.util.Optional.empty();
  private boolean targetGiven;
  private String repetitionsGiven;
  private ComparisonListener listener = new ComparisonListener() {};
  private List<Integer> cpusAllowed = List.of();
  private java.util.Optional<AgingSpec> aging = java.util.Optional.empty();

  ComparisonBuilder(FsBench fsbench) {
    this.fsbench = fsbench;
  }

  /** The filesystems to compare, by plugin id; default every available one. */
  public ComparisonBuilder fileSystems(String... ids) {
    fileSystems.addAll(List.of(ids));
    return this;
  }

  public ComparisonBuilder fileSystems(List<String> ids) {
    fileSystems.addAll(ids);
    return this;
  }

  /**
   * Adds a tuning to run a filesystem with. A filesystem given tunings runs with exactly those; add
   * {@link Tuning#defaults()} too to keep its defaults in the comparison.
   */
  public ComparisonBuilder tune(String fileSystem, Tuning tuning) {
    tunings.computeIfAbsent(fileSystem, k -> new ArrayList<>()).add(Objects.requireNonNull(tuning));
    return this;
  }

  /** The workloads; default {@link Workloads#classic()}. */
  public ComparisonBuilder workloads(Workload... workloads) {
    return workloads(List.of(workloads));
  }

  public ComparisonBuilder workloads(List<? extends Workload> workloads) {
    if (preset != null) {
      throw new InvalidInputException(
          "preset " + preset + " chooses the workloads; give a preset or workloads, not both");
    }
    this.workloads.addAll(workloads);
    return this;
  }

  /**
   * Runs a named seed table ({@link ComparisonPresets}): its workloads, with the original
   * parameters scaled where the machine needs it; the reports name it, list the scaling and label
   * each row with the original table's row.
   *
   * <pre>{@code
   * Comparison c = fsbench.compare().fileSystems("ext4", "xfs").preset("classic-table").run();
   * }</pre>
   */
  public ComparisonBuilder preset(String name) {
    return preset(name, Map.of());
  }

  /** {@link #preset(String)} with its parameters: {@code scale=0.1}, {@code archive=PATH}. */
  public ComparisonBuilder preset(String name, Map<String, String> parameters) {
    if (!workloads.isEmpty() || preset != null) {
      throw new InvalidInputException(
          "preset "
              + name
              + " chooses the workloads, and "
              + (preset != null ? "preset " + preset : "workloads")
              + " were given already; give one preset or workloads, not both");
    }
    ComparisonPresets.Plan plan = ComparisonPresets.plan(name, parameters, freeBytes());
    this.workloads.addAll(plan.workloads());
    settings.preset(plan.info());
    preset = plan.info().name();
    presetParameters = Map.copyOf(parameters);
    budget = plan.budget();
    return this;
  }

  private long freeBytes() {
    java.nio.file.Path dir = fsbench.workDir();
    while (dir != null && !java.nio.file.Files.exists(dir)) {
      dir = dir.getParent();
    }
    try {
      return dir == null ? Long.MAX_VALUE : java.nio.file.Files.getFileStore(dir).getUsableSpace();
    } catch (java.io.IOException e) {
      return Long.MAX_VALUE; // unknown free space caps nothing; only scale= shrinks
    }
  }

  /** Measured runs per cell (default 3). */
  public ComparisonBuilder repeat(int count) {
    repetitions("repeat(" + count + ")");
    settings.repeat(count);
    return this;
  }

  /** Repeat each cell until its 95% CI half-width is under {@code percent} of its mean. */
  public ComparisonBuilder repeatUntilPrecise(double percent, int minimum, int maximum) {
    repetitions("repeatUntilPrecise(" + percent + ", " + minimum + ", " + maximum + ")");
    settings.repetitions(RepetitionPolicy.untilPrecise(percent, minimum, maximum));
    return this;
  }

  /** One way to say how often cells run: a second would silently replace the first. */
  private void repetitions(String verb) {
    if (repetitionsGiven != null) {
      throw new InvalidInputException(
          verb
              + " and "
              + repetitionsGiven
              + " both say how often each cell runs (--repeat and --until-ci); give one");
    }
    repetitionsGiven = verb;
  }

  public ComparisonBuilder cache(CacheState cache) {
    settings.cache(cache);
    return this;
  }

  public ComparisonBuilder volumes(VolumePolicy policy) {
    settings.volumes(policy);
    return this;
  }

  /**
   * The run time of each time-based block workload; zero (the default) keeps each workload's own. A
   * block workload that ends when its size is done (not time based) is refused with it rather than
   * cut short.
   */
  public ComparisonBuilder runtime(Duration runtime) {
    JobSpec.atMostMaxTime("runtime", runtime);
    settings.runtime(runtime);
    return this;
  }

  /**
   * Where volumes live: loop images, a device, or a directory. Without it, loop images are sized to
   * fit the workloads: 512 MiB, or more for workloads that need it (a million files, a 4 GiB file).
   * A loop size given here is checked against the workloads before anything runs.
   */
  public ComparisonBuilder target(Target target) {
    settings.target(target);
    targetGiven = true;
    return this;
  }

  /**
   * The filesystem every other is compared with; by default the first one given, or the first
   * available one by id when none is given.
   */
  public ComparisonBuilder baseline(String fileSystem) {
    this.baseline = fileSystem;
    return this;
  }

  /**
   * Pins every block job's threads to these CPUs, as fio's {@code cpus_allowed} (shared by the
   * job's clones); each job's parameters then name them. Only block workloads run on threads
   * fsbench pins, so a comparison of any other workload with CPUs given is refused. A CPU the
   * machine lacks is refused before anything is made.
   *
   * <pre>{@code
   * fsbench.compare().workloads(Workloads.named("randread-4k")).cpusAllowed(List.of(0)).run();
   * }</pre>
   */
  public ComparisonBuilder cpusAllowed(List<Integer> cpus) {
    this.cpusAllowed = CpuPlacement.NONE.cpus(cpus).cpus();
    return this;
  }

  /**
   * Runs every workload also on aged volumes, beside the fresh ones: each such cell's volume is
   * aged once, before its first run, and its image kept, so that every repetition starts from the
   * same aged state. The report shows the aged cells as {@code WORKLOAD-aged} rows, and how each
   * volume was aged, how long it took and its free-space fragmentation before and after under
   * warnings. Loop volumes only.
   *
   * <pre>{@code
   * fsbench.compare().fileSystems("ext4", "xfs").aged(AgingSpec.parse("desktop:fullness=80%")).run();
   * }</pre>
   */
  public ComparisonBuilder aged(AgingSpec aging) {
    if (this.aging.isPresent()) {
      throw new InvalidInputException(
          "aged is given twice ("
              + this.aging.get().label()
              + " and "
              + Objects.requireNonNull(aging, "aging").label()
              + "); a comparison ages its volumes one way, give one");
    }
    this.aging = java.util.Optional.of(Objects.requireNonNull(aging, "aging"));
    return this;
  }

  /**
   * {@link #aged(AgingSpec)} from its text, {@code PROFILE[:key=value,...]}, e.g. {@code
   * desktop:fullness=80%}.
   *
   * @throws InvalidInputException for an unknown profile or setting
   */
  public ComparisonBuilder aged(String aging) {
    return aged(AgingSpec.parse(aging));
  }

  /** Progress callbacks. */
  public ComparisonBuilder listener(ComparisonListener listener) {
    this.listener = Objects.requireNonNull(listener, "listener");
    return this;
  }

  /** Runs the comparison; volumes are made and destroyed as it goes. */
  public Comparison run() {
    List<Workload> chosen = workloads.isEmpty() ? Workloads.classic() : List.copyOf(workloads);
    checkBaseline();
    checkAging();
    ComparisonSettings built = settings.baseline(baseline(chosen)).build();
    if (budget.isPresent()) {
      ComparisonPresets.Plan fitted = fitToBudget(budget.get(), built);
      chosen = fitted.workloads();
      built = settings.preset(fitted.info()).build();
    }
    List<Workload> timed = timed(chosen, built);
    List<String> notes = new ArrayList<>();
    for (Workload w : chosen) {
      // A comparison preset's scaling notes say already how its workloads differ from the table.
      List<String> changed = preset != null ? List.of() : Workloads.differencesFromPreset(w);
      if (!changed.isEmpty()) {
        notes.add(
            w.name()
                + " differs from its preset in "
                + String.join(", ", changed)
                + ": its rows measure that, not the preset");
      }
    }
    Comparison comparison =
        fsbench.runComparison(fileSystems, tunings, timed, aging, built, !targetGiven, listener);
    if (notes.isEmpty()) {
      return comparison;
    }
    notes.addAll(comparison.warnings());
    return new Comparison(
        comparison.settings(),
        comparison.environment(),
        comparison.cells(),
        comparison.skipped(),
        comparison.plugins(),
        notes,
        comparison.started(),
        comparison.finished());
  }

  private List<Workload> timed(List<Workload> chosen, ComparisonSettings built) {
    List<Workload> timed = new ArrayList<>();
    for (Workload w : chosen) {
      timed.add(fsbench.runners().withRuntime(pinned(w), built.runtime()));
    }
    return timed;
  }

  /**
   * The preset's plan fitted to its time budget ({@link PresetBudget}): its rows timed once per
   * filesystem and tuning at two small scales, with the settings of the comparison but one run a
   * cell, then the slowest rows shrunk until the whole fits.
   */
  private ComparisonPresets.Plan fitToBudget(Duration budget, ComparisonSettings built) {
    ComparisonSettings once =
        new ComparisonSettings(
            RepetitionPolicy.fixed(1),
            built.cache() == CacheState.WARM ? CacheState.COLD_DROP_CACHES : built.cache(),
            built.volumes(),
            built.runtime(),
            built.target(),
            "",
            java.util.Optional.empty());
    int runsPerCell = built.repetitions().maximum() + (built.cache() == CacheState.WARM ? 1 : 0);
    return PresetBudget.fit(
        preset,
        presetParameters,
        freeBytes(),
        budget,
        runsPerCell,
        (ws, timer) ->
            fsbench.runComparison(
                fileSystems,
                tunings,
                timed(ws, once),
                java.util.Optional.empty(),
                once,
                !targetGiven,
                timer),
        listener,
        System::nanoTime);
  }

  /** The workload with its threads pinned to {@link #cpusAllowed}, if any were given. */
  private Workload pinned(Workload w) {
    if (cpusAllowed.isEmpty()) {
      return w;
    }
    return fsbench.runners().pinned(w, cpusAllowed);
  }

  /** Aging fills volumes fsbench makes and keeps their images: never a directory or a budget. */
  private void checkAging() {
    if (aging.isEmpty()) {
      return;
    }
    Target target = settings.build().target();
    if (!(target instanceof Target.Loop)) {
      throw new InvalidInputException(
          "aged ("
              + aging.get().label()
              + ") needs volumes on loop images, whose aged image fsbench keeps and restores; "
              + (target instanceof Target.Directory
                  ? "a directory's filesystem is not fsbench's to fill"
                  : "a device has no image to keep")
              + ": compare with --fs and no --dir or --device");
    }
    if (budget.isPresent()) {
      throw new InvalidInputException(
          "aged ("
              + aging.get().label()
              + ") and a preset's time budget do not go together: the budget does not count the"
              + " aging; drop the budget or the aging");
    }
  }

  /** A baseline given must be compared, or every ratio is missing after the whole run. */
  private void checkBaseline() {
    if (baseline == null) {
      return;
    }
    if (settings.build().target() instanceof Target.Directory) {
      throw new InvalidInputException(
          "baseline ("
              + baseline
              + ") cannot be compared with: a directory target compares one filesystem; drop"
              + " the baseline, or compare on loop volumes");
    }
    List<String> compared = compared();
    if (!compared.contains(baseline)) {
      throw new InvalidInputException(
          "baseline ("
              + baseline
              + ") is not one of the filesystems compared ("
              + String.join(", ", compared)
              + "); add it to them (--fs) or choose one of them");
    }
  }

  private String baseline(List<Workload> chosen) {
    if (baseline != null) {
      return baseline;
    }
    if (settings.build().target() instanceof Target.Directory) {
      return ""; // one directory, one filesystem: nothing to compare it with
    }
    return defaultBaseline();
  }

  /** The first filesystem given, or else the first available one by id; empty for none. */
  String defaultBaseline() {
    List<String> compared = compared();
    return compared.isEmpty() ? "" : compared.get(0);
  }

  /** The filesystems given, in order, or else every available one, by id. */
  private List<String> compared() {
    return fileSystems.isEmpty()
        ? fsbench.plugins().stream()
            .filter(p -> p.availability().isAvailable())
            .map(PluginInfo::id)
            .toList()
        : fileSystems;
  }
}
