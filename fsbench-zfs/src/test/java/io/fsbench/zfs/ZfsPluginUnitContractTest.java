package io.fsbench.zfs;

import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.tck.FileSystemPluginUnitContract;

/** The kit's unit-level contract for the Zfs plugin: no root, no disk, no tools. */
class ZfsPluginUnitContractTest extends FileSystemPluginUnitContract {

  @Override
  protected FileSystemPlugin plugin() {
    return new ZfsPlugin();
  }
}
