package io.fsbench.core.nativeio;

import com.sun.jna.Native;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;

/**
 * An open directory read with getdents64(2), for walking and removing trees as find and rm do: the
 * entry's type comes from d_type (no stat), children are opened with openat(O_NOFOLLOW) relative to
 * this directory and entries removed with unlinkat, so nothing outside the tree is ever reached
 * through a link, even one swapped in while the walk runs.
 *
 * <p>The kernel fills a buffer of this directory's with many entries per call and Java parses it in
 * place; names go back to the kernel from that buffer. An entry therefore costs no native call of
 * its own for reading (readdir(3) through JNA would cost several: the call, errno, each field) and
 * no allocation. Buffers are reused per thread, one per open level of the walk.
 *
 * <p>The current entry is valid until the next {@link #next()} or {@link #close()}.
 */
public final class NativeDirectory implements AutoCloseable {

  public static final int DT_UNKNOWN = 0;
  public static final int DT_DIR = 4;
  public static final int DT_REG = 8;
  public static final int DT_LNK = 10;

  // struct linux_dirent64: d_ino 8, d_off 8, d_reclen 2, d_type 1, d_name (NUL-terminated).
  private static final int D_RECLEN = 16;
  private static final int D_TYPE = 18;
  private static final int D_NAME = 19;
  private static final int OPEN =
      LibC.O_RDONLY | LibC.O_DIRECTORY | LibC.O_NOFOLLOW | LibC.O_CLOEXEC;
  private static final int S_IFMT = 0170000;
  private static final int S_IFDIR = 0040000;
  private static final int S_IFLNK = 0120000;
  private static final int S_IFREG = 0100000;

  /** What glibc's readdir asks getdents64 for per call. */
  private static final int BUFFER_SIZE = 32 * 1024;

  private static final ThreadLocal<ArrayDeque<NativeBuffer>> FREE_BUFFERS =
      ThreadLocal.withInitial(ArrayDeque::new);

  private final String path;
  private int fd;
  private final NativeBuffer entries;
  private final ByteBuffer view;
  private final long address;
  private int filled;
  private int next;
  private int entry = -1;
  private NativeBuffer stat;

  private NativeDirectory(String path, int fd) {
    this.path = path;
    this.fd = fd;
    NativeBuffer buffer = FREE_BUFFERS.get().poll();
    this.entries = buffer != null ? buffer : NativeBuffer.allocate(BUFFER_SIZE);
    this.view = entries.buffer().duplicate().order(ByteOrder.nativeOrder());
    this.address = entries.address(0, BUFFER_SIZE);
  }

  /** Opens {@code path}, which must be a directory and not a link to one. */
  public static NativeDirectory open(Path path) throws IOException {
    FileCalls.requireAvailable();
    NativePath p = new NativePath().set(NativePath.encode(path));
    return opened(path.toString(), LibC.openat(LibC.AT_FDCWD, p.address(), OPEN, 0));
  }

  /** Opens the current entry, a directory, relative to this one and without following links. */
  public NativeDirectory openEntry() throws IOException {
    return opened(path + "/" + name(), LibC.openat(fd, nameAddress(), OPEN, 0));
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
      if (next >= filled && !fill()) {
        entry = -1;
        return false;
      }
      entry = next;
      next += view.getShort(entry + D_RECLEN) & 0xffff;
      if (!isDotOrDotDot(entry)) {
        return true;
      }
    }
  }

  /** One getdents64 call; false at the end of the directory. */
  private boolean fill() throws IOException {
    long n = LibC.syscall(LibC.SYS_GETDENTS64, fd, address, BUFFER_SIZE, 0, 0, 0);
    if (n < 0) {
      throw FileCalls.error("read directory", path, Native.getLastError());
    }
    filled = (int) n;
    next = 0;
    return n > 0;
  }

  private boolean isDotOrDotDot(int at) {
    return view.get(at + D_NAME) == '.'
        && (view.get(at + D_NAME + 1) == 0
            || (view.get(at + D_NAME + 1) == '.' && view.get(at + D_NAME + 2) == 0));
  }

  private long nameAddress() {
    return address + entry + D_NAME;
  }

  /** The current entry's name. */
  public String name() {
    int start = entry + D_NAME;
    int end = start;
    while (view.get(end) != 0) {
      end++;
    }
    byte[] bytes = new byte[end - start];
    view.get(start, bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** The current entry's d_type; stats it (without following links) when the kernel cannot tell. */
  public int type() throws IOException {
    int type = view.get(entry + D_TYPE) & 0xff;
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

  private ByteBuffer statEntry(int mask) throws IOException {
    if (stat == null) {
      stat = NativeBuffer.allocate(LibC.STATX_BUFFER);
    }
    long buffer = stat.address(0, LibC.STATX_BUFFER);
    if (LibC.statx(fd, nameAddress(), LibC.AT_SYMLINK_NOFOLLOW, mask, buffer) != 0) {
      throw FileCalls.error("stat", path + "/" + name(), Native.getLastError());
    }
    return stat.buffer().order(ByteOrder.nativeOrder());
  }

  /**
   * unlinkat of the current entry, through the JNI shim as every other unlink (JNA's per-call cost
   * showed in bonnie's sequential delete); {@code directory} must say whether it is one.
   */
  public void removeEntry(boolean directory) throws IOException {
    int r = Shim.unlinkAt(fd, nameAddress(), directory ? LibC.AT_REMOVEDIR : 0);
    if (r != 0) {
      throw FileCalls.error("remove", path + "/" + name(), -r);
    }
  }

  @Override
  public void close() throws IOException {
    if (fd >= 0) {
      int open = fd;
      fd = -1;
      entry = -1;
      FREE_BUFFERS.get().push(entries);
      if (LibC.close(open) != 0) {
        throw FileCalls.error("close directory", path, Native.getLastError());
      }
    }
  }
}
