package io.fsbench.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a run ran on: the filesystem, where it lived, the tuning asked for and what the system
 * reports was applied, and how long making and mounting it took.
 *
 * <pre>{@code
 * RunResult run = FsBench.on("ext4").tuned(noatime).randWrite(kib(4)).size(mib(64)).run();
 * String options = run.volume().mountOptions(); // "rw,noatime", as /proc/self/mounts says
 * }</pre>
 *
 * @param fileSystem the plugin's id, e.g. {@code xfs}; for a directory target, the type of the
 *     filesystem the directory is on
 * @param target where the volume was made: a loop image (with its size), a device or a directory
 * @param device the block device, when there is one
 * @param mountPoint where the filesystem was mounted (the directory itself for a directory target)
 * @param tuning the tuning asked for
 * @param applied what the system reports was applied: mount options, mkfs command, properties
 * @param mkfsTime how long making the filesystem took; zero for a directory target
 * @param mountTime how long mounting it took; zero for a directory target
 */
public record VolumeInfo(
    String fileSystem,
    Target target,
    Optional<Path> device,
    Path mountPoint,
    Tuning tuning,
    AppliedTuning applied,
    Duration mkfsTime,
    Duration mountTime) {

  public VolumeInfo {
    Objects.requireNonNull(fileSystem, "fileSystem");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(mountPoint, "mountPoint");
    Objects.requireNonNull(tuning, "tuning");
    Objects.requireNonNull(applied, "applied");
    Objects.requireNonNull(mkfsTime, "mkfsTime");
    Objects.requireNonNull(mountTime, "mountTime");
  }

  /** What a volume reports about itself. */
  public static VolumeInfo of(Volume volume) {
    return new VolumeInfo(
        volume.fileSystem(),
        volume.target(),
        volume.device(),
        volume.mountPoint(),
        volume.tuning(),
        volume.applied(),
        volume.mkfsTime(),
        volume.mountTime());
  }

  /** The mount options as the kernel reports them, e.g. {@code rw,noatime,attr2}. */
  public String mountOptions() {
    return applied.mountOptions();
  }

  /**
   * The flat view that run reports print, sorted by key: {@code filesystem}, {@code type}, {@code
   * target}, {@code image_size}, {@code device}, {@code mount_point}, {@code mount_options}, {@code
   * tuning}, {@code tuning_applied}, {@code mkfs_command}, {@code mkfs_seconds}, {@code
   * mount_seconds} and each property as {@code property.<name>}.
   */
  public Map<String, String> asMap() {
    Map<String, String> map = new TreeMap<>();
    map.put("filesystem", fileSystem);
    map.put("type", applied.fileSystemType());
    map.put("target", kind(target));
    if (target instanceof Target.Loop loop) {
      map.put("image_size", loop.size().toString());
    }
    device.ifPresent(d -> map.put("device", d.toString()));
    map.put("mount_point", mountPoint.toString());
    map.put("mount_options", applied.mountOptions());
    map.put("tuning", tuning.label());
    map.put("tuning_applied", applied.readBack().label());
    if (!applied.mkfsCommand().isEmpty()) {
      map.put("mkfs_command", String.join(" && ", applied.mkfsCommand()));
    }
    if (target.formats()) {
      map.put("mkfs_seconds", seconds(mkfsTime));
      map.put("mount_seconds", seconds(mountTime));
    }
    applied.properties().forEach((name, value) -> map.put("property." + name, value));
    return Collections.unmodifiableMap(map);
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
