package io.fsbench;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Environment;
import io.fsbench.api.Target;
import io.fsbench.api.Volume;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The environment and the volume of a run, as the flat string maps results carry. */
final class RunDescriptions {

  private RunDescriptions() {}

  /** Kernel, CPU, memory, host name and each tool's version as {@code tool.<name>}. */
  static Map<String, String> environment(Environment e) {
    Map<String, String> map = new LinkedHashMap<>();
    map.put("kernel", e.kernel());
    map.put("cpu_model", e.cpuModel());
    map.put("cpu_count", Integer.toString(e.cpuCount()));
    map.put("memory_bytes", Long.toString(e.memoryBytes()));
    map.put("hostname", e.hostname());
    e.toolVersions().forEach((tool, version) -> map.put("tool." + tool, version));
    return map;
  }

  /**
   * The filesystem, target and device, the tuning asked for and what was applied (mount options,
   * mkfs command, properties as {@code property.<name>}), and how long mkfs and mount took.
   */
  static Map<String, String> volume(Volume volume) {
    AppliedTuning applied = volume.applied();
    Map<String, String> map = new LinkedHashMap<>();
    map.put("filesystem", volume.fileSystem());
    map.put("type", applied.fileSystemType());
    map.put("target", kind(volume.target()));
    if (volume.target() instanceof Target.Loop loop) {
      map.put("image_size", loop.size().toString());
    }
    volume.device().ifPresent(device -> map.put("device", device.toString()));
    map.put("mount_point", volume.mountPoint().toString());
    map.put("mount_options", applied.mountOptions());
    map.put("tuning", volume.tuning().label());
    map.put("tuning_applied", applied.readBack().label());
    if (!applied.mkfsCommand().isEmpty()) {
      map.put("mkfs_command", String.join(" && ", applied.mkfsCommand()));
    }
    if (volume.target().formats()) {
      map.put("mkfs_seconds", seconds(volume.mkfsTime()));
      map.put("mount_seconds", seconds(volume.mountTime()));
    }
    applied.properties().forEach((name, value) -> map.put("property." + name, value));
    return map;
  }

  private static String kind(Target target) {
    if (target instanceof Target.Loop) {
      return "loop";
    }
    return target instanceof Target.BlockDevice ? "device" : "directory";
  }

  private static String seconds(Duration duration) {
    return String.format(Locale.ROOT, "%.6f", duration.toNanos() / 1e9);
  }
}
