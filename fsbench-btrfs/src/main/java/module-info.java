/** The Btrfs plugin for fsbench. It exports nothing: core finds it as a service. */
module io.fsbench.btrfs {
  requires io.fsbench.api;

  provides io.fsbench.spi.FileSystemPlugin with
      io.fsbench.btrfs.BtrfsPlugin;
}
