package io.fsbench.xfs;

import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.tck.FileSystemPluginUnitContract;

/** The kit's unit-level contract for the Xfs plugin: no root, no disk, no tools. */
class XfsPluginUnitContractTest extends FileSystemPluginUnitContract {

  @Override
  protected FileSystemPlugin plugin() {
    return new XfsPlugin();
  }
}
