package io.fsbench.core.nativeio;

import com.sun.jna.Native;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The calls the block engine makes once per I/O (pread, pwrite, io_uring_enter), and those bonnie,
 * dd and the file tests make once per block, seek or file (read, write, lseek, openat, statx,
 * unlinkat, close, fsync), through fsbench's own JNI library when the build could make it (gcc and
 * the JDK's headers; see {@code src/main/c}), else through JNA. JNA marshals every argument on
 * every call, which costs more than the system call itself on a fast device (233 ns against 70 ns
 * for a 7-argument syscall on the development VM); the JNI shim costs a plain native call.
 *
 * <p>Every method returns the call's result, or {@code -errno} when it fails.
 */
final class Shim {

  private static final Logger log = LoggerFactory.getLogger(Shim.class);

  /** The version of the native functions' set and signatures this class calls. */
  static final int ABI = 2;

  private static final String LOAD_FAILURE = load();

  private Shim() {}

  /** Whether the JNI library is in use; false means JNA makes the calls. */
  static boolean loaded() {
    return LOAD_FAILURE == null;
  }

  /** Why the JNI library is not in use, or null when it is. */
  static String loadFailure() {
    return LOAD_FAILURE;
  }

  static long pread(int fd, long address, long length, long offset) {
    if (LOAD_FAILURE == null) {
      return nativePread(fd, address, length, offset);
    }
    long n = LibC.pread(fd, address, length, offset);
    return n < 0 ? -Native.getLastError() : n;
  }

  static long pwrite(int fd, long address, long length, long offset) {
    if (LOAD_FAILURE == null) {
      return nativePwrite(fd, address, length, offset);
    }
    long n = LibC.pwrite(fd, address, length, offset);
    return n < 0 ? -Native.getLastError() : n;
  }

  /** read(2) at the file's position. */
  static long read(int fd, long address, long length) {
    if (LOAD_FAILURE == null) {
      return nativeRead(fd, address, length);
    }
    long n = LibC.read(fd, address, length);
    return n < 0 ? -Native.getLastError() : n;
  }

  /** write(2) at the file's position. */
  static long write(int fd, long address, long length) {
    if (LOAD_FAILURE == null) {
      return nativeWrite(fd, address, length);
    }
    long n = LibC.write(fd, address, length);
    return n < 0 ? -Native.getLastError() : n;
  }

  /** lseek(2); the new offset. */
  static long lseek(int fd, long offset, int whence) {
    if (LOAD_FAILURE == null) {
      return nativeLseek(fd, offset, whence);
    }
    long r = LibC.lseek(fd, offset, whence);
    return r < 0 ? -Native.getLastError() : r;
  }

  /** openat(2) of the NUL-terminated name at {@code path}; the descriptor. */
  static int openAt(int dirFd, long path, int flags, int mode) {
    if (LOAD_FAILURE == null) {
      return nativeOpenAt(dirFd, path, flags, mode);
    }
    int fd = LibC.openat(dirFd, path, flags, mode);
    return fd < 0 ? -Native.getLastError() : fd;
  }

  /** statx(2) into the buffer at {@code buffer}; 0. */
  static int statx(int dirFd, long path, int flags, int mask, long buffer) {
    if (LOAD_FAILURE == null) {
      return nativeStatx(dirFd, path, flags, mask, buffer);
    }
    return LibC.statx(dirFd, path, flags, mask, buffer) != 0 ? -Native.getLastError() : 0;
  }

  /** unlinkat(2); 0. */
  static int unlinkAt(int dirFd, long path, int flags) {
    if (LOAD_FAILURE == null) {
      return nativeUnlinkAt(dirFd, path, flags);
    }
    return LibC.unlinkat(dirFd, path, flags) != 0 ? -Native.getLastError() : 0;
  }

  /** close(2); 0. */
  static int close(int fd) {
    if (LOAD_FAILURE == null) {
      return nativeClose(fd);
    }
    return LibC.close(fd) != 0 ? -Native.getLastError() : 0;
  }

  /** fsync(2); 0. */
  static int fsync(int fd) {
    if (LOAD_FAILURE == null) {
      return nativeFsync(fd);
    }
    return LibC.fsync(fd) != 0 ? -Native.getLastError() : 0;
  }

  static long ioUringEnter(int fd, int toSubmit, int minComplete, int flags) {
    if (LOAD_FAILURE == null) {
      return nativeIoUringEnter(fd, toSubmit, minComplete, flags);
    }
    long r = LibC.syscall(LibC.SYS_IO_URING_ENTER, fd, toSubmit, minComplete, flags, 0, 0);
    return r < 0 ? -Native.getLastError() : r;
  }

  /**
   * Loads the library for this architecture from the module's resources: copied to a temporary file
   * (dlopen needs a path), loaded, and the file deleted at once (the mapping stays).
   */
  private static String load() {
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    String dir =
        switch (arch) {
          case "amd64", "x86_64" -> "linux-x86_64";
          case "aarch64", "arm64" -> "linux-aarch64";
          default -> null;
        };
    if (dir == null || !System.getProperty("os.name", "").startsWith("Linux")) {
      return "no fsbench JNI library for " + System.getProperty("os.name") + " " + arch;
    }
    String resource = dir + "/libfsbench-native.so";
    try (InputStream in = Shim.class.getResourceAsStream(resource)) {
      if (in == null) {
        return "fsbench was built without its JNI library (no gcc or JDK headers at build time)";
      }
      Path file = Files.createTempFile("fsbench-native-", ".so");
      try {
        Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        System.load(file.toAbsolutePath().toString());
      } finally {
        Files.deleteIfExists(file);
      }
      int abi = abiVersion();
      if (abi != ABI) {
        return "fsbench JNI library has ABI " + abi + ", expected " + ABI;
      }
      return null;
    } catch (IOException | UnsatisfiedLinkError | SecurityException e) {
      log.debug("fsbench JNI library not loaded; JNA makes the per-I/O calls", e);
      return "fsbench JNI library not loaded: " + e;
    }
  }

  private static native int abiVersion();

  private static native long nativePread(int fd, long address, long length, long offset);

  private static native long nativePwrite(int fd, long address, long length, long offset);

  private static native long nativeRead(int fd, long address, long length);

  private static native long nativeWrite(int fd, long address, long length);

  private static native long nativeIoUringEnter(int fd, int toSubmit, int minComplete, int flags);

  private static native long nativeLseek(int fd, long offset, int whence);

  private static native int nativeOpenAt(int dirFd, long path, int flags, int mode);

  private static native int nativeStatx(int dirFd, long path, int flags, int mask, long buffer);

  private static native int nativeUnlinkAt(int dirFd, long path, int flags);

  private static native int nativeClose(int fd);

  private static native int nativeFsync(int fd);
}
