package io.fsbench.core.compare;

import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.LargeFileSpec;
import io.fsbench.api.NamedWorkload;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.TreeSpec;
import io.fsbench.api.Tuning;
import io.fsbench.api.Workload;
import io.fsbench.core.plugin.PluginRegistry;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * How big a loop image the workloads of a comparison need, so that none runs out of space or inodes
 * halfway through a long run. Each cell gets a fresh volume, so the largest single workload
 * decides. An automatic size grows to fit; a size the user gave is checked before anything runs.
 *
 * <pre>{@code
 * Size size = VolumeSizing.automatic(workloads, plugins);  // e.g. 12 GiB for classic-fs
 * VolumeSizing.check(Size.gib(4), workloads, plugins);     // throws: names what needs more
 * }</pre>
 */
public final class VolumeSizing {

  /** What one workload leaves on a volume at its peak. */
  record Footprint(long bytes, long files) {
    static final Footprint NONE = new Footprint(0, 0);

    Footprint max(Footprint other) {
      return new Footprint(Math.max(bytes, other.bytes), Math.max(files, other.files));
    }
  }

  /** Filesystem metadata, journals and allocation slack on top of the data. */
  private static final double DATA_HEADROOM = 1.25;

  private static final long FIXED_HEADROOM = Size.mib(256).bytes();
  private static final long BLOCK = 4096;
  private static final long GIB = Size.gib(1).bytes();

  private VolumeSizing() {}

  /**
   * The smallest image, in whole GiB and never under {@link
   * io.fsbench.api.Target#DEFAULT_LOOP_SIZE}, that holds the biggest workload's data and files on
   * every given filesystem.
   *
   * @param plugins the filesystems that will run, each with the tunings it runs with
   */
  public static Size automatic(
      List<? extends Workload> workloads, Map<FileSystemPlugin, List<Tuning>> plugins) {
    Footprint need = footprint(workloads);
    long bytes = dataSize(need);
    long size =
        Math.max(
            Target.DEFAULT_LOOP_SIZE.bytes(),
            bytes <= Target.DEFAULT_LOOP_SIZE.bytes() ? 0 : roundUp(bytes, GIB));
    for (Map.Entry<FileSystemPlugin, List<Tuning>> e : plugins.entrySet()) {
      for (Tuning tuning : e.getValue()) {
        size = Math.max(size, sizeForFiles(e.getKey(), tuning, need.files(), size));
      }
    }
    return Size.bytes(size);
  }

  /**
   * Checks that an image of {@code size} holds the biggest workload on every given filesystem.
   *
   * @throws InvalidInputException naming the workload's needs, the filesystem and the size to give
   */
  public static void check(
      Size size, List<? extends Workload> workloads, Map<FileSystemPlugin, List<Tuning>> plugins) {
    Footprint need = footprint(workloads);
    long bytes = dataSize(need);
    if (need.bytes() > 0 && bytes > size.bytes()) {
      throw new InvalidInputException(
          "image size ("
              + size
              + ") is too small for the workloads, which need about "
              + Size.bytes(need.bytes())
              + " of data on one volume; give --image-size "
              + Size.bytes(roundUp(bytes, GIB))
              + " or more, or leave it out to size images automatically");
    }
    for (Map.Entry<FileSystemPlugin, List<Tuning>> e : plugins.entrySet()) {
      for (Tuning tuning : e.getValue()) {
        OptionalLong limit = e.getKey().fileLimit(size, tuning);
        if (limit.isPresent() && limit.getAsLong() < filesWithHeadroom(need.files())) {
          throw new InvalidInputException(
              "image size ("
                  + size
                  + ") gives "
                  + e.getKey().id()
                  + " room for "
                  + limit.getAsLong()
                  + " files, but the workloads make up to "
                  + need.files()
                  + "; give --image-size "
                  + Size.bytes(sizeForFiles(e.getKey(), tuning, need.files(), size.bytes()))
                  + " or more, or leave it out to size images automatically");
        }
      }
    }
  }

