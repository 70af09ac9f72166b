package io.fsbench.core.engine.block;

import io.fsbench.api.JobSpec;
import io.fsbench.core.stats.Direction;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * fio's {@code rate} and {@code rate_iops}. With {@code rate_process=linear}: per direction, the
 * n-th I/O is not issued before the time at which the bytes (or I/Os) so far would have taken at
 * the rate, counted from when measuring started. With {@code poisson}, as fio's {@code
 * usec_for_io}: the gaps between I/Os are exponential draws whose mean (whole microseconds) is one
 * I/O at the rate's IOPS ({@code rate_iops}, or {@code rate} over the block size).
 */
final class Throttle {

  private final long[] bytesPerSec = new long[3]; // read, write, trim
  private final long[] iopsLimit = new long[3]; // read, write, trim
  private final long[] bytes = new long[3]; // read, write, trim
  private final long[] ios = new long[3]; // read, write, trim
  private final boolean limited;
  private final LongSupplier clock;
  private long startNanos;
  private final long[] poissonMeanMicros = new long[3]; // read, write, trim
  private final double[] poissonDueMicros = new double[3];
  private final SplittableRandom arrivals;

  Throttle(JobSpec.RateLimit rate, LongSupplier clock) {
    this(rate, false, new long[] {1, 1}, 0, clock);
  }

  /**
   * @param blockSizes each direction's block size, which turns {@code rate} into IOPS for poisson
   * @param seed the clone's seed, so that a run repeats its arrivals
   */
  Throttle(
      JobSpec.RateLimit rate, boolean poisson, long[] blockSizes, long seed, LongSupplier clock) {
    bytesPerSec[Direction.READ.ordinal()] = rate.readBytesPerSec();
    bytesPerSec[Direction.WRITE.ordinal()] = rate.writeBytesPerSec();
    iopsLimit[Direction.READ.ordinal()] = rate.readIops();
    iopsLimit[Direction.WRITE.ordinal()] = rate.writeIops();
    this.limited = rate.isLimited();
    this.clock = clock;
    this.arrivals = poisson ? new SplittableRandom(seed) : null;
    for (int d = 0; poisson && d < 2; d++) {
      long iops = iopsLimit[d] > 0 ? iopsLimit[d] : bytesPerSec[d] / Math.max(1, blockSizes[d]);
      poissonMeanMicros[d] = iops > 0 ? 1_000_000L / iops : 0;
    }
  }

  void start(long nowNanos) {
    startNanos = nowNanos;
    bytes[0] = bytes[1] = 0;
    ios[0] = ios[1] = 0;
    poissonDueMicros[0] = poissonDueMicros[1] = 0;
  }

  /** Waits until an I/O of {@code length} bytes in {@code direction} may be issued. */
  void await(Direction direction, int length) {
    if (!limited) {
      return;
    }
    long due = nextDue(direction, length);
    for (long wait = due - clock.getAsLong(); wait > 0; wait = due - clock.getAsLong()) {
      LockSupport.parkNanos(wait);
      if (Thread.currentThread().isInterrupted()) {
        return;
      }
    }
  }

  /**
   * As {@link #await(Direction, int)}, running {@code beforeWaiting} first when there is a wait:
   * fio's inline submission lets every I/O in flight complete before it sleeps for its rate.
   *
   * @return whether it waited
   */
  boolean await(Direction direction, int length, Runnable beforeWaiting) {
    return await(direction, length, beforeWaiting, Long.MAX_VALUE);
  }

  /**
   * As above, waiting no later than {@code deadline} (the job's runtime): fio's {@code rate_ddir}
   * sleeps until the runtime ends when the I/O is due after it, and then does not issue it.
   */
  boolean await(Direction direction, int length, Runnable beforeWaiting, long deadline) {
    if (!limited) {
      return false;
    }
    long due = Math.min(nextDue(direction, length), deadline);
    if (due - clock.getAsLong() <= 0) {
      return false;
    }
    beforeWaiting.run();
    for (long wait = due - clock.getAsLong(); wait > 0; wait = due - clock.getAsLong()) {
      LockSupport.parkNanos(wait);
      if (Thread.currentThread().isInterrupted()) {
        break;
      }
    }
    return true;
  }

  /** When an I/O of {@code length} bytes in {@code direction} is due; counts it as issued. */
  long nextDue(Direction direction, int length) {
    int d = direction.ordinal();
    long due = startNanos;
    if (arrivals != null) {
      due = poissonDue(d);
    } else if (bytesPerSec[d] > 0) {
      due = Math.max(due, startNanos + (long) (bytes[d] * 1e9 / bytesPerSec[d]));
    }
    if (arrivals == null && iopsLimit[d] > 0) {
      due = Math.max(due, startNanos + (long) (ios[d] * 1e9 / iopsLimit[d]));
    }
    bytes[d] += length;
    ios[d]++;
    return due;
  }

  /** When the next I/O of direction {@code d} is due, and the gap after it drawn. */
  private long poissonDue(int d) {
    long due = startNanos + (long) (poissonDueMicros[d] * 1000);
    if (poissonMeanMicros[d] > 0) {
      // 1 - U lies in (0, 1], so the logarithm is finite
      poissonDueMicros[d] += poissonMeanMicros[d] * -Math.log(1.0 - arrivals.nextDouble());
    }
    return due;
  }
}
