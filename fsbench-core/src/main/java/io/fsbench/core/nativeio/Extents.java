package io.fsbench.core.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * Where a file's data lies on its device, from ioctl FS_IOC_FIEMAP: how many physically contiguous
 * runs its extents make. Extents that continue one another on the device count as one run, so a
 * contiguous file is one run on every filesystem, whatever the largest extent its format records
 * (ext4 splits at 128 MiB, XFS at 8 GiB).
 *
 * <pre>{@code
 * OptionalLong runs = Extents.contiguousRuns(file);  // empty where FIEMAP is not supported
 * }</pre>
 */
public final class Extents {

  /** _IOWR('f', 11, struct fiemap): the 32-byte header. */
  private static final long FS_IOC_FIEMAP = 0xC020660BL;

  private static final int FIEMAP_FLAG_SYNC = 0x1;
  private static final int FIEMAP_EXTENT_LAST = 0x1;
  private static final int HEADER = 32;
  private static final int EXTENT = 56;
  private static final int BATCH = 256;

  private static final int EOPNOTSUPP = 95;
  private static final int ENOTTY = 25;

  private Extents() {}

  /**
   * The physically contiguous runs of the file's data (0 for an empty file), its delayed
   * allocations made first (FIEMAP_FLAG_SYNC); empty where the filesystem does not map extents.
   */
  public static OptionalLong contiguousRuns(Path file) throws NativeIoException {
    try (NativeFile in = NativeFile.open(file);
        Memory map = new Memory(HEADER + (long) EXTENT * BATCH)) {
      long runs = 0;
      long start = 0;
      long lastEnd = -1;
      while (true) {
        map.clear();
        map.setLong(0, start);
        map.setLong(8, -1L); // FIEMAP_MAX_OFFSET: to the end of the file
        map.setInt(16, FIEMAP_FLAG_SYNC);
        map.setInt(24, BATCH);
        if (LibC.ioctl(in.fd(), FS_IOC_FIEMAP, Pointer.nativeValue(map)) != 0) {
          int errno = Native.getLastError();
          if (errno == EOPNOTSUPP || errno == ENOTTY) {
            return OptionalLong.empty();
          }
          throw NativeIoException.of(errno, "ioctl(FS_IOC_FIEMAP)", file.toString());
        }
        int mapped = map.getInt(20);
        if (mapped == 0) {
          return OptionalLong.of(runs);
        }
        for (int i = 0; i < mapped; i++) {
          long at = HEADER + (long) EXTENT * i;
          long logical = map.getLong(at);
          long physical = map.getLong(at + 8);
          long length = map.getLong(at + 16);
          int flags = map.getInt(at + 40);
          if (physical != lastEnd) {
            runs++;
          }
          lastEnd = physical + length;
          start = logical + length;
          if ((flags & FIEMAP_EXTENT_LAST) != 0) {
            return OptionalLong.of(runs);
          }
        }
      }
    }
  }
}
