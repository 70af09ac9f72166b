package io.fsbench.spi;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Availability;
import io.fsbench.api.Feature;
import io.fsbench.api.Fragmentation;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.support.Mounts;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A filesystem fsbench can make, tune and destroy. Implementations are found with {@link
 * java.util.ServiceLoader} (register in {@code META-INF/services/io.fsbench.spi.FileSystemPlugin}
 * and with {@code provides} in module-info) or registered by hand.
 *
 * <p>A plugin knows its filesystem and nothing else: it runs tools only through the {@link Host}'s
 * shell, and it never decides paths or names; core hands it a {@link FileSystemSpec}. Core calls,
 * in order: {@link #validate} before anything exists, then {@link #format}, {@link #mount}, {@link
 * #properties}; later {@link #unmount} and {@link #mount} again to remount; and finally {@link
 * #unmount} and {@link #destroy}. Both of the last two must be idempotent and must cope with a
 * filesystem that was only partly made, because core also calls them to release what a killed run
 * left behind.
 *
 * <p>Subclass the compatibility kit to test a plugin: {@code
 * io.fsbench.tck.FileSystemPluginUnitContract} in a unit test (no root, no tools) and {@code
 * io.fsbench.tck.FileSystemPluginContract} in an integration test (real loop devices). The helpers
 * in {@link io.fsbench.spi.support} do what most plugins need.
 */
public interface FileSystemPlugin {

  /** A unique, lower-case id such as {@code xfs}; what users type. */
  String id();

  /** One line for humans, e.g. "XFS: journaling filesystem for large files and parallel I/O". */
  String description();

  /** Whether volumes can be made here; if not, why and what to install. Must not throw. */
  Availability availability(Host host);

  /** What the filesystem offers, truthfully, as installed on this host. */
  Set<Feature> features(Host host);

  /** The largest file the filesystem can hold with default settings. */
  Size maxFileSize();

  /**
   * The uses of {@code devices} that only this filesystem can see, where no kernel holder, mount or
   * open file shows them: zfs-fuse holds its pools' vdevs from user space. Core asks every
   * available plugin before it erases a device, and refuses the device naming each use. Must not
   * throw: a tool that cannot answer gives no uses. None by default.
   *
   * @param devices a device and its partitions, resolved (e.g. {@code /dev/sdb}, {@code /dev/sdb1})
   */
  default List<DeviceUse> usesOf(Set<java.nio.file.Path> devices, Host host) {
    return List.of();
  }

  /** The smallest device it can be made on; core refuses smaller images before creating them. */
  default Size minimumDeviceSize() {
    return Size.mib(64);
  }

  /**
   * How many files and directories a filesystem made on a device of this size with this tuning can
   * hold, when mkfs fixes that number (ext4's inode count); empty when inodes are allocated as
   * needed or the tuning makes the number unknowable. Core sizes loop images with it, so that a
   * workload of a million files does not run out of inodes halfway.
   */
  default OptionalLong fileLimit(Size deviceSize, Tuning tuning) {
    return OptionalLong.empty();
  }

  /** The tuning settings this plugin honours and those it refuses, for the kit and for help. */
  TuningSupport tuningSupport(Host host);

  /**
   * Checks that every knob and option set in the tuning can be honoured on this host.
   *
   * @throws io.fsbench.api.UnsupportedTuningException naming the knob, this filesystem, the reason
   *     and what it does support
   */
  void validate(Tuning tuning, Host host);

  /**
   * Makes the filesystem on {@code spec.device()} with the spec's tuning.
   *
   * @return the commands that made it, for the record
   */
  List<Command> format(FileSystemSpec spec, Host host);

  /** Mounts the filesystem at {@code spec.mountPoint()} with the spec's tuning. */
  void mount(FileSystemSpec spec, Host host);

  /**
   * Reads the filesystem's properties back from the system (superblock features, profiles, pool
   * properties), raw, by name. Core adds the mount table's type and options and the mkfs commands
   * to make the {@link AppliedTuning}.
   */
  Map<String, String> properties(FileSystemSpec spec, Host host);

  /**
   * The tuning as the system reports it, in knob form: for each knob and option set in the spec's
   * tuning, the value read back from {@code applied}. The kit checks it equals what was asked.
   */
  Tuning readBack(FileSystemSpec spec, AppliedTuning applied);

  /**
   * Unmounts if mounted; retries a busy unmount with a bound, then fails with the reason. By
   * default {@code umount} of the mount point, as {@link Mounts#unmount(Host, java.nio.file.Path)}
   * does it: right for every filesystem the kernel mounts from the device alone.
   */
  default void unmount(FileSystemSpec spec, Host host) {
    Mounts.unmount(host, spec.mountPoint());
  }

  /**
   * Releases what {@link #format} made beyond the device itself (a ZFS pool, say). Idempotent. By
   * default nothing: a filesystem that lives entirely on the device is released with the device,
   * which core owns.
   */
  default void destroy(FileSystemSpec spec, Host host) {}

  /**
   * Whether {@link #fragmentation} works on this host: the plugin reads free-space fragmentation
   * with its filesystem's own tools, and they are installed. Optional; by default not.
   */
  default boolean reportsFragmentation(Host host) {
    return false;
  }

  /**
   * How fragmented the mounted filesystem's free space is, from its own tools run through the
   * host's shell (e2freefrag, {@code xfs_db -r -c freesp}, {@code btrfs filesystem usage}, {@code
   * zpool get}). Core calls it before and after aging a volume, with the filesystem mounted and
   * synced; it must change nothing.
   *
   * @throws UnsupportedOperationException when {@link #reportsFragmentation} is false, as by
   *     default
   */
  default Fragmentation fragmentation(FileSystemSpec spec, Host host) {
    throw new UnsupportedOperationException(
        id() + " does not report fragmentation; check reportsFragmentation first");
  }

  /** The versions of the tools this plugin runs, e.g. {@code mkfs.xfs -> 6.1.0}. Must not throw. */
  Map<String, String> toolVersions(Host host);
}
