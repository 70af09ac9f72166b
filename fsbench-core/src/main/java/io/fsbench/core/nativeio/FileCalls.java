package io.fsbench.core.nativeio;

import com.sun.jna.Native;
import io.fsbench.api.EnvironmentException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The file calls of the metadata, PostMark and tree workloads, with their exact flags, on {@link
 * NativePath}s and {@link NativeBuffer}s: one libc call each through {@link LibC}, no copy and no
 * allocation, and what the JDK lacks or spreads over several calls (sync, syncfs, futimens). Errors
 * are the JDK's exceptions for the errno ({@link NoSuchFileException}, {@link
 * FileAlreadyExistsException}, {@link AccessDeniedException}, else {@link FileSystemException}),
 * naming the path and the call.
 */
public final class FileCalls {

  public static final int O_RDONLY = LibC.O_RDONLY;
  public static final int O_WRONLY = LibC.O_WRONLY;
  public static final int O_RDWR = LibC.O_RDWR;
  public static final int O_CREAT = LibC.O_CREAT;
  public static final int O_EXCL = LibC.O_EXCL;
  public static final int O_TRUNC = LibC.O_TRUNC;
  public static final int O_APPEND = LibC.O_APPEND;
  public static final int O_NOFOLLOW = LibC.O_NOFOLLOW;
  public static final int SEEK_END = LibC.SEEK_END;
  public static final int O_DIRECT = LibC.O_DIRECT;
  public static final int O_SYNC = LibC.O_SYNC;

  private static final String LOAD_ERROR = load();

  // Per thread: the calls that use them run on many threads at once.
  private static final ThreadLocal<NativeBuffer> STAT =
      ThreadLocal.withInitial(() -> NativeBuffer.allocate(LibC.STATX_BUFFER));
  private static final ThreadLocal<NativeBuffer> TIMES =
      ThreadLocal.withInitial(() -> NativeBuffer.allocate(32));
  private static final ThreadLocal<NativePath> EMPTY = ThreadLocal.withInitial(NativePath::new);

  private FileCalls() {}

  private static String load() {
    try {
      Class.forName(LibC.class.getName(), true, FileCalls.class.getClassLoader());
      return null;
    } catch (LinkageError | ReflectiveOperationException | RuntimeException e) {
      return e.toString();
    }
  }

  /** Whether libc could be bound on this machine. */
  public static boolean available() {
    return LOAD_ERROR == null;
  }

  /**
   * Checks that libc is bound.
   *
   * @throws EnvironmentException when it is not, with the reason
   */
  public static void requireAvailable() {
    if (LOAD_ERROR != null) {
      throw new EnvironmentException(
          "libc is not reachable through JNA ("
              + LOAD_ERROR
              + "); these workloads need 64-bit Linux with glibc 2.28 or newer");
    }
  }

  /** sync(2). */
  public static void sync() {
    LibC.sync();
  }

  /** syncfs(2) of the filesystem that holds {@code anyPath} (a file or directory). */
  public static void syncfs(Path anyPath) throws IOException {
    NativePath path = new NativePath().set(NativePath.encode(anyPath));
    int fd = open(path, O_RDONLY, 0);
    try {
      if (LibC.syncfs(fd) != 0) {
        throw error("syncfs of the filesystem holding", path.toString(), Native.getLastError());
      }
    } finally {
      close(fd);
    }
  }

  /**
   * Freezes the filesystem that holds {@code anyPath} and thaws it at once (ioctl FIFREEZE,
   * FITHAW): a freeze writes everything and finishes the work a filesystem defers, such as XFS's
   * freeing of deleted files' blocks in the background, so that statfs afterwards reads the state
   * the last operations left. Returns false, having done nothing, where the filesystem cannot be
   * frozen (FUSE, not CAP_SYS_ADMIN); the thaw always follows a freeze that worked.
   */
  public static boolean freezeAndThaw(Path anyPath) throws IOException {
    NativePath path = new NativePath().set(NativePath.encode(anyPath));
    int fd = open(path, O_RDONLY, 0);
    try {
      if (LibC.ioctl(fd, LibC.FIFREEZE, 0) != 0) {
        int errno = Native.getLastError();
        if (errno == NativeIoException.EOPNOTSUPP
            || errno == NativeIoException.ENOTTY
            || errno == NativeIoException.EPERM) {
          return false;
        }
        throw error("ioctl(FIFREEZE) of the filesystem holding", path.toString(), errno);
      }
      if (LibC.ioctl(fd, LibC.FITHAW, 0) != 0) {
        throw error(
            "ioctl(FITHAW) of the filesystem holding", path.toString(), Native.getLastError());
      }
      return true;
    } finally {
      close(fd);
    }
  }

