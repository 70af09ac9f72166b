/**
 * The ZFS plugin for fsbench (OpenZFS or zfs-fuse). It exports nothing: core finds it as a service.
 */
module io.fsbench.zfs {
  requires io.fsbench.api;

  provides io.fsbench.spi.FileSystemPlugin with
      io.fsbench.zfs.ZfsPlugin;
}
