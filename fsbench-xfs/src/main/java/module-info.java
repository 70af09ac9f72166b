/** The XFS plugin: makes, tunes and reads back XFS filesystems with xfsprogs. */
module io.fsbench.xfs {
  requires io.fsbench.api;

  provides io.fsbench.spi.FileSystemPlugin with
      io.fsbench.xfs.XfsPlugin;
}
