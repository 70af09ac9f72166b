package io.fsbench.core.engine.block;

import io.fsbench.api.JobSpec;
import io.fsbench.core.stats.Direction;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * fio's {@code rate} and {@code rate_iops} with {@code rate_process=linear}: per direction, the
 * n-th I/O is not issued before the time at which the bytes (or I/Os) so far would have taken at
 * the rate, counted from when measuring started.
 */
final class Throttle {

  private final long[] bytesPerSec = new long[2];
  private final long[] iopsLimit = new long[2];
  private final long[] bytes = new long[2];
  private final long[] ios = new long[2];
  private final boolean limited;
  private final LongSupplier clock;
  private long startNanos;

  Throttle(JobSpec.RateLimit rate, LongSupplier clock) {
    bytesPerSec[Direction.READ.ordinal()] = rate.readBytesPerSec();
    bytesPerSec[Direction.WRITE.ordinal()] = rate.writeBytesPerSec();
    iopsLimit[Direction.READ.ordinal()] = rate.readIops();
    iopsLimit[Direction.WRITE.ordinal()] = rate.writeIops();
    this.limited = rate.isLimited();
    this.clock = clock;
  }

  void start(long nowNanos) {
    startNanos = nowNanos;
    bytes[0] = bytes[1] = 0;
    ios[0] = ios[1] = 0;
  }

  /** Waits until an I/O of {@code length} bytes in {@code direction} may be issued. */
  void await(Direction direction, int length) {
    if (!limited) {
      return;
    }
    int d = direction.ordinal();
    long due = startNanos;
    if (bytesPerSec[d] > 0) {
      due = Math.max(due, startNanos + (long) (bytes[d] * 1e9 / bytesPerSec[d]));
    }
    if (iopsLimit[d] > 0) {
      due = Math.max(due, startNanos + (long) (ios[d] * 1e9 / iopsLimit[d]));
    }
    bytes[d] += length;
    ios[d]++;
    for (long wait = due - clock.getAsLong(); wait > 0; wait = due - clock.getAsLong()) {
      LockSupport.parkNanos(wait);
      if (Thread.currentThread().isInterrupted()) {
        return;
      }
    }
  }
}
