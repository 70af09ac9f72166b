package io.fsbench.btrfs;

import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.tck.FileSystemPluginUnitContract;

/** The kit's unit-level contract for the Btrfs plugin: no root, no disk, no tools. */
class BtrfsPluginUnitContractTest extends FileSystemPluginUnitContract {

  @Override
  protected FileSystemPlugin plugin() {
    return new BtrfsPlugin();
  }
}
