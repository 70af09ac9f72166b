package io.fsbench.btrfs;

import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.tck.FileSystemPluginContract;

/** The compatibility kit, run against the Btrfs plugin on real loop devices. */
class BtrfsPluginContractIT extends FileSystemPluginContract {

  @Override
  protected FileSystemPlugin plugin() {
    return new BtrfsPlugin();
  }
}
