package io.fsbench.xfs;

import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.tck.FileSystemPluginContract;

/** The compatibility kit, run against the XFS plugin on real loop devices. */
class XfsPluginContractIT extends FileSystemPluginContract {

  @Override
  protected FileSystemPlugin plugin() {
    return new XfsPlugin();
  }
}
