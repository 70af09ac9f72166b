package io.fsbench.core.report.compare;

import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.Environment;
import io.fsbench.api.SkippedFileSystem;
import io.fsbench.api.Target;

/** The sentences every report opens with, worded once. */
final class Summary {

  private Summary() {}

  /** {@code Linux 6.1.0 · Intel Xeon ... · 2 CPUs · 24 GiB RAM}. */
  static String machine(Environment env) {
    return "Linux "
        + env.kernel()
        + " · "
        + env.cpuModel()
        + " · "
        + env.cpuCount()
        + (env.cpuCount() == 1 ? " CPU" : " CPUs")
        + " · "
        + HumanUnits.bytes(env.memoryBytes())
        + " RAM";
  }

  /**
   * {@code 3 runs per cell · cold (...) · fresh volume per cell · 10 s per block I/O run · loop
   * image 2 GiB}. Other workloads run as long as their work takes.
   */
  static String settings(ComparisonSettings s) {
    String runtime =
        s.runtime().isZero()
            ? "each workload's own run length"
            : HumanUnits.duration(s.runtime()) + " per block I/O run";
    return s.repetitions()
        + " per cell, cache "
        + s.cache().label()
        + ", "
        + s.volumes().label()
        + ", "
        + runtime
        + ", "
        + target(s.target());
  }

  static String target(Target target) {
    if (target instanceof Target.Loop loop) {
      return "loop device on a " + HumanUnits.bytes(loop.size().bytes()) + " image";
    }
    if (target instanceof Target.BlockDevice device) {
      return "block device " + device.path();
    }
    return "directory " + ((Target.Directory) target).path();
  }

  /** How to read "1.07× ext4". */
  /**
   * The preset a comparison reproduces, as lines: {@code preset NAME: description}, then one per
   * scaled parameter; none without a preset.
   */
  static java.util.List<String> preset(ComparisonSettings s) {
    if (s.preset().isEmpty()) {
      return java.util.List.of();
    }
    io.fsbench.api.ComparisonPreset p = s.preset().get();
    java.util.List<String> lines = new java.util.ArrayList<>();
    lines.add("preset " + p.name() + ": " + p.description());
    lines.addAll(p.scaling());
    return lines;
  }

  static String ratioLegend(String baseline) {
    return "vs baseline: \"1.07× "
        + baseline
        + "\" = 7% better than "
        + baseline
        + " (more throughput or less time), \"0.93×\" = worse; \"≈ "
        + baseline
        + "\" = the 95% confidence intervals overlap, so the difference is not distinguishable"
        + " from noise";
  }

  /** {@code zfs: the zfs kernel module is not loaded (apt-get install zfsutils-linux)}. */
  static String skipped(SkippedFileSystem s) {
    return s.fileSystem() + ": " + s.reason() + (s.hint().isBlank() ? "" : " (" + s.hint() + ")");
  }
}
