package io.fsbench.zfs;

import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.tck.FileSystemPluginContract;

/** The compatibility kit, run against the ZFS plugin (zfs-fuse or OpenZFS) on real loop devices. */
class ZfsPluginContractIT extends FileSystemPluginContract {

  @Override
  protected FileSystemPlugin plugin() {
    return new ZfsPlugin();
  }
}
