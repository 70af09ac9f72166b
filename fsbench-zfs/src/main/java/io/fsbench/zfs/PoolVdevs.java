package io.fsbench.zfs;

import io.fsbench.spi.Command;
import io.fsbench.spi.CommandResult;
import io.fsbench.spi.DeviceUse;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The devices that imported pools use as vdevs, from {@code zpool status}: zfs-fuse holds its vdevs
 * from user space, where no kernel holder shows, so only ZFS can say that a device is in use.
 */
final class PoolVdevs {

  private PoolVdevs() {}

  /** The devices among {@code devices} that an imported pool uses, naming the pool. */
  static List<DeviceUse> usesOf(Set<Path> devices, Host host) {
    if (host.findTool("zpool").isEmpty()) {
      return List.of();
    }
    CommandResult status = host.shell().probe(Command.of("zpool", "status"));
    List<DeviceUse> uses = new ArrayList<>();
    String pool = null;
    for (String line : status.lines()) {
      String stripped = line.strip();
      if (stripped.startsWith("pool:")) {
        pool = stripped.substring(5).strip();
      } else if (pool != null && line.startsWith("\t") && !stripped.isEmpty()) {
        Path vdev = vdevPath(stripped.split("\\s+")[0]);
        if (devices.contains(vdev) || devices.contains(real(vdev))) {
          uses.add(new DeviceUse(vdev, "a vdev of the imported ZFS pool " + pool));
        }
      }
    }
    return uses;
  }

  /** zpool prints a vdev under /dev by its name alone ({@code loop0}, {@code sdb1}). */
  private static Path vdevPath(String vdev) {
    return vdev.startsWith("/") ? Path.of(vdev) : Path.of("/dev", vdev);
  }

  private static Path real(Path path) {
    try {
      return path.toRealPath();
    } catch (IOException e) {
      return path;
    }
  }
}