  /**
   * Thaws the filesystem mounted at {@code mountPoint} if it is frozen (ioctl FITHAW): what a run
   * killed between a freeze and its thaw left, which would make the unmount wait for ever. Returns
   * whether it was frozen; a filesystem that is not frozen, or cannot be, is left as it is.
   */
  public static boolean thawIfFrozen(Path mountPoint) {
    try {
      NativePath path = new NativePath().set(NativePath.encode(mountPoint));
      int fd = open(path, O_RDONLY, 0);
      try {
        return LibC.ioctl(fd, LibC.FITHAW, 0) == 0;
      } finally {
        close(fd);
      }
    } catch (IOException e) {
      return false; // not there any more, or not a directory: nothing to thaw
    }
  }

  /**
   * open(2) with O_CLOEXEC added; returns the descriptor. It is glibc's open: openat(AT_FDCWD, ..),
   * made through the JNI shim, which costs a plain native call where JNA's costs several times that
   * (filebench's webserver opens a file every third op).
   */
  public static int open(NativePath path, int flags, int mode) throws IOException {
    long address = path.address();
    while (true) {
      int fd = Shim.openAt(LibC.AT_FDCWD, address, flags | LibC.O_CLOEXEC, mode);
      if (fd >= 0) {
        return fd;
      }
      int errno = -fd;
      if (errno != NativeIoException.EINTR) {
        throw error("open", path.toString(), errno);
      }
    }
  }

  /**
   * openat(2) of {@code relative} in the directory {@code dirFd}, with O_CLOEXEC added: a lookup of
   * the name alone, as a tool that made the directory its working directory opens it.
   */
  public static int openAt(int dirFd, NativePath relative, int flags, int mode) throws IOException {
    long address = relative.address();
    while (true) {
      int fd = Shim.openAt(dirFd, address, flags | LibC.O_CLOEXEC, mode);
      if (fd >= 0) {
        return fd;
      }
      int errno = -fd;
      if (errno != NativeIoException.EINTR) {
        throw error("open", relative.toString(), errno);
      }
    }
  }

  /** The size of {@code relative} in the directory {@code dirFd}, following a final link (stat). */
  public static long statSizeAt(int dirFd, NativePath relative) throws IOException {
    NativeBuffer buffer = STAT.get();
    long address = buffer.address(0, LibC.STATX_BUFFER);
    int r = Shim.statx(dirFd, relative.address(), 0, LibC.STATX_SIZE, address);
    if (r != 0) {
      throw error("stat", relative.toString(), -r);
    }
    return buffer.buffer().order(ByteOrder.nativeOrder()).getLong(LibC.STATX_SIZE_OFFSET);
  }

  /** unlinkat(2) of the file {@code relative} in the directory {@code dirFd}. */
  public static void unlinkAt(int dirFd, NativePath relative) throws IOException {
    int r = Shim.unlinkAt(dirFd, relative.address(), 0);
    if (r != 0) {
      throw error("unlink", relative.toString(), -r);
    }
  }

  /**
   * Whether the kernel holds a block device exclusively — mounted, swap, a member of an md, dm or
   * OpenZFS device — found as Linux does: an {@code open(O_EXCL)} of a block device fails with
   * EBUSY while someone has claimed it.
   */
  public static boolean claimedExclusively(Path device) throws IOException {
    requireAvailable();
    int fd = LibC.open(device.toString(), LibC.O_RDONLY | LibC.O_EXCL | LibC.O_CLOEXEC, 0);
    if (fd >= 0) {
      LibC.close(fd);
      return false;
    }
    int errno = Native.getLastError();
    if (errno == NativeIoException.EBUSY) {
      return true;
    }
    throw error("open exclusively", device.toString(), errno);
  }

  /** read(2) into {@code length} bytes of {@code into} at {@code offset}; 0 at end of file. */
  public static int read(int fd, NativeBuffer into, int offset, int length) throws IOException {
    long address = into.address(offset, length);
    while (true) {
      long n = Shim.read(fd, address, length);
      if (n >= 0) {
        return (int) n;
      }
      int errno = (int) -n;
      if (errno != NativeIoException.EINTR) {
        throw new IOException("read failed: " + NativeIoException.describe(errno));
      }
    }
  }

  /** write(2) of {@code length} bytes of {@code from} at {@code offset}; may write fewer. */
  public static int write(int fd, NativeBuffer from, int offset, int length) throws IOException {
    long address = from.address(offset, length);
    while (true) {
      long n = Shim.write(fd, address, length);
      if (n >= 0) {
        return (int) n;
      }
      int errno = (int) -n;
      if (errno != NativeIoException.EINTR) {
        throw new IOException("write failed: " + NativeIoException.describe(errno));
      }
    }
  }

