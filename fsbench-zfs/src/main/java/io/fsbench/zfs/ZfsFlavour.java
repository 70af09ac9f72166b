package io.fsbench.zfs;

import io.fsbench.spi.Host;
import java.util.Optional;

/** Which ZFS runs here: the OpenZFS kernel module, or zfs-fuse's user-space daemon. */
enum ZfsFlavour {
  OPENZFS("OpenZFS"),
  ZFS_FUSE("zfs-fuse");

  private final String label;

  ZfsFlavour(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }

  /**
   * OpenZFS when its kernel module is loaded, else zfs-fuse when its daemon is installed. The
   * module wins: with both installed, the tools talk to the kernel module.
   */
  static Optional<ZfsFlavour> detect(Host host) {
    if (host.moduleLoaded("zfs") || host.kernelFileSystems().contains("zfs")) {
      return Optional.of(OPENZFS);
    }
    if (host.findTool("zfs-fuse").isPresent()) {
      return Optional.of(ZFS_FUSE);
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return label;
  }
}
