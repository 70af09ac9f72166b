package io.fsbench.core.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.file.Path;
import java.util.Map;

/**
 * Space and type of the filesystem holding a path, from statvfs(3) and statfs(2).
 *
 * <pre>{@code
 * FileSystemStats stats = FileSystemStats.of(mountPoint);
 * if (stats.availableBytes() < needed) ...
 * }</pre>
 *
 * @param blockSize the fragment size that block counts are in (f_frsize)
 * @param totalBytes the filesystem's size
 * @param freeBytes free space, including what is reserved for root
 * @param availableBytes free space an unprivileged user may use
 * @param totalInodes inodes in all, 0 where the filesystem has no fixed number (btrfs)
 * @param freeInodes free inodes
 * @param typeMagic statfs's f_type, e.g. 0xEF53 for ext2/3/4
 */
public record FileSystemStats(
    long blockSize,
    long totalBytes,
    long freeBytes,
    long availableBytes,
    long totalInodes,
    long freeInodes,
    long typeMagic) {

  private static final Map<Long, String> TYPES =
      Map.of(
          0xEF53L, "ext4",
          0x58465342L, "xfs",
          0x9123683EL, "btrfs",
          0x2FC12FC1L, "zfs",
          0x65735546L, "fuse",
          0x01021994L, "tmpfs",
          0x794C7630L, "overlayfs",
          0xF2F52010L, "f2fs",
          0xCA451A4EL, "bcachefs");

  public FileSystemStats {
    if (blockSize <= 0) {
      throw new IllegalArgumentException("blockSize (" + blockSize + ") must be positive");
    }
    if (freeBytes > totalBytes || availableBytes > freeBytes) {
      throw new IllegalArgumentException(
          "expected available ("
              + availableBytes
              + ") <= free ("
              + freeBytes
              + ") <= total ("
              + totalBytes
              + ") bytes");
    }
  }

  /** Reads the stats of the filesystem that holds {@code path}. */
  public static FileSystemStats of(Path path) throws NativeIoException {
    String name = path.toAbsolutePath().toString();
    try (Memory vfs = new Memory(128);
        Memory fs = new Memory(128)) {
      if (LibC.statvfs(name, Pointer.nativeValue(vfs)) != 0) {
        throw NativeIoException.of(Native.getLastError(), "statvfs", name);
      }
      if (LibC.statfs(name, Pointer.nativeValue(fs)) != 0) {
        throw NativeIoException.of(Native.getLastError(), "statfs", name);
      }
      // struct statvfs (LP64): bsize, frsize, blocks, bfree, bavail, files, ffree, ...
      long frsize = vfs.getLong(8);
      long blockSize = frsize != 0 ? frsize : vfs.getLong(0);
      return new FileSystemStats(
          blockSize,
          vfs.getLong(16) * blockSize,
          vfs.getLong(24) * blockSize,
          vfs.getLong(32) * blockSize,
          vfs.getLong(40),
          vfs.getLong(48),
          fs.getLong(0) & 0xFFFFFFFFL);
    }
  }

  /** Bytes in use: total minus free. */
  public long usedBytes() {
    return totalBytes - freeBytes;
  }

  /** The filesystem's name for known magic numbers ("ext4" also for ext2/3), else its hex magic. */
  public String typeName() {
    return TYPES.getOrDefault(typeMagic, "0x" + Long.toHexString(typeMagic));
  }
}
