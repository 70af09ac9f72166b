package io.fsbench.core.nativeio;

import com.sun.jna.platform.linux.ErrNo;
import java.io.IOException;
import java.util.Map;

/**
 * A failed system call: the operation, the path it acted on, and errno with its name and text.
 *
 * <pre>{@code
 * catch (NativeIoException e) {
 *   if (e.errno() == NativeIoException.EINVAL) ...  // e.g. misaligned O_DIRECT buffer
 * }
 * }</pre>
 */
public final class NativeIoException extends IOException {

  private static final long serialVersionUID = 1L;

  // Linux's numbers, as jna-platform lists them, rather than copied by hand.

  public static final int EPERM = ErrNo.EPERM;
  public static final int ENOENT = ErrNo.ENOENT;
  public static final int EINTR = ErrNo.EINTR;
  public static final int EIO = ErrNo.EIO;
  public static final int EBADF = ErrNo.EBADF;
  public static final int EAGAIN = ErrNo.EAGAIN;
  public static final int ENOMEM = ErrNo.ENOMEM;
  public static final int EACCES = ErrNo.EACCES;
  public static final int EFAULT = ErrNo.EFAULT;
  public static final int EBUSY = ErrNo.EBUSY;
  public static final int EEXIST = ErrNo.EEXIST;
  public static final int ENODEV = ErrNo.ENODEV;
  public static final int ENOTDIR = ErrNo.ENOTDIR;
  public static final int EISDIR = ErrNo.EISDIR;
  public static final int EINVAL = ErrNo.EINVAL;
  public static final int ENOTTY = ErrNo.ENOTTY;
  public static final int EFBIG = ErrNo.EFBIG;
  public static final int ENOSPC = ErrNo.ENOSPC;
  public static final int ESPIPE = ErrNo.ESPIPE;
  public static final int EROFS = ErrNo.EROFS;
  public static final int ENOSYS = ErrNo.ENOSYS;
  public static final int EOPNOTSUPP = ErrNo.EOPNOTSUPP;

  private static final Map<Integer, String> NAMES =
      Map.ofEntries(
          Map.entry(EPERM, "EPERM"),
          Map.entry(ENOENT, "ENOENT"),
          Map.entry(EINTR, "EINTR"),
          Map.entry(EIO, "EIO"),
          Map.entry(EBADF, "EBADF"),
          Map.entry(EAGAIN, "EAGAIN"),
          Map.entry(ENOMEM, "ENOMEM"),
          Map.entry(EACCES, "EACCES"),
          Map.entry(EFAULT, "EFAULT"),
          Map.entry(EBUSY, "EBUSY"),
          Map.entry(EEXIST, "EEXIST"),
          Map.entry(ENODEV, "ENODEV"),
          Map.entry(ENOTDIR, "ENOTDIR"),
          Map.entry(EISDIR, "EISDIR"),
          Map.entry(EINVAL, "EINVAL"),
          Map.entry(ENOTTY, "ENOTTY"),
          Map.entry(EFBIG, "EFBIG"),
          Map.entry(ENOSPC, "ENOSPC"),
          Map.entry(ESPIPE, "ESPIPE"),
          Map.entry(EROFS, "EROFS"),
          Map.entry(ENOSYS, "ENOSYS"),
          Map.entry(EOPNOTSUPP, "EOPNOTSUPP"));

  private final int errno;
  private final String operation;
  private final String path;

  private NativeIoException(int errno, String operation, String path, String hint) {
    super(message(errno, operation, path, hint));
    this.errno = errno;
    this.operation = operation;
    this.path = path;
  }

  /**
   * The exception for {@code errno} raised by {@code operation} (e.g. {@code "pread"}) on {@code
   * path}; the engine uses it for an I/O that completed with a negative result.
   */
  public static NativeIoException of(int errno, String operation, String path) {
    return new NativeIoException(errno, operation, path, null);
  }

  static NativeIoException of(int errno, String operation, String path, String hint) {
    return new NativeIoException(errno, operation, path, hint);
  }

  /** The error number, e.g. 22 for EINVAL. */
  public int errno() {
    return errno;
  }

  /** The symbolic name, e.g. {@code "EINVAL"}, or {@code "errno 123"} for an unusual one. */
  public String errnoName() {
    return name(errno);
  }

  /** The system call or operation that failed, e.g. {@code "open"} or {@code "pread"}. */
  public String operation() {
    return operation;
  }

  /** The path the failed operation acted on. */
  public String path() {
    return path;
  }

  static String name(int errno) {
    return NAMES.getOrDefault(errno, "errno " + errno);
  }

  static String describe(int errno) {
    String text;
    try {
      text = LibC.strerror(errno);
    } catch (RuntimeException | LinkageError e) {
      text = null;
    }
    return name(errno) + " (" + (text == null ? "unknown error" : text) + ")";
  }

  private static String message(int errno, String operation, String path, String hint) {
    String message = operation + " on " + path + " failed: " + describe(errno) + " [errno " + errno;
    return message + "]" + (hint == null ? "" : "; " + hint);
  }
}
