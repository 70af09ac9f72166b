/** The ext4 plugin: makes, tunes and reads back ext4 filesystems with e2fsprogs. */
module io.fsbench.ext4 {
  requires io.fsbench.api;

  provides io.fsbench.spi.FileSystemPlugin with
      io.fsbench.ext4.Ext4Plugin;
}
