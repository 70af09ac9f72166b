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
 * The calls the block engine makes once per I/O (pread, pwrite, io_uring_enter), through fsbench's
 * own JNI library when the build could make it (gcc and the JDK's headers; see {@code src/main/c}),
 * else through JNA. JNA marshals every argument on every call, which costs more than the system
 * call itself on a fast device (233 ns against 70 ns for a 7-argument syscall on the development
 * VM); the JNI shim costs a plain native call.
 *
 * <p>Every method returns the call's result, or {@code -errno} when it fails.
 */
final class Shim {

  private static final Logger log = LoggerFactory.getLogger(Shim.class);
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
      if (abi != 1) {
        return "fsbench JNI library has ABI " + abi + ", expected 1";
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
}
