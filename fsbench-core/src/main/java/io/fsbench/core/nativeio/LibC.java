package io.fsbench.core.nativeio;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;

/**
 * Direct-mapped glibc bindings. Direct mapping ({@link Native#register}) costs a fraction of an
 * interface-mapped call (see {@code NativeCallBenchmark} in the tests), which matters because
 * {@link #pread} and {@link #syscall} run once per I/O.
 *
 * <p>Pointers are passed as {@code long} addresses: on the LP64 ABIs we support (x86_64, aarch64) a
 * pointer, {@code size_t}, {@code ssize_t} and {@code off_t} are all 64-bit integers in the same
 * registers, and a {@code long} needs no Pointer object per call. Every function returns the raw
 * result; callers read errno with {@link Native#getLastError()} when it signals failure.
 */
final class LibC {

  static {
    if (!Platform.isLinux() || !Platform.is64Bit()) {
      throw new UnsupportedOperationException(
          "fsbench native I/O needs 64-bit Linux; this is "
              + System.getProperty("os.name")
              + " on "
              + System.getProperty("os.arch"));
    }
    Native.register(LibC.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
  }

  static final boolean AARCH64 = "aarch64".equals(Platform.ARCH);

  // open(2) flags. O_DIRECT, O_DIRECTORY and O_NOFOLLOW differ between x86_64 and aarch64.
  static final int O_RDONLY = 0;
  static final int O_WRONLY = 1;
  static final int O_RDWR = 2;
  static final int O_CREAT = 0100;
  static final int O_EXCL = 0200;
  static final int O_TRUNC = 01000;
  static final int O_APPEND = 02000;
  static final int O_DSYNC = 010000;
  static final int O_DIRECT = AARCH64 ? 0200000 : 040000;
  static final int O_DIRECTORY = AARCH64 ? 040000 : 0200000;
  static final int O_NOFOLLOW = AARCH64 ? 0100000 : 0400000;
  static final int O_NOATIME = 01000000;
  static final int O_CLOEXEC = 02000000;
  static final int O_SYNC = 04010000;

  static final int SEEK_SET = 0;
  static final int SEEK_CUR = 1;
  static final int SEEK_END = 2;

  // *at(2) calls and statx(2).
  static final int AT_FDCWD = -100;
  static final int AT_SYMLINK_NOFOLLOW = 0x100;
  static final int AT_REMOVEDIR = 0x200;
  static final int AT_EMPTY_PATH = 0x1000;
  static final int STATX_TYPE = 0x1;
  static final int STATX_SIZE = 0x200;
  static final int STATX_BASIC_STATS = 0x7ff;
  static final int STATX_MODE_OFFSET = 28;
  static final int STATX_SIZE_OFFSET = 40;
  static final int STATX_BUFFER = 256;

  /** utimensat's tv_nsec that leaves a time as it is. */
  static final long UTIME_OMIT = (1L << 30) - 2;

  static final int FALLOC_FL_KEEP_SIZE = 0x01;
  static final int FALLOC_FL_PUNCH_HOLE = 0x02;

  static final int RUSAGE_SELF = 0;
  static final int RUSAGE_THREAD = 1;

  static final int PROT_READ = 1;
  static final int PROT_WRITE = 2;
  static final int MAP_SHARED = 1;
  static final int MAP_POPULATE = 0x8000;

  // <linux/fs.h> block device ioctls.
  static final long BLKFLSBUF = 0x1261;
  static final long BLKDISCARD = 0x1277;
  static final long BLKSSZGET = 0x1268;
  static final long BLKPBSZGET = 0x127B;
  static final long BLKGETSIZE64 = 0x80081272L;

  // <linux/fs.h> _IOWR('X', 119, int) and _IOWR('X', 120, int): freeze and thaw a filesystem.
  static final long FIFREEZE = 0xC0045877L;
  static final long FITHAW = 0xC0045878L;

  // asm-generic numbers, shared by x86_64 and aarch64.
  static final long SYS_IO_URING_SETUP = 425;

  /** newfstatat(2), which glibc's fstat and fstatat make (fstatat64 on aarch64's generic table). */
  static final long SYS_NEWFSTATAT = AARCH64 ? 79 : 262;

  /** getdents64(2): a directory's entries in one call per buffer, parsed in Java. */
  static final long SYS_GETDENTS64 = AARCH64 ? 61 : 217;

  static final long SYS_IO_URING_ENTER = 426;
  static final long SYS_IO_URING_REGISTER = 427;

  private LibC() {}

  static native int open(String path, int flags, int mode);

  /** open(2) of a NUL-terminated path in native memory: no String conversion per call. */
  static native int open(long path, int flags, int mode);

  static native int openat(int dirfd, long path, int flags, int mode);

  static native long read(int fd, long buf, long count);

  static native long write(int fd, long buf, long count);

  static native int unlink(long path);

  static native int unlinkat(int dirfd, long path, int flags);

  static native int rename(long from, long to);

  static native int mkdir(long path, int mode);

  static native int rmdir(long path);

  static native int statx(int dirfd, long path, int flags, int mask, long buf);

  /** {@code times} points to two struct timespec: access, then modification. */
  static native int utimensat(int dirfd, long path, long times, int flags);

  static native int futimens(int fd, long times);

  static native int fchown(int fd, int owner, int group);

  static native int fchownat(int dirfd, long path, int owner, int group, int flags);

  static native int fchmod(int fd, int mode);

  static native int close(int fd);

  static native long pread(int fd, long buf, long count, long offset);

  static native long pwrite(int fd, long buf, long count, long offset);

  static native long lseek(int fd, long offset, int whence);

  static native int ftruncate(int fd, long length);

  static native int fsync(int fd);

  static native int fdatasync(int fd);

  static native int syncfs(int fd);

  static native void sync();

  /** Returns the error number itself (not -1 and errno), as POSIX specifies. */
  static native int posix_fadvise(int fd, long offset, long len, int advice);

  static native int fallocate(int fd, int mode, long offset, long len);

  /** Returns the error number itself (not -1 and errno), as POSIX specifies. */
  static native int posix_fallocate(int fd, long offset, long len);

  static native int statvfs(String path, long buf);

  static native int statfs(String path, long buf);

  static native int getrusage(int who, long buf);

  static native int gettid();

  static native int ioctl(int fd, long request, long arg);

  static native long mmap(long addr, long length, int prot, int flags, int fd, long offset);

  static native int munmap(long addr, long length);

  static native long syscall(long number, long a1, long a2, long a3, long a4, long a5, long a6);

  static native String strerror(int errnum);
}
