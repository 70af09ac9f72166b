package io.fsbench.spi.support;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.SyncMode;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The knobs that Linux's VFS gives every filesystem mounted with plain mount options (ext4, XFS,
 * Btrfs): {@code atime}, {@code diratime} and {@code sync}, plus the extra mount options. Plugins
 * share one mapping to mount options and one reading of the mount table back into knobs, so that a
 * knob means the same on each filesystem.
 *
 * <ul>
 *   <li>{@code atime=off} mounts {@code noatime}; {@code atime=on} mounts {@code strictatime}, so
 *       that every read updates the access time. Linux's default, {@code relatime}, updates it at
 *       most once a day: neither on nor off, so it reads back as unset.
 *   <li>{@code diratime=off} mounts {@code nodiratime}; {@code diratime=on} is the default and
 *       needs no option, but it contradicts {@code atime=off} ({@code noatime} stops directory
 *       updates too), so that pair is refused.
 *   <li>{@code sync=always} mounts {@code sync}; {@code sync=standard} is the default. No mount
 *       option makes the kernel ignore fsync, so {@code sync=disabled} is refused.
 * </ul>
 *
 * <pre>{@code
 * VfsMountOptions.validate("xfs", tuning);
 * List<String> options = new ArrayList<>(VfsMountOptions.of(tuning));
 * ...
 * Tuning.Builder readBack = VfsMountOptions.readBack(spec.tuning(), applied, Tuning.builder());
 * }</pre>
 */
public final class VfsMountOptions {

  private VfsMountOptions() {}

  /**
   * Refuses what no mount can honour: {@code diratime=on} with {@code atime=off}, and {@code
   * sync=disabled}.
   *
   * @throws UnsupportedTuningException naming the knob, the filesystem and why
   */
  public static void validate(String fileSystem, Tuning tuning) {
    if (tuning.atime().equals(Optional.of(false)) && tuning.diratime().equals(Optional.of(true))) {
      throw new UnsupportedTuningException(
          fileSystem,
          "diratime=on",
          "atime=off mounts noatime, which stops directory access-time updates too; drop"
              + " diratime=on, or use atime=on with diratime=on");
    }
    if (tuning.syncWrites().equals(Optional.of(SyncMode.DISABLED))) {
      throw new UnsupportedTuningException(
          fileSystem,
          "sync=disabled",
          "no mount option makes "
              + fileSystem
              + " ignore fsync; use sync=standard (the default) or sync=always");
    }
  }

  /** The mount options for the tuning's atime, diratime and sync knobs, in that order. */
  public static List<String> of(Tuning tuning) {
    List<String> options = new ArrayList<>();
    tuning.atime().ifPresent(on -> options.add(on ? "strictatime" : "noatime"));
    tuning.diratime().filter(on -> !on).ifPresent(off -> options.add("nodiratime"));
    tuning.syncWrites().filter(SyncMode.ALWAYS::equals).ifPresent(always -> options.add("sync"));
    return List.copyOf(options);
  }

  /**
   * Reads the atime, diratime and sync knobs and the extra mount options that {@code requested}
   * sets back from the mount table into {@code into}. A knob whose state is neither of its values
   * ({@code relatime} for atime) is left unset; an extra mount option is read back when the mount
   * table shows it verbatim (the kernel omits defaults and may rewrite values, e.g. XFS shows
   * {@code allocsize=1m} as {@code allocsize=1024k}).
   *
   * @return {@code into}
   */
  public static Tuning.Builder readBack(
      Tuning requested, AppliedTuning applied, Tuning.Builder into) {
    List<String> shown = applied.mountOptionList();
    boolean noatime = shown.contains("noatime");
    if (requested.atime().isPresent()) {
      if (noatime) {
        into.atime(false);
      } else if (!shown.contains("relatime")) {
        into.atime(true);
      }
    }
    if (requested.diratime().isPresent()) {
      into.diratime(!(noatime || shown.contains("nodiratime")));
    }
    if (requested.syncWrites().isPresent()) {
      into.syncWrites(shown.contains("sync") ? SyncMode.ALWAYS : SyncMode.STANDARD);
    }
    if (!requested.extraMountOptions().isEmpty()) {
      into.extraMountOptions(
          requested.extraMountOptions().stream().filter(shown::contains).toList());
    }
    return into;
  }
}
