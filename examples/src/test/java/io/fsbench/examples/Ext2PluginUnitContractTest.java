package io.fsbench.examples;

import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.tck.FileSystemPluginUnitContract;

/** The kit's unit-level contract for the Ext2 plugin: no root, no disk, no tools. */
class Ext2PluginUnitContractTest extends FileSystemPluginUnitContract {

  @Override
  protected FileSystemPlugin plugin() {
    return new Ext2Plugin();
  }
}
