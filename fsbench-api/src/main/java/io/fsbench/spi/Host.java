package io.fsbench.spi;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The machine as a plugin sees it. Core hands plugins a host; unit tests hand them a mock, so that
 * no test of a plugin's logic needs a disk or root.
 */
public interface Host {

  /** The shell every tool is run through. */
  Shell shell();

  KernelVersion kernel();

  /** Whether this process has root privileges (effective uid 0). */
  boolean isRoot();

  /** Where a program is installed, searching PATH and the sbin directories. */
  Optional<Path> findTool(String name);

  /** The mount table, read fresh from {@code /proc/self/mounts} at each call. */
  List<MountEntry> mounts();

  /** The filesystems the running kernel supports ({@code /proc/filesystems}), e.g. {@code xfs}. */
  Set<String> kernelFileSystems();

  /** Whether a kernel module of this name is loaded ({@code /sys/module/NAME} exists). */
  boolean moduleLoaded(String name);

  /** The entry of the mount table for this mount point, if it is mounted. */
  default Optional<MountEntry> mountAt(Path mountPoint) {
    Path target = mountPoint.toAbsolutePath().normalize();
    MountEntry found = null;
    for (MountEntry entry : mounts()) {
      if (entry.mountPoint().equals(target)) {
        found = entry; // the last one is on top
      }
    }
    return Optional.ofNullable(found);
  }
}
