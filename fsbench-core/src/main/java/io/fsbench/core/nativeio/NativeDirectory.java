package io.fsbench.core.nativeio;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * An open directory read with readdir(3), for walking and removing trees as find and rm do: the
 * entry's type comes from readdir's d_type (no stat), children are opened with openat(O_NOFOLLOW)
 * relative to this directory and entries removed with unlinkat, so nothing outside the tree is ever
 * reached through a link, even one swapped in while the walk runs. Names stay in readdir's own
 * buffer and go back to the kernel from there: an entry costs no allocation.
 *
 * <p>The current entry is valid until the next {@link #next()} or {@link #close()}.
 */
public final class NativeDirectory implements AutoCloseable {

  public static final int DT_UNKNOWN = 0;
  public static final int DT_DIR = 4;
  public static final int DT_REG = 8;
  public static final int DT_LNK = 10;

  // struct dirent on 64-bit Linux (glibc and musl): d_ino 8, d_off 8, d_reclen 2, d_type 1, d_name.
  private static final int D_TYPE = 18;
  private static final int D_NAME = 19;
  private static final int OPEN =
      LibC.O_RDONLY | LibC.O_DIRECTORY | LibC.O_NOFOLLOW | LibC.O_CLOEXEC;
  private static final int S_IFMT = 0170000;
  private static final int S_IFDIR = 0040000;
  private static final int S_IFLNK = 0120000;
  private static final int S_IFREG = 0100000;

  private final String path;
  private final int fd;
  private long dir;
  private long entry;
  private final NativeBuffer stat = NativeBuffer.allocate(LibC.STATX_BUFFER);

  private NativeDirectory(String path, int fd) throws IOException {
    this.path = path;
    this.fd = fd;
    this.dir = LibC.fdopendir(fd);
    if (dir == 0) {
      int errno = Native.getLastError();
      LibC.close(fd);
      throw FileCalls.error("fdopendir", path, errno);
    }
  }

  /** Opens {@code path}, which must be a directory and not a link to one. */
  public static NativeDirectory open(Path path) throws IOException {
    FileCalls.requireAvailable();
    NativePath p = new NativePath().set(NativePath.encode(path));
    return opened(path.toString(), LibC.openat(LibC.AT_FDCWD, p.address(), OPEN, 0));
  }

  /** Opens the current entry, a directory, relative to this one and without following links. */
  public NativeDirectory openEntry() throws IOException {
    return opened(path + "/" + name(), LibC.openat(fd, name(entry), OPEN, 0));
  }

  private static NativeDirectory opened(String path, int fd) throws IOException {
    if (fd < 0) {
      throw FileCalls.error("open directory", path, Native.getLastError());
    }
    return new NativeDirectory(path, fd);
  }

  /** Moves to the next entry other than "." and ".."; false at the end. */
  public boolean next() throws IOException {
    while (true) {
      Native.setLastError(0);
      entry = LibC.readdir(dir);
      if (entry == 0) {
        int errno = Native.getLastError();
        if (errno != 0) {
          throw FileCalls.error("readdir", path, errno);
        }
        return false;
      }
      if (!isDotOrDotDot(entry)) {
        return true;
      }
    }
  }

  private static boolean isDotOrDotDot(long entry) {
    Pointer p = new Pointer(entry);
    return p.getByte(D_NAME) == '.'
        && (p.getByte(D_NAME + 1) == 0
            || (p.getByte(D_NAME + 1) == '.' && p.getByte(D_NAME + 2) == 0));
  }

  private static long name(long entry) {
    return entry + D_NAME;
  }

  /** The current entry's name. */
  public String name() {
    return new Pointer(name(entry)).getString(0);
  }

  /** The current entry's d_type; stats it (without following links) when readdir cannot tell. */
  public int type() throws IOException {
    int type = new Pointer(entry).getByte(D_TYPE) & 0xff;
    if (type != DT_UNKNOWN) {
      return type;
    }
    int mode = statEntry(LibC.STATX_TYPE).getShort(LibC.STATX_MODE_OFFSET) & S_IFMT;
    switch (mode) {
      case S_IFDIR:
        return DT_DIR;
      case S_IFLNK:
        return DT_LNK;
      case S_IFREG:
        return DT_REG;
      default:
        return DT_UNKNOWN;
    }
  }

  /** lstat of the current entry (statx relative to this directory); returns its size. */
  public long lstatSize() throws IOException {
    return statEntry(LibC.STATX_BASIC_STATS).getLong(LibC.STATX_SIZE_OFFSET);
  }

  private java.nio.ByteBuffer statEntry(int mask) throws IOException {
    long buffer = stat.address(0, LibC.STATX_BUFFER);
    if (LibC.statx(fd, name(entry), LibC.AT_SYMLINK_NOFOLLOW, mask, buffer) != 0) {
      throw FileCalls.error("stat", path + "/" + name(), Native.getLastError());
    }
    return stat.buffer().order(ByteOrder.nativeOrder());
  }

  /** unlinkat of the current entry; {@code directory} must say whether it is one. */
  public void removeEntry(boolean directory) throws IOException {
    if (LibC.unlinkat(fd, name(entry), directory ? LibC.AT_REMOVEDIR : 0) != 0) {
      throw FileCalls.error("remove", path + "/" + name(), Native.getLastError());
    }
  }

  @Override
  public void close() throws IOException {
    if (dir != 0) {
      long d = dir;
      dir = 0;
      entry = 0;
      if (LibC.closedir(d) != 0) { // closes the descriptor too
        throw FileCalls.error("closedir", path, Native.getLastError());
      }
    }
  }
}
