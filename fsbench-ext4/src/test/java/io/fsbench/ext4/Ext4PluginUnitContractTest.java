package io.fsbench.ext4;

import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.tck.FileSystemPluginUnitContract;

/** The kit's unit-level contract for the Ext4 plugin: no root, no disk, no tools. */
class Ext4PluginUnitContractTest extends FileSystemPluginUnitContract {

  @Override
  protected FileSystemPlugin plugin() {
    return new Ext4Plugin();
  }
}
