package io.fsbench.cli;

import io.fsbench.ComparisonBuilder;
import io.fsbench.ComparisonPresets;
import io.fsbench.FsBench;
import io.fsbench.Reports;
import io.fsbench.Workloads;
import io.fsbench.api.CacheState;
import io.fsbench.api.Comparison;
import io.fsbench.api.CpuPlacement;
import io.fsbench.api.DataLossConsent;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.VolumePolicy;
import io.fsbench.api.Workload;
import io.fsbench.core.host.IoErrors;
import io.fsbench.core.jobfile.JobOptionParser;
import io.fsbench.core.volume.OpenVolumes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fsbench compare}: the main job. With no arguments it reproduces the classic comparison on
 * every available filesystem, prints the table and writes the report.
 *
 * <p>Why this class is over 400 lines: it holds the command's picocli options, each declared with
 * its help text, and the checks of how they combine (a directory with filesystems, a device without
 * consent), which a user meets as one command; the comparison itself is the library's.
 */
@Command(
    name = "compare",
    description =
        "Compare filesystems on workloads with repetitions and statistics; print the table and"
            + " write an HTML/JSON/CSV/Markdown report.")
final class CompareCommand implements Callable<Integer> {

  private static final String DEFAULT_BASELINE = "ext4";

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--fs",
      split = ",",
      paramLabel = "ID",
      description = "Filesystems (default: every available one).")
  List<String> fileSystems = new ArrayList<>();

  @Option(
      names = "--workloads",
      split = ",",
      paramLabel = "NAME",
      description =
          "Workloads (default: classic = seqwrite,seqread,randwrite). Known: ${COMPLETION-CANDIDATES}",
      completionCandidates = WorkloadNames.class)
  List<String> workloads = new ArrayList<>();

  @Option(
      names = "--preset",
      paramLabel = "NAME",
      description =
          "A seed table instead of --workloads: classic-io, classic-table or tar-rm, its original"
              + " parameters scaled to this machine where they would not fit (the report says how).")
  String preset;

  @Option(
      names = "--preset-param",
      paramLabel = "K=V",
      description =
          "A parameter of --preset, repeatable: scale=0.1 shrinks every size, count and sample time"
              + " for a quick run; archive=PATH gives tar-rm its archive.")
  List<String> presetParams = new ArrayList<>();

  @Option(
      names = "--preset-tunings",
      description =
          "Also compare the tunings of the preset's table (classic-table: ext4 noatime,nodiratime,"
              + "data=writeback,barrier=0 and ext4 without a journal; xfs and btrfs noatime,"
              + "nodiratime), besides the defaults.")
  boolean presetTunings;

  @Option(
      names = "--param",
      paramLabel = "[WORKLOAD:]K=V",
      description =
          "A workload parameter, e.g. bs=64k or randread:iodepth=32 (fio options for block workloads).")
  List<String> params = new ArrayList<>();

  @Option(
      names = "--runtime",
      paramLabel = "TIME",
      description = "Run time of each block workload (default: 8s).")
  String runtime;

  @Option(
      names = "--repeat",
      paramLabel = "N",
      description = "Measured runs per cell (default: 3).")
  Integer repeat;

  @Option(
      names = "--until-ci",
      paramLabel = "PCT",
      description =
          "Repeat until the 95%% CI half-width is under PCT%% of the mean (3 to 20 runs).")
  Double untilCi;

  @Option(
      names = "--baseline",
      paramLabel = "ID",
      description = "Filesystem to compare with (default: the first of --fs; ext4 without --fs).")
  String baseline;

  @Option(
      names = "--tune",
      paramLabel = "FS:K=V",
      description = "Tune one filesystem, repeatable: btrfs:compression=zstd:1, xfs:logbsize=256k.")
  List<String> tunes = new ArrayList<>();

  @Option(
      names = "--also-defaults",
      description = "Also run tuned filesystems with their defaults.")
  boolean alsoDefaults;

  @Option(
      names = "--cache",
      paramLabel = "STATE",
      description =
          "cold (drop caches before each run; default as root), remount, or warm (a discarded warm-up run).")
  String cache;

  @Option(
      names = "--fresh-volume",
      paramLabel = "WHEN",
      description = "cell (default) or repetition.",
      defaultValue = "cell")
  String fresh;

  @Option(
      names = "--image-size",
      paramLabel = "SIZE",
      description =
          "Loop image size (default: sized to fit the workloads, 512m for the classic ones; images"
              + " are sparse).")
  String imageSize;

  @Option(
      names = "--dir",
      paramLabel = "PATH",
      description = "Compare only the filesystem holding this directory (no root needed).")
  Path directory;

  @Option(
      names = "--device",
      paramLabel = "DEV",
      description =
          "Make every filesystem on this device in turn. ERASES IT; needs --yes-erase-device.")
  Path device;

  @Option(names = "--yes-erase-device", description = "Confirm that --device is to be erased.")
  boolean eraseConsent;

  @Option(
      names = "--force",
      description = "Erase --device even if it holds a filesystem signature.")
  boolean force;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Where to write the report (default: ${DEFAULT-VALUE}).",
      defaultValue = "fsbench-report")
  Path out;

  @Option(
      names = "--cpus-allowed",
      paramLabel = "LIST",
      description = "Pin the block jobs' threads to these CPUs, as fio's cpus_allowed, e.g. 0-1,3.")
  String cpusAllowed;

  @Option(names = "--no-progress", description = "No progress bar on stderr.")
  boolean noProgress;

  /** Completion candidates for --workloads. */
  static final class WorkloadNames extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    WorkloadNames() {
      super(Workloads.names());
    }
  }

  private final Supplier<FsBench> fsbench;

  CompareCommand(Supplier<FsBench> fsbench) {
    this.fsbench = fsbench;
  }

  @Override
  public Integer call() {
    var err = spec.commandLine().getErr();
    // Everything is checked before anything is made, the report directory included.
    refuseConflicts();
    Duration time = runtime == null ? null : runtime();
    WritableLocation.reportDirectory("--out", out).check();
    List<Workload> chosen = workloads();
    Map<String, Tuning> tunings = tunings();
    FsBench fsbench = this.fsbench.get();
    boolean root = isRoot();
    ComparisonBuilder compare = fsbench.compare().fileSystems(fileSystems);
    Target target = target(root, err);
    if (target != null) {
      compare.target(target);
    }
    compare.cache(cacheState(root, err));
    compare.volumes(volumePolicy());
    if (time != null) {
      compare.runtime(time);
    }
    if (repeat != null) {
      compare.repeat(repeat);
    }
    if (untilCi != null) {
      compare.repeatUntilPrecise(untilCi, 3, 20);
    }
    if (baseline != null) {
      compare.baseline(baseline);
    } else if (fileSystems.isEmpty()
        && (target == null || target.formats())
        && isAvailable(fsbench, DEFAULT_BASELINE)) {
      // The library takes the first filesystem it compares; the command documents ext4 as the
      // head of its default list, whatever order the plugins were found in.
      compare.baseline(DEFAULT_BASELINE);
    }
    tunings.forEach(
        (fs, tuning) -> {
          compare.tune(fs, tuning);
          if (alsoDefaults) {
            compare.tune(fs, Tuning.defaults());
          }
        });
    if (preset != null) {
      compare.preset(preset, presetParams());
      if (presetTunings) {
        ComparisonPresets.tunings(preset)
            .forEach(
                (fs, list) -> {
                  if (fileSystems.isEmpty() || fileSystems.contains(fs)) {
                    compare.tune(fs, Tuning.defaults());
                    list.forEach(t -> compare.tune(fs, t));
                  }
                });
      }
    } else {
      compare.workloads(chosen);
    }
    if (cpusAllowed != null) {
      compare.cpusAllowed(CpuPlacement.parseList(cpusAllowed));
    }
    if (!noProgress) {
      compare.listener(new ProgressBar(err, repeat != null ? repeat : 3));
    }
    // Ctrl-C stops the measuring; the exit hook waits for this handle, so that the runs made
    // until then are still printed and written rather than lost with the JVM.
    try (OpenVolumes.Work reporting = OpenVolumes.beginWork(new AtomicBoolean())) {
      Comparison comparison = compare.run();
      report(comparison, err);
      return comparison.cells().stream().anyMatch(c -> c.failed()) ? 1 : 0;
    }
  }

  /** Refuses options given together of which one would silently win or do nothing. */
  private void refuseConflicts() {
    if (directory != null) {
      conflict("--dir", "--device", device != null);
      conflict("--dir", "--image-size", imageSize != null);
      conflict("--dir", "--tune", !tunes.isEmpty());
      conflict("--dir", "--baseline", baseline != null);
    }
    conflict("--device", "--image-size", device != null && imageSize != null);
    conflict("--preset", "--workloads", preset != null && !workloads.isEmpty());
    conflict("--preset", "--param", preset != null && !params.isEmpty());
    needs("--preset-param", "--preset", preset == null && !presetParams.isEmpty());
    needs("--preset-tunings", "--preset", preset == null && presetTunings);
    if (preset != null) {
      ComparisonPresets.description(preset); // an unknown name is refused before anything runs
    }
    conflict("--repeat", "--until-ci", repeat != null && untilCi != null);
    if (device == null) {
      needs("--force", "--device", force);
      needs("--yes-erase-device", "--device", eraseConsent);
    }
    needs("--also-defaults", "--tune", alsoDefaults && tunes.isEmpty());
    if (untilCi != null && !(untilCi > 0 && untilCi < 100)) {
      throw new InvalidInputException(
          "--until-ci ("
              + untilCi
              + ") must be a percentage of the mean above 0 and below 100, e.g. 2");
    }
  }

  private static void conflict(String one, String other, boolean bothGiven) {
    if (bothGiven) {
      throw new InvalidInputException(
          one + " and " + other + " cannot be given together: one would be ignored; drop one");
    }
  }

  private static void needs(String option, String needed, boolean givenAlone) {
    if (givenAlone) {
      throw new InvalidInputException(
          option + " has no effect without " + needed + "; add " + needed + " or drop " + option);
    }
  }

  /** --runtime, positive and within range; it may not meet a workload's own run length. */
  private Duration runtime() {
    Duration time = JobOptionParser.time("--runtime", runtime);
    if (time.isZero()) {
      throw new InvalidInputException(
          "--runtime ("
              + runtime
              + ") must be positive; leave it out to keep each workload's own run length (8 s for"
              + " the block presets)");
    }
    for (String p : params) {
      String key = paramKey(p);
      if (key.equals("runtime") || key.equals("time_based")) {
        throw new InvalidInputException(
            "--runtime "
                + runtime
                + " and --param "
                + p
                + " both set how long a workload runs; drop one");
      }
    }
    return time;
  }

  /** The K of [WORKLOAD:]K=V. */
  private static String paramKey(String p) {
    int colon = p.indexOf(':');
    int eq = p.indexOf('=');
    String kv = colon > 0 && (eq < 0 || colon < eq) ? p.substring(colon + 1) : p;
    int e = kv.indexOf('=');
    return (e < 0 ? kv : kv.substring(0, e)).strip();
  }

  private void report(Comparison comparison, java.io.PrintWriter err) {
    var stdout = spec.commandLine().getOut();
    stdout.print(Reports.format(comparison, Reports.ComparisonFormat.TEXT));
    stdout.flush();
    List<Path> written;
    try {
      Files.createDirectories(out);
      written = Reports.writeAll(comparison, out);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.ENVIRONMENT,
          "could not write the report to "
              + out
              + ": "
              + IoErrors.describe(e)
              + "; the table above has the results",
          e);
    }
    err.println("report: " + String.join(", ", written.stream().map(Path::toString).toList()));
    err.flush();
  }

  private VolumePolicy volumePolicy() {
    return switch (fresh.toLowerCase(Locale.ROOT)) {
      case "cell" -> VolumePolicy.FRESH_PER_CELL;
      case "repetition" -> VolumePolicy.FRESH_PER_REPETITION;
      default ->
          throw new InvalidInputException(
              "--fresh-volume (" + fresh + ") is not one of cell, repetition");
    };
  }

  /** The target given on the command line; null for loop images sized to fit the workloads. */
  private static boolean isAvailable(FsBench fsbench, String fileSystem) {
    return fsbench.plugins().stream()
        .anyMatch(p -> p.id().equals(fileSystem) && p.availability().isAvailable());
  }

  private Target target(boolean root, java.io.PrintWriter err) {
    if (directory != null) {
      return Target.directory(directory);
    }
    if (device != null) {
      if (!eraseConsent) {
        throw new InvalidInputException(
            "--device " + device + " will be erased; add --yes-erase-device to confirm");
      }
      Target.BlockDevice d = Target.device(device, DataLossConsent.ERASE_ALL_DATA_ON_DEVICE);
      return force ? d.force() : d;
    }
    if (!root) {
      Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
      err.println(
          "fsbench: not root, so no loop volumes can be made: comparing only the filesystem that"
              + " holds "
              + tmp
              + (fileSystems.isEmpty() ? "" : " (not " + String.join(", ", fileSystems) + ")")
              + "; run as root (sudo) to compare ext4, xfs, btrfs and zfs, or give --dir PATH");
      return Target.directory(tmp);
    }
    if (imageSize == null) {
      return null;
    }
    try {
      return Target.loop(Size.parse(imageSize));
    } catch (InvalidInputException e) {
      throw new InvalidInputException("--image-size: " + e.getMessage(), e);
    }
  }

  private CacheState cacheState(boolean root, java.io.PrintWriter err) {
    if (cache == null) {
      if (!root) {
        err.println(
            "fsbench: not root, so the page cache cannot be dropped: runs are warm (a discarded warm-up run each)");
        return CacheState.WARM;
      }
      return CacheState.COLD_DROP_CACHES;
    }
    return switch (cache.toLowerCase(Locale.ROOT)) {
      case "cold", "drop" -> CacheState.COLD_DROP_CACHES;
      case "remount" -> CacheState.COLD_REMOUNT;
      case "warm" -> CacheState.WARM;
      default ->
          throw new InvalidInputException(
              "--cache (" + cache + ") is not one of cold, remount, warm");
    };
  }

  private Map<String, Tuning> tunings() {
    Map<String, List<String>> settings = new LinkedHashMap<>();
    for (String t : tunes) {
      int colon = t.indexOf(':');
      if (colon <= 0) {
        throw new InvalidInputException(
            "--tune (" + t + ") must name the filesystem: FS:K=V, e.g. btrfs:compression=zstd:1");
      }
      settings
          .computeIfAbsent(t.substring(0, colon), k -> new ArrayList<>())
          .add(t.substring(colon + 1));
    }
    Map<String, Tuning> out = new LinkedHashMap<>();
    settings.forEach((fs, list) -> out.put(fs, Tuning.parse(list)));
    return out;
  }

  private List<Workload> workloads() {
    List<String> names = new ArrayList<>();
    for (String w : workloads.isEmpty() ? List.of("classic") : workloads) {
      if (w.equals("classic")) {
        names.addAll(List.of("seqwrite", "seqread", "randwrite"));
      } else if (w.equals("classic-fs")) {
        names.addAll(Workloads.CLASSIC_FILESYSTEM);
      } else {
        names.add(w);
      }
    }
    for (String p : params) {
      String prefix = prefix(p);
      if (prefix != null && !names.contains(prefix)) {
        throw new InvalidInputException(
            "--param "
                + p
                + " names workload '"
                + prefix
                + "', which is not compared; the workloads are "
                + String.join(", ", names)
                + " (a parameter without a prefix applies to all of them)");
      }
    }
    List<Workload> list = new ArrayList<>();
    for (String name : names) {
      list.add(Workloads.named(name, paramsFor(name)));
    }
    return list;
  }

  private Map<String, String> presetParams() {
    Map<String, String> map = new LinkedHashMap<>();
    for (String p : presetParams) {
      int e = p.indexOf('=');
      if (e <= 0) {
        throw new InvalidInputException("--preset-param (" + p + ") must be K=V, e.g. scale=0.1");
      }
      map.put(p.substring(0, e).strip(), p.substring(e + 1).strip());
    }
    return map;
  }

  /** The WORKLOAD of WORKLOAD:K=V, or null for K=V. */
  private static String prefix(String p) {
    int colon = p.indexOf(':');
    int eq = p.indexOf('=');
    return colon > 0 && (eq < 0 || colon < eq) ? p.substring(0, colon) : null;
  }

  private Map<String, String> paramsFor(String workload) {
    Map<String, String> map = new LinkedHashMap<>();
    for (String p : params) {
      String kv = p;
      int colon = p.indexOf(':');
      int eq = p.indexOf('=');
      if (colon > 0 && (eq < 0 || colon < eq)) {
        if (!p.substring(0, colon).equals(workload)) {
          continue;
        }
        kv = p.substring(colon + 1);
      }
      int e = kv.indexOf('=');
      if (e <= 0) {
        throw new InvalidInputException("--param (" + p + ") must be K=V or WORKLOAD:K=V");
      }
      map.put(kv.substring(0, e), kv.substring(e + 1));
    }
    return map;
  }

  static boolean isRoot() {
    try {
      return Files.readAllLines(Path.of("/proc/self/status")).stream()
          .filter(l -> l.startsWith("Uid:"))
          .anyMatch(l -> l.split("\\s+")[2].equals("0"));
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.ENVIRONMENT, "cannot read /proc/self/status", e);
    }
  }
}
