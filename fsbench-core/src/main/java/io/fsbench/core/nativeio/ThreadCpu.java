package io.fsbench.core.nativeio;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.time.Duration;

/**
 * CPU time and context switches from getrusage(2): RUSAGE_THREAD for the calling thread (what a
 * job's I/O thread used, as fio reports per job) and RUSAGE_SELF for the whole process.
 *
 * <pre>{@code
 * CpuUsage before = ThreadCpu.thread();
 * runJob();
 * CpuUsage used = ThreadCpu.thread().minus(before);
 * }</pre>
 */
public final class ThreadCpu {

  private static final int RUSAGE_SIZE = 144;

  private ThreadCpu() {}

  /** What the calling thread has used so far. */
  public static CpuUsage thread() {
    return usage(LibC.RUSAGE_THREAD, "RUSAGE_THREAD");
  }

  /** What the whole process (all its threads) has used so far. */
  public static CpuUsage process() {
    return usage(LibC.RUSAGE_SELF, "RUSAGE_SELF");
  }

  /** The kernel's id of the calling thread (gettid(2)), as shown in /proc/PID/task. */
  public static int threadId() {
    return LibC.gettid();
  }

  private static CpuUsage usage(int who, String name) {
    try (Memory rusage = new Memory(RUSAGE_SIZE)) {
      if (LibC.getrusage(who, Pointer.nativeValue(rusage)) != 0) {
        throw new IllegalStateException(
            "getrusage("
                + name
                + ") failed: "
                + NativeIoException.describe(Native.getLastError())
                + "; RUSAGE_THREAD needs Linux 2.6.26 or newer");
      }
      return new CpuUsage(
          timeval(rusage, 0),
          timeval(rusage, 16),
          rusage.getLong(128),
          rusage.getLong(136),
          rusage.getLong(64),
          rusage.getLong(72),
          rusage.getLong(88),
          rusage.getLong(96));
    }
  }

  private static Duration timeval(Memory rusage, int offset) {
    return Duration.ofSeconds(rusage.getLong(offset), rusage.getLong(offset + 8) * 1000);
  }
}
