package io.fsbench.ext4;

import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.tck.FileSystemPluginContract;

/** The compatibility kit, run against the ext4 plugin on real loop devices. */
class Ext4PluginContractIT extends FileSystemPluginContract {

  @Override
  protected FileSystemPlugin plugin() {
    return new Ext4Plugin();
  }
}
