package io.fsbench.core.nativeio;

/**
 * How {@link NativeFile#open} opens a file; each constant is one open(2) flag. Without {@link
 * #WRITE} or {@link #READ_WRITE} a file is opened read-only.
 */
public enum OpenFlag {
  /** O_RDWR. */
  READ_WRITE(LibC.O_RDWR),
  /** O_WRONLY. */
  WRITE(LibC.O_WRONLY),
  /** O_CREAT, with mode 0644. */
  CREATE(LibC.O_CREAT),
  /** O_EXCL: fail with EEXIST if the file exists (with {@link #CREATE}). */
  EXCLUSIVE(LibC.O_EXCL),
  /** O_TRUNC. */
  TRUNCATE(LibC.O_TRUNC),
  /** O_APPEND. */
  APPEND(LibC.O_APPEND),
  /** O_DIRECT: bypass the page cache; buffers, lengths and offsets must be block aligned. */
  DIRECT(LibC.O_DIRECT),
  /** O_DSYNC: each write returns after its data (not all metadata) is durable. */
  DSYNC(LibC.O_DSYNC),
  /** O_SYNC: each write returns after its data and metadata are durable. */
  SYNC(LibC.O_SYNC),
  /** O_NOATIME: reads do not update the access time (owner or CAP_FOWNER only). */
  NOATIME(LibC.O_NOATIME);

  final int bits;

  OpenFlag(int bits) {
    this.bits = bits;
  }
}
