package io.fsbench.cli;

import io.fsbench.ComparisonPresets;
import io.fsbench.Workloads;
import io.fsbench.api.CacheState;
import io.fsbench.api.DataLossConsent;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.VolumePolicy;
import io.fsbench.api.Workload;
import io.fsbench.core.jobfile.JobOptionParser;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The options of {@code fsbench compare}, each with its help, and their checks and meaning: which
 * options combine, the target and cache state they ask for, the workloads with their {@code
 * [WORKLOAD:]K=V} parameters and the tunings. {@link CompareCommand} runs what they say.
 */
final class CompareOptions {

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
          "A parameter of --preset, repeatable: scale=0.1 shrinks every size, count and run time"
              + " for a quick run; budget=45m (classic-table's default without scale=; off for"
              + " none) times the table's rows first and shrinks the slowest to fit; archive=PATH"
              + " gives tar-rm its archive.")
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
      paramLabel = "[LABEL=]PATH",
      description =
          "Compare only the filesystem holding this directory (no root needed). With --cluster: a"
              + " directory of a shared filesystem as the agents see it, repeatable, each a column"
              + " labelled LABEL or by its filesystem type.")
  List<String> directories = new ArrayList<>();

  /** The one --dir of a comparison on this machine; null without one. */
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

  @Option(
      names = "--aged",
      paramLabel = "PROFILE[:K=V,..]",
      description =
          "Also run every workload on volumes aged first: desktop, mail-server or git-pull, with"
              + " fullness=80%, overwrite=2, convergence=0.05, time_limit=10m, seed=42, e.g."
              + " desktop:fullness=80%. Aged once per cell; repetitions restore the aged image.")
  String aged;

  @Option(names = "--no-progress", description = "No progress bar on stderr.")
  boolean noProgress;

  /** Completion candidates for --workloads. */
  static final class WorkloadNames extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    WorkloadNames() {
      super(Workloads.names());
    }
  }

  /** Refuses options given together of which one would silently win or do nothing. */
  void refuseConflicts() {
    if (directories.size() > 1) {
      throw new InvalidInputException(
          "--dir is given "
              + directories.size()
              + " times; a comparison on this machine runs in one directory (several compare"
              + " shared filesystems on a cluster, with --cluster NAME)");
    }
    if (!directories.isEmpty()) {
      ClusterCompare.Column column = ClusterCompare.column(directories.get(0));
      if (!column.label().isEmpty()) {
        throw new InvalidInputException(
            "--dir "
                + directories.get(0)
                + " gives a label, which names a column of a --cluster comparison; give the"
                + " directory alone (the report labels it by its filesystem type)");
      }
      directory = column.path();
    }
    if (directory != null) {
      conflict("--dir", "--device", device != null);
      conflict("--dir", "--image-size", imageSize != null);
      conflict("--dir", "--tune", !tunes.isEmpty());
      conflict("--dir", "--baseline", baseline != null);
    }
    conflict("--device", "--image-size", device != null && imageSize != null);
    if (aged != null) {
      if (directory != null || device != null) {
        throw new InvalidInputException(
            "--aged needs volumes on loop images, whose aged image fsbench keeps and restores, and"
                + (directory != null
                    ? " a directory's filesystem is not fsbench's to fill"
                    : " a device has no image to keep")
                + "; drop "
                + (directory != null ? "--dir" : "--device")
                + " (compare with --fs) or drop --aged");
      }
      io.fsbench.api.AgingSpec.parse(aged); // a bad profile or setting is refused before anything
    }
    refuseCommonConflicts();
  }

  /** The conflicts that a comparison on a cluster refuses too. */
  void refuseCommonConflicts() {
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
  Duration runtime() {
    Duration time = JobOptionParser.time("--runtime", runtime);
    if (time.isZero()) {
      throw new InvalidInputException(
          "--runtime ("
              + runtime
              + ") must be positive; leave it out to keep each workload's own run length (8 s for"
              + " the block presets)");
    }
    for (String p : params) {
      String key = CompareParams.paramKey(p);
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

  VolumePolicy volumePolicy() {
    return switch (fresh.toLowerCase(Locale.ROOT)) {
      case "cell" -> VolumePolicy.FRESH_PER_CELL;
      case "repetition" -> VolumePolicy.FRESH_PER_REPETITION;
      default ->
          throw new InvalidInputException(
              "--fresh-volume (" + fresh + ") is not one of cell, repetition");
    };
  }

  /** The target given on the command line; null for loop images sized to fit the workloads. */
  Target target(boolean root, java.io.PrintWriter err) {
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

  CacheState cacheState(boolean root, java.io.PrintWriter err) {
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

  List<Workload> workloads() {
    List<Workload> list = new ArrayList<>();
    for (String name : workloadNames()) {
      list.add(Workloads.named(name, CompareParams.paramsFor(params, name)));
    }
    return list;
  }

  /** The names of --workloads, the groups expanded; a --param naming none of them is refused. */
  List<String> workloadNames() {
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
      String prefix = CompareParams.prefix(p);
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
    return names;
  }

  /** --tune FS:K=V, by filesystem. */
  Map<String, Tuning> tunings() {
    return CompareParams.tunings(tunes);
  }

  /** --preset-param K=V. */
  Map<String, String> presetParams() {
    return CompareParams.presetParams(presetParams);
  }
}
