package io.fsbench.examples;

import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.tck.FileSystemPluginContract;

/** The whole compatibility kit for the example plugin: this is all a plugin's test needs. */
class Ext2PluginIT extends FileSystemPluginContract {

  @Override
  protected FileSystemPlugin plugin() {
    return new Ext2Plugin();
  }
}
