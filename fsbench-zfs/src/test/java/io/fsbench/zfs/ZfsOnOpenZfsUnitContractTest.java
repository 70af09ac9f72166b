package io.fsbench.zfs;

import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.tck.FakeHost;
import io.fsbench.tck.FileSystemPluginUnitContract;

/** The kit's unit-level contract for the ZFS plugin on a host with OpenZFS 2.3's module. */
class ZfsOnOpenZfsUnitContractTest extends FileSystemPluginUnitContract {

  @Override
  protected FileSystemPlugin plugin() {
    return new ZfsPlugin();
  }

  @Override
  protected FakeHost host() {
    return ZfsHosts.openZfs();
  }
}
