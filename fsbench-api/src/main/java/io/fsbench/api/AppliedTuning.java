package io.fsbench.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What was actually applied to a volume, read back from the system rather than assumed: the
 * filesystem type and mount options from {@code /proc/self/mounts}, the mkfs command line that was
 * run, and filesystem properties ({@code tune2fs -l} features, Btrfs profiles, {@code zfs get}).
 *
 * @param fileSystemType the type in the mount table, e.g. {@code ext4}, {@code fuse.zfs}
 * @param mountOptions the mount options as the kernel reports them
 * @param mkfsCommand the command lines that made the filesystem, one string each
 * @param properties filesystem properties by name, sorted
 * @param readBack the requested knobs as the system reports them, in {@link Tuning} form; equal to
 *     the requested tuning when everything was applied
 */
public record AppliedTuning(
    String fileSystemType,
    String mountOptions,
    List<String> mkfsCommand,
    Map<String, String> properties,
    Tuning readBack) {

  public AppliedTuning {
    Objects.requireNonNull(fileSystemType, "fileSystemType");
    Objects.requireNonNull(mountOptions, "mountOptions");
    Objects.requireNonNull(readBack, "readBack");
    mkfsCommand = List.copyOf(mkfsCommand);
    properties = Map.copyOf(new TreeMap<>(properties));
  }

  /** The same, with the tuning read back from it. */
  public AppliedTuning withReadBack(Tuning tuning) {
    return new AppliedTuning(fileSystemType, mountOptions, mkfsCommand, properties, tuning);
  }

  /** The mount options as a list, split at commas. */
  public List<String> mountOptionList() {
    return mountOptions.isEmpty() ? List.of() : List.of(mountOptions.split(","));
  }

  public boolean hasMountOption(String option) {
    return mountOptionList().contains(option);
  }
}