  /** pread(2) into {@code length} bytes of {@code into} at {@code offset}; 0 at end of file. */
  public static int pread(int fd, NativeBuffer into, int offset, int length, long position)
      throws IOException {
    long address = into.address(offset, length);
    while (true) {
      long n = Shim.pread(fd, address, length, position);
      if (n >= 0) {
        return (int) n;
      }
      int errno = (int) -n;
      if (errno != NativeIoException.EINTR) {
        throw new IOException(
            "pread at " + position + " failed: " + NativeIoException.describe(errno));
      }
    }
  }

  /** pwrite(2) of {@code length} bytes of {@code from} at {@code position}; may write fewer. */
  public static int pwrite(int fd, NativeBuffer from, int offset, int length, long position)
      throws IOException {
    long address = from.address(offset, length);
    while (true) {
      long n = Shim.pwrite(fd, address, length, position);
      if (n >= 0) {
        return (int) n;
      }
      int errno = (int) -n;
      if (errno != NativeIoException.EINTR) {
        throw new IOException(
            "pwrite at " + position + " failed: " + NativeIoException.describe(errno));
      }
    }
  }

  /** Writes all {@code length} bytes, in as many write(2) calls as the kernel needs. */
  public static void writeFully(int fd, NativeBuffer from, int offset, int length)
      throws IOException {
    int done = 0;
    do {
      int n = write(fd, from, offset + done, length - done);
      if (n <= 0 && length > 0) {
        throw new IOException("write made no progress after " + done + " of " + length + " bytes");
      }
      done += n;
    } while (done < length);
  }

  /** close(2); Linux releases the descriptor even when close fails (e.g. EIO), so never retry. */
  public static void close(int fd) throws IOException {
    int r = Shim.close(fd);
    if (r != 0) {
      throw new IOException("close failed: " + NativeIoException.describe(-r));
    }
  }

  public static void fsync(int fd) throws IOException {
    int r = Shim.fsync(fd);
    if (r != 0) {
      throw new IOException("fsync failed: " + NativeIoException.describe(-r));
    }
  }

  public static long lseek(int fd, long offset, int whence) throws IOException {
    long position = Shim.lseek(fd, offset, whence);
    if (position < 0) {
      throw new IOException("lseek failed: " + NativeIoException.describe((int) -position));
    }
    return position;
  }

  /**
   * fstat of an open file, made as glibc's fstat makes it: newfstatat(fd, "", AT_EMPTY_PATH). The
   * result is not needed. (glibc only exports fstat itself from 2.33 on.)
   */
  public static void fstat(int fd) throws IOException {
    long empty = EMPTY.get().truncate(0).address();
    long buffer = STAT.get().address(0, LibC.STATX_BUFFER);
    if (LibC.syscall(LibC.SYS_NEWFSTATAT, fd, empty, buffer, LibC.AT_EMPTY_PATH, 0, 0) != 0) {
      throw new IOException("fstat failed: " + NativeIoException.describe(Native.getLastError()));
    }
  }

  /** The size of {@code path} without following a final link (lstat). */
  public static long lstatSize(NativePath path) throws IOException {
    NativeBuffer buffer = STAT.get();
    long address = buffer.address(0, LibC.STATX_BUFFER);
    int flags = LibC.AT_SYMLINK_NOFOLLOW;
    if (LibC.statx(LibC.AT_FDCWD, path.address(), flags, LibC.STATX_SIZE, address) != 0) {
      throw error("stat", path.toString(), Native.getLastError());
    }
    return buffer.buffer().order(ByteOrder.nativeOrder()).getLong(LibC.STATX_SIZE_OFFSET);
  }

  /**
   * stat(2) of {@code path}, or lstat(2) when {@code follow} is false, made as glibc makes them:
   * newfstatat(AT_FDCWD, path, buf, 0 or AT_SYMLINK_NOFOLLOW). The result is not needed.
   */
  public static void stat(NativePath path, boolean follow) throws IOException {
    long buffer = STAT.get().address(0, LibC.STATX_BUFFER);
    int flags = follow ? 0 : LibC.AT_SYMLINK_NOFOLLOW;
    if (LibC.syscall(LibC.SYS_NEWFSTATAT, LibC.AT_FDCWD, path.address(), buffer, flags, 0, 0)
        != 0) {
      throw error(follow ? "stat" : "lstat", path.toString(), Native.getLastError());
    }
  }

  /**
   * statx(2) of an absolute {@code path} with STATX_ALL and no flags, as fio's filestat engine
   * calls it (with a directory descriptor of -1, which an absolute path never uses).
   */
  public static void statxAll(NativePath path) throws IOException {
    long buffer = STAT.get().address(0, LibC.STATX_BUFFER);
    if (LibC.statx(-1, path.address(), 0, STATX_ALL, buffer) != 0) {
      throw error("statx", path.toString(), Native.getLastError());
    }
  }

  private static final int STATX_ALL = 0xfff;

