package io.fsbench.core.nativeio;

import com.sun.jna.Native;

/** ioprio_set(2) and ioprio_get(2) for the calling thread (IOPRIO_WHO_PROCESS with its tid). */
public final class IoPriorities {

  private static final boolean AARCH64 = "aarch64".equals(System.getProperty("os.arch"));
  private static final long SYS_IOPRIO_SET = AARCH64 ? 30 : 251;
  private static final long SYS_IOPRIO_GET = AARCH64 ? 31 : 252;
  private static final int IOPRIO_WHO_PROCESS = 1;

  private IoPriorities() {}

  /**
   * Gives the calling thread the I/O priority {@code value} ({@code class << 13 | level}).
   *
   * @throws NativeIoException with the kernel's reason when it refuses (EPERM for the real-time
   *     class without CAP_SYS_ADMIN, EINVAL for a value it does not know)
   */
  public static void setForThisThread(int value) throws NativeIoException {
    int tid = LibC.gettid();
    if (LibC.syscall(SYS_IOPRIO_SET, IOPRIO_WHO_PROCESS, tid, value, 0, 0, 0) != 0) {
      throw NativeIoException.of(Native.getLastError(), "ioprio_set", "thread " + tid);
    }
  }

  /** The calling thread's I/O priority as ioprio_get(2) reads it back. */
  public static int ofThisThread() throws NativeIoException {
    int tid = LibC.gettid();
    long value = LibC.syscall(SYS_IOPRIO_GET, IOPRIO_WHO_PROCESS, tid, 0, 0, 0, 0);
    if (value < 0) {
      throw NativeIoException.of(Native.getLastError(), "ioprio_get", "thread " + tid);
    }
    return (int) value;
  }
}