  /**
   * The settings with a loop image big enough for the plan: grown to fit when {@code automatic},
   * else checked. Other targets are returned as they are; filesystems that are not available here
   * are left out (they will be skipped).
   *
   * @throws InvalidInputException when a size the user gave is too small
   */
  public static ComparisonSettings fit(
      ComparisonSettings settings,
      ComparisonPlan plan,
      PluginRegistry registry,
      Host host,
      boolean automatic) {
    if (!(settings.target() instanceof Target.Loop loop)) {
      return settings;
    }
    Map<FileSystemPlugin, List<Tuning>> plugins = new LinkedHashMap<>();
    for (FileSystemPlugin plugin : registry.all()) {
      boolean asked = plan.fileSystems().isEmpty() || plan.fileSystems().contains(plugin.id());
      if (asked && PluginRegistry.availability(plugin, host).isAvailable()) {
        plugins.put(plugin, plan.tuningsOf(plugin.id()));
      }
    }
    if (!automatic) {
      check(loop.size(), plan.workloads(), plugins);
      return settings;
    }
    Size size = automatic(plan.workloads(), plugins);
    return size.equals(loop.size())
        ? settings
        : new ComparisonSettings(
            settings.repetitions(),
            settings.cache(),
            settings.volumes(),
            settings.runtime(),
            Target.loop(size),
            settings.baseline());
  }

  /** The largest footprint of the workloads. */
  static Footprint footprint(List<? extends Workload> workloads) {
    Footprint max = Footprint.NONE;
    for (Workload w : workloads) {
      max = max.max(footprint(w));
    }
    return max;
  }

  static Footprint footprint(Workload workload) {
    Workload w = NamedWorkload.unwrap(workload);
    if (w instanceof LargeFileSpec large) {
      // The source and its copy; a re-copy truncates the copy before writing it again.
      return new Footprint(2 * blocks(large.size().bytes()), 2);
    }
    if (w instanceof TreeSpec tree) {
      return tree(tree);
    }
    if (w instanceof FsMarkSpec fsMark) {
      long perFile = blocks(fsMark.fileSize().bytes());
      long dirs = fsMark.filesPerDir() == 0 ? 1 : fsMark.totalFiles() / fsMark.filesPerDir() + 1;
      return new Footprint(fsMark.totalFiles() * perFile, fsMark.totalFiles() + dirs);
    }
    if (w instanceof PostMarkSpec postMark) {
      // The pool at its biggest: every file at the largest size, twice the pool as PostMark's
      // table.
      long files = 2L * postMark.files() * postMark.threads();
      return new Footprint(files * blocks(postMark.sizeHigh().bytes()), files);
    }
    if (w instanceof JobSpec job) {
      return new Footprint(
          job.effectiveIoSize().bytes() * job.numJobs(), (long) job.nrFiles() * job.numJobs());
    }
    return Footprint.NONE; // fs-lifecycle and others that write nothing to speak of
  }

  /**
   * A generated tree is written as an archive, extracted, and copied: three copies of its data and
   * two of its files and directories. An archive the user gives is of unknown size unpacked.
   */
  private static Footprint tree(TreeSpec tree) {
    if (!tree.generated()) {
      return Footprint.NONE;
    }
    double sigma = tree.fileSizeSigma();
    double mean = tree.medianFileSize().bytes() * Math.exp(sigma * sigma / 2);
    long perFile = blocks((long) Math.min(mean, TreeSpec.MAX_GENERATED_FILE.bytes()));
    long files = tree.generatedFiles();
    long dirs = files / tree.filesPerDir() + 1;
    long archive = (files + dirs) * 512 + files * (long) mean;
    return new Footprint(archive + 2 * files * perFile + 2 * dirs * BLOCK, 2 * (files + dirs));
  }

  private static long dataSize(Footprint need) {
    return (long) (need.bytes() * DATA_HEADROOM) + FIXED_HEADROOM;
  }

  private static long filesWithHeadroom(long files) {
    return files + files / 10;
  }

  /** The smallest whole-GiB size, {@code from} or more, whose file limit holds the files. */
  private static long sizeForFiles(FileSystemPlugin plugin, Tuning tuning, long files, long from) {
    long wanted = filesWithHeadroom(files);
    if (!below(plugin, tuning, from, wanted)) {
      return from;
    }
    long low = roundUp(from, GIB) / GIB; // in GiB; low may be too small, high is big enough
    long high = Math.max(1, low);
    while (below(plugin, tuning, high * GIB, wanted)) {
      if (high >= (1L << 24)) {
        return high * GIB; // 16 PiB and still short: the limit does not grow; check says so
      }
      high *= 2;
    }
    while (low < high) {
      long mid = (low + high) / 2;
      if (below(plugin, tuning, mid * GIB, wanted)) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return high * GIB;
  }

  private static boolean below(FileSystemPlugin plugin, Tuning tuning, long size, long wanted) {
    OptionalLong limit = plugin.fileLimit(Size.bytes(size), tuning);
    return limit.isPresent() && limit.getAsLong() < wanted;
  }

  private static long blocks(long bytes) {
    return Math.max(BLOCK, roundUp(bytes, BLOCK));
  }

  private static long roundUp(long value, long unit) {
    return (value + unit - 1) / unit * unit;
  }
}
