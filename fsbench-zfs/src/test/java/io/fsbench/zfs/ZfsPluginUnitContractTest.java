package io.fsbench.zfs;

import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.tck.FakeHost;
import io.fsbench.tck.FileSystemPluginUnitContract;

/**
 * The kit's unit-level contract for the ZFS plugin on zfs-fuse: no root, no disk, no tools. The
 * host answers {@code zfs get} and {@code zpool get} as zfs-fuse does, which the plugin asks to
 * learn what this ZFS offers.
 */
class ZfsPluginUnitContractTest extends FileSystemPluginUnitContract {

  @Override
  protected FileSystemPlugin plugin() {
    return new ZfsPlugin();
  }

  @Override
  protected FakeHost host() {
    return ZfsHosts.zfsFuse();
  }
}
