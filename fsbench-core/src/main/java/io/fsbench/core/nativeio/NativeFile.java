package io.fsbench.core.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A file descriptor with the calls the engine needs and the JDK lacks: positional I/O on direct
 * buffers with O_DIRECT/O_DSYNC/O_NOATIME, fsync and fdatasync, posix_fadvise, fallocate and block
 * device ioctls. Every failure is a {@link NativeIoException} naming the call, the path and errno.
 *
 * <pre>{@code
 * try (NativeFile file = NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE, OpenFlag.DIRECT)) {
 *   ByteBuffer buffer = AlignedBuffers.allocate(4096);
 *   file.pwrite(buffer, 0);
 * }
 * }</pre>
 *
 * <p>pread and pwrite allocate nothing and take no lock, so that a measured I/O costs one syscall
 * plus a JNA call, as fio's psync engine costs one syscall. The instance may be shared by threads;
 * {@link #close} must not race with I/O on the same instance.
 */
public final class NativeFile implements AutoCloseable {

  static {
    // Loads the JNI library (a file copy and a dlopen) when the class is first used, which is
    // before any timed I/O, rather than inside the first one.
    Shim.loaded();
  }

  private static final int CREATE_MODE = 0644;

  private final int fd;
  private final String path;
  private final boolean direct;
  private final AtomicBoolean closed = new AtomicBoolean();

  private NativeFile(int fd, String path, boolean direct) {
    this.fd = fd;
    this.path = path;
    this.direct = direct;
  }

  /** Opens {@code path} with open(2); without WRITE or READ_WRITE it is read-only. */
  public static NativeFile open(Path path, OpenFlag... flags) throws NativeIoException {
    return open(
        path,
        flags.length == 0 ? EnumSet.noneOf(OpenFlag.class) : EnumSet.copyOf(Arrays.asList(flags)));
  }

  /** Opens {@code path} with open(2); without WRITE or READ_WRITE it is read-only. */
  public static NativeFile open(Path path, Set<OpenFlag> flags) throws NativeIoException {
    if (flags.contains(OpenFlag.WRITE) && flags.contains(OpenFlag.READ_WRITE)) {
      throw new IllegalArgumentException("flags " + flags + " name both WRITE and READ_WRITE");
    }
    int bits = LibC.O_CLOEXEC;
    for (OpenFlag flag : flags) {
      bits |= flag.bits;
    }
    String name = path.toAbsolutePath().toString();
    int fd = LibC.open(name, bits, CREATE_MODE);
    if (fd < 0) {
      int errno = Native.getLastError();
      String hint = null;
      if (errno == NativeIoException.EINVAL && flags.contains(OpenFlag.DIRECT)) {
        hint = "the filesystem does not support O_DIRECT (tmpfs does not, for example)";
      } else if (errno == NativeIoException.EPERM && flags.contains(OpenFlag.NOATIME)) {
        hint = "O_NOATIME needs the file's owner or CAP_FOWNER";
      }
      throw NativeIoException.of(errno, "open" + flags, name, hint);
    }
    return new NativeFile(fd, name, flags.contains(OpenFlag.DIRECT));
  }

  /** The file descriptor, for {@link IoQueue}; valid until {@link #close}. */
  public int fd() {
    return fd;
  }

  public String path() {
    return path;
  }

  /** Whether the file was opened with O_DIRECT. */
  public boolean isDirect() {
    return direct;
  }

  /**
   * How pread, pwrite and io_uring_enter are called, for reports: {@code jni} through fsbench's own
   * library, or {@code jna} where the build could not make it or it did not load.
   */
  public static String perIoCalls() {
    return Shim.loaded() ? "jni" : "jna";
  }

  /**
   * Reads into {@code buffer} from its position up to its limit, at file {@code offset}, with one
   * pread(2), and advances the position by the bytes read, as {@code FileChannel.read(buffer,
   * offset)} does.
   *
   * @return the bytes read, 0 at end of file
   */
  public int pread(ByteBuffer buffer, long offset) throws NativeIoException {
    return transfer(PREAD, "pread", buffer, offset);
  }

  /**
   * Writes {@code buffer} from its position up to its limit at file {@code offset} with one
   * pwrite(2), and advances the position by the bytes written.
   *
   * @return the bytes written (fewer than remaining only when the disk fills or on a signal)
   */
  public int pwrite(ByteBuffer buffer, long offset) throws NativeIoException {
    return transfer(PWRITE, "pwrite", buffer, offset);
  }

  /**
   * Writes {@code buffer} from its position up to its limit at the file's offset with one write(2),
   * as fio lays a file out, and advances the position by the bytes written.
   *
   * @return the bytes written (fewer than remaining only when the disk fills or on a signal)
   */
  public int write(ByteBuffer buffer) throws NativeIoException {
    return transfer(WRITE, "write", buffer, -1);
  }

  /**
   * Reads into {@code buffer} from its position up to its limit at the file's offset with one
   * read(2), and advances the position by the bytes read.
   *
   * @return the bytes read, 0 at end of file
   */
  public int read(ByteBuffer buffer) throws NativeIoException {
    return transfer(READ, "read", buffer, -1);
  }

  /**
   * lseek(2): moves the file's offset to {@code offset} from the start, or from where it is when
   * {@code fromCurrent}.
   *
   * @return the new offset
   */
  public long seek(long offset, boolean fromCurrent) throws NativeIoException {
    ensureOpen();
    long position = Shim.lseek(fd, offset, fromCurrent ? LibC.SEEK_CUR : LibC.SEEK_SET);
    if (position < 0) {
      throw NativeIoException.of((int) -position, "lseek(" + offset + ")", path);
    }
    return position;
  }

  public void fsync() throws NativeIoException {
    ensureOpen();
    check(LibC.fsync(fd), "fsync");
  }

  public void fdatasync() throws NativeIoException {
    ensureOpen();
    check(LibC.fdatasync(fd), "fdatasync");
  }

  /** syncfs(2): flushes the whole filesystem that holds this file. */
  public void syncfs() throws NativeIoException {
    ensureOpen();
    check(LibC.syncfs(fd), "syncfs");
  }

  /** posix_fadvise(2) over {@code length} bytes from {@code offset}; length 0 means to the end. */
  public void fadvise(Advice advice, long offset, long length) throws NativeIoException {
    ensureOpen();
    int errno = LibC.posix_fadvise(fd, offset, length, advice.value);
    if (errno != 0) {
      throw NativeIoException.of(errno, "posix_fadvise(" + advice + ")", path);
    }
  }

  /**
   * fallocate(2) mode 0 (grows the file) or {@code FALLOC_FL_KEEP_SIZE} (reserves blocks past the
   * end without changing the size).
   */
  public void fallocate(long offset, long length, boolean keepSize) throws NativeIoException {
    ensureOpen();
    int mode = keepSize ? LibC.FALLOC_FL_KEEP_SIZE : 0;
    if (LibC.fallocate(fd, mode, offset, length) != 0) {
      int errno = Native.getLastError();
      String hint =
          errno == NativeIoException.EOPNOTSUPP
              ? "the filesystem cannot preallocate; posixFallocate writes zeros instead"
              : null;
      throw NativeIoException.of(
          errno, keepSize ? "fallocate(KEEP_SIZE)" : "fallocate", path, hint);
    }
  }

  /**
   * fallocate(2) with {@code FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE}: frees the range's blocks,
   * which then read as zeros, and keeps the size (fio's trim with {@code ioengine=falloc}).
   */
  public void punchHole(long offset, long length) throws NativeIoException {
    ensureOpen();
    int mode = LibC.FALLOC_FL_PUNCH_HOLE | LibC.FALLOC_FL_KEEP_SIZE;
    if (LibC.fallocate(fd, mode, offset, length) != 0) {
      throw NativeIoException.of(Native.getLastError(), "fallocate(PUNCH_HOLE)", path);
    }
  }

  /**
   * ioctl BLKDISCARD over a range, as fio's {@code os_trim}: a block device discards it; any other
   * file fails with ENOTTY, as under fio.
   */
  public void discard(long offset, long length) throws NativeIoException {
    ensureOpen();
    Memory range = new Memory(16);
    range.setLong(0, offset);
    range.setLong(8, length);
    if (LibC.ioctl(fd, LibC.BLKDISCARD, Pointer.nativeValue(range)) != 0) {
      throw blockIoctlFailure("BLKDISCARD", Native.getLastError());
    }
  }

  /**
   * posix_fallocate(3): like fallocate mode 0, but glibc writes zeros where that is unsupported.
   */
  public void posixFallocate(long offset, long length) throws NativeIoException {
    ensureOpen();
    int errno = LibC.posix_fallocate(fd, offset, length);
    if (errno != 0) {
      throw NativeIoException.of(errno, "posix_fallocate", path);
    }
  }

  public void truncate(long length) throws NativeIoException {
    ensureOpen();
    check(LibC.ftruncate(fd, length), "ftruncate");
  }

  /** The size in bytes; for a block device, the device's size. */
  public long size() throws NativeIoException {
    ensureOpen();
    long size = LibC.lseek(fd, 0, LibC.SEEK_END);
    if (size < 0) {
      throw NativeIoException.of(Native.getLastError(), "lseek(SEEK_END)", path);
    }
    return size;
  }

  /** The size of a block device from ioctl BLKGETSIZE64. */
  public long blockDeviceSize() throws NativeIoException {
    return blockIoctl(LibC.BLKGETSIZE64, "BLKGETSIZE64", 8).getLong(0);
  }

  /** The logical sector size of a block device (ioctl BLKSSZGET): O_DIRECT's alignment unit. */
  public int logicalBlockSize() throws NativeIoException {
    return blockIoctl(LibC.BLKSSZGET, "BLKSSZGET", 4).getInt(0);
  }

  /** The physical sector size of a block device (ioctl BLKPBSZGET). */
  public int physicalBlockSize() throws NativeIoException {
    return blockIoctl(LibC.BLKPBSZGET, "BLKPBSZGET", 4).getInt(0);
  }

  /** Writes back and drops a block device's buffer cache (ioctl BLKFLSBUF, needs CAP_SYS_ADMIN). */
  public void flushBlockDeviceBuffers() throws NativeIoException {
    ensureOpen();
    if (LibC.ioctl(fd, LibC.BLKFLSBUF, 0) != 0) {
      throw blockIoctlFailure("BLKFLSBUF", Native.getLastError());
    }
  }

  /** Closes the descriptor; later calls do nothing. */
  @Override
  public void close() throws NativeIoException {
    if (closed.compareAndSet(false, true) && LibC.close(fd) != 0) {
      int errno = Native.getLastError();
      // Linux releases the descriptor even when close reports EINTR or EIO, so never retry.
      throw NativeIoException.of(errno, "close", path);
    }
  }

  @Override
  public String toString() {
    return "NativeFile[" + path + ", fd " + fd + (direct ? ", O_DIRECT" : "") + "]";
  }

  private Memory blockIoctl(long request, String name, int size) throws NativeIoException {
    ensureOpen();
    Memory result = new Memory(size);
    result.clear();
    if (LibC.ioctl(fd, request, Pointer.nativeValue(result)) != 0) {
      throw blockIoctlFailure(name, Native.getLastError());
    }
    return result;
  }

  private NativeIoException blockIoctlFailure(String name, int errno) {
    String hint = errno == NativeIoException.ENOTTY ? "this is not a block device" : null;
    return NativeIoException.of(errno, "ioctl(" + name + ")", path, hint);
  }

  /**
   * One of read(2), write(2), pread(2) and pwrite(2) on {@code length} bytes at {@code address}:
   * the bytes moved, or -errno. The calls are constants, so that an I/O allocates nothing.
   */
  @FunctionalInterface
  private interface Transfer {
    long call(int fd, long address, int length, long offset);
  }

  private static final Transfer PREAD = Shim::pread;
  private static final Transfer PWRITE = Shim::pwrite;
  private static final Transfer READ =
      (fd, address, length, offset) -> Shim.read(fd, address, length);
  private static final Transfer WRITE =
      (fd, address, length, offset) -> Shim.write(fd, address, length);

  /**
   * One call of {@code transfer} on {@code buffer} from its position up to its limit, again after
   * EINTR, advancing the position by the bytes moved.
   *
   * @param offset the file offset, or -1 for the file's own (read and write)
   */
  private int transfer(Transfer transfer, String call, ByteBuffer buffer, long offset)
      throws NativeIoException {
    ensureOpen();
    int position = buffer.position();
    int length = buffer.limit() - position;
    long address = BufferAddress.of(buffer) + position;
    long n;
    do {
      n = transfer.call(fd, address, length, offset);
    } while (n == -NativeIoException.EINTR);
    Reference.reachabilityFence(buffer);
    if (n < 0) {
      throw ioFailure(call, (int) -n, length, offset);
    }
    buffer.position(position + (int) n);
    return (int) n;
  }

  private NativeIoException ioFailure(String call, int errno, int length, long offset) {
    String what = call + "(" + length + " bytes at offset " + offset + ")";
    String hint =
        errno == NativeIoException.EINVAL && direct
            ? "O_DIRECT needs the buffer address, length and offset aligned to the logical block"
                + " size; allocate buffers with AlignedBuffers"
            : null;
    return NativeIoException.of(errno, what, path, hint);
  }

  private void check(int result, String call) throws NativeIoException {
    if (result != 0) {
      throw NativeIoException.of(Native.getLastError(), call, path);
    }
  }

  private void ensureOpen() {
    if (closed.get()) {
      throw new IllegalStateException(this + " is closed");
    }
  }
}