  public static void unlink(NativePath path) throws IOException {
    if (LibC.unlink(path.address()) != 0) {
      throw error("unlink", path.toString(), Native.getLastError());
    }
  }

  public static void rename(NativePath from, NativePath to) throws IOException {
    if (LibC.rename(from.address(), to.address()) != 0) {
      throw error("rename to " + to + ": cannot rename", from.toString(), Native.getLastError());
    }
  }

  /** rmdir(2). */
  public static void rmdir(NativePath path) throws IOException {
    if (LibC.rmdir(path.address()) != 0) {
      throw error("rmdir", path.toString(), Native.getLastError());
    }
  }

  /** mkdir(2); false when the path exists already. */
  public static boolean mkdir(NativePath path, int mode) throws IOException {
    if (LibC.mkdir(path.address(), mode) == 0) {
      return true;
    }
    int errno = Native.getLastError();
    if (errno == NativeIoException.EEXIST) {
      return false;
    }
    throw error("mkdir", path.toString(), errno);
  }

  /**
   * Sets the modification time of an open file and leaves its access time, with one futimens(2), as
   * GNU tar restores an extracted file's time.
   */
  public static void setModifiedTime(int fd, long epochSecond, int nanos) throws IOException {
    if (LibC.futimens(fd, modifiedOnly(epochSecond, nanos)) != 0) {
      throw new IOException(
          "setting the modification time failed: "
              + NativeIoException.describe(Native.getLastError()));
    }
  }

  /**
   * Sets the modification time of {@code path}, not following a final link, and leaves its access
   * time: one utimensat(2), as GNU tar restores a directory's time.
   */
  public static void setModifiedTime(NativePath path, long epochSecond, int nanos)
      throws IOException {
    long times = modifiedOnly(epochSecond, nanos);
    if (LibC.utimensat(LibC.AT_FDCWD, path.address(), times, LibC.AT_SYMLINK_NOFOLLOW) != 0) {
      throw error("set the modification time of", path.toString(), Native.getLastError());
    }
  }

  /** fchown(2): gives an open file to {@code uid} and {@code gid}, as GNU tar does as root. */
  public static void chown(int fd, String file, int uid, int gid) throws IOException {
    if (LibC.fchown(fd, uid, gid) != 0) {
      throw error("change the owner of", file, Native.getLastError());
    }
  }

  /** fchownat(2) without following a final link: the owner of a link itself, as lchown. */
  public static void chownNoFollow(NativePath path, int uid, int gid) throws IOException {
    if (LibC.fchownat(LibC.AT_FDCWD, path.address(), uid, gid, LibC.AT_SYMLINK_NOFOLLOW) != 0) {
      throw error("change the owner of", path.toString(), Native.getLastError());
    }
  }

  /** fchmod(2): the exact mode, not under the umask. */
  public static void chmod(int fd, String file, int mode) throws IOException {
    if (LibC.fchmod(fd, mode) != 0) {
      throw error("change the mode of", file, Native.getLastError());
    }
  }

  /** Opens a directory (never through a final link) to set its owner, mode and time. */
  public static int openDirectory(NativePath path) throws IOException {
    return open(path, LibC.O_RDONLY | LibC.O_DIRECTORY | LibC.O_NOFOLLOW, 0);
  }

  /** Two struct timespec in this thread's buffer: access time omitted, then the given one. */
  private static long modifiedOnly(long epochSecond, int nanos) {
    NativeBuffer times = TIMES.get();
    ByteBuffer b = times.buffer();
    b.order(ByteOrder.nativeOrder());
    b.putLong(0, 0).putLong(8, LibC.UTIME_OMIT).putLong(16, epochSecond).putLong(24, nanos);
    return times.address(0, 32);
  }

  /**
   * The JDK's exception for {@code errno}: NoSuchFile, FileAlreadyExists, AccessDenied, else
   * FileSystem; its cause carries the number ({@link #errno(IOException)}).
   */
  static IOException error(String what, String file, int errno) {
    String reason = what + ": " + NativeIoException.describe(errno);
    IOException e =
        switch (errno) {
          case NativeIoException.ENOENT -> new NoSuchFileException(file, null, reason);
          case NativeIoException.EEXIST -> new FileAlreadyExistsException(file, null, reason);
          case NativeIoException.EACCES, NativeIoException.EPERM ->
              new AccessDeniedException(file, null, reason);
          default -> new FileSystemException(file, null, reason);
        };
    e.initCause(NativeIoException.of(errno, what, file));
    return e;
  }

  /** The errno of a failure of one of these calls, 0 for an exception that carries none. */
  public static int errno(IOException e) {
    if (e instanceof NativeIoException n) {
      return n.errno();
    }
    return e.getCause() instanceof NativeIoException n ? n.errno() : 0;
  }
}
