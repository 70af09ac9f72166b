package io.fsbench.core.compare;

import io.fsbench.api.AgingSpec;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Workload;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.WorkloadRunners;
import io.fsbench.core.plugin.PluginRegistry;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.Host;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How big a loop image the workloads of a comparison need, so that none runs out of space or inodes
 * halfway through a long run. Each cell gets a fresh volume, so the largest single workload
 * decides. An automatic size grows to fit; a size the user gave is checked before anything runs.
 *
 * <pre>{@code
 * Size size = VolumeSizing.automatic(workloads, runners, plugins);  // e.g. 12 GiB for classic-fs
 * VolumeSizing.check(Size.gib(4), workloads, runners, plugins);     // throws: names what needs more
 * }</pre>
 */
public final class VolumeSizing {

  /** Filesystem metadata, journals and allocation slack on top of the data. */
  private static final double DATA_HEADROOM = 1.25;

  private static final long FIXED_HEADROOM = Size.mib(256).bytes();
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
      List<? extends Workload> workloads,
      WorkloadRunners runners,
      Map<FileSystemPlugin, List<Tuning>> plugins) {
    return automatic(footprint(workloads, runners), plugins);
  }

  private static Size automatic(Footprint need, Map<FileSystemPlugin, List<Tuning>> plugins) {
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
      Size size,
      List<? extends Workload> workloads,
      WorkloadRunners runners,
      Map<FileSystemPlugin, List<Tuning>> plugins) {
    check(size, footprint(workloads, runners), plugins);
  }

  private static void check(
      Size size, Footprint need, Map<FileSystemPlugin, List<Tuning>> plugins) {
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
      WorkloadRunners runners,
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
    Footprint need = aged(footprint(plan.workloads(), runners), plan.aging());
    if (!automatic) {
      try {
        check(loop.size(), need, plugins);
      } catch (InvalidInputException e) {
        if (plan.aging().isEmpty()) {
          throw e;
        }
        throw new InvalidInputException(
            e.getMessage()
                + " (aging fills "
                + Math.round(plan.aging().get().fullness() * 100)
                + "% of each volume first; the workloads get the rest)",
            e);
      }
      return settings;
    }
    Size size = automatic(need, plugins);
    return size.equals(loop.size())
        ? settings
        : new ComparisonSettings(
            settings.repetitions(),
            settings.cache(),
            settings.volumes(),
            settings.runtime(),
            Target.loop(size),
            settings.baseline(),
            settings.preset());
  }

  /**
   * What a volume needs when aging fills it first: the workloads' data must fit in the room the
   * fullness leaves, so an aged volume is that much bigger (five times at 80%).
   */
  static Footprint aged(Footprint need, Optional<AgingSpec> aging) {
    if (aging.isEmpty()) {
      return need;
    }
    double room = 1 - aging.get().fullness();
    return new Footprint((long) Math.ceil(need.bytes() / room), need.files());
  }

  /** The largest footprint of the workloads, each as its runner counts it. */
  static Footprint footprint(List<? extends Workload> workloads, WorkloadRunners runners) {
    Footprint max = Footprint.NONE;
    for (Workload w : workloads) {
      max = max.max(runners.footprint(w));
    }
    return max;
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

  private static long roundUp(long value, long unit) {
    return (value + unit - 1) / unit * unit;
  }
}
