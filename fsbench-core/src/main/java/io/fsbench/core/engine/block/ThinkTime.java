package io.fsbench.core.engine.block;

import io.fsbench.api.Pacing;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * fio's {@code thinktime}: after every {@code thinktime_blocks} I/Os (completed, or issued with
 * {@code thinktime_blocks_type=issue}) the clone stops issuing, lets what is in flight complete,
 * spins for {@code thinktime_spin} and sleeps for the rest, as fio's {@code handle_thinktime}. The
 * pause is part of the I/O phase, so it counts in runtime as in fio; it never runs past the job's
 * deadline.
 */
final class ThinkTime {

  private final long thinkNanos;
  private final long spinNanos;
  private final int blocks;
  private final boolean countsIssued;
  private final LongSupplier clock;
  private long lastCount;

  ThinkTime(Pacing pacing, LongSupplier clock) {
    this.thinkNanos = pacing.thinkTime().toNanos();
    this.spinNanos = pacing.thinkTimeSpin().toNanos();
    this.blocks = pacing.thinkTimeBlocks();
    this.countsIssued = pacing.thinkTimeCountsIssued();
    this.clock = clock;
  }

  boolean enabled() {
    return thinkNanos > 0;
  }

  /** Whether the count fio compares ({@code issued} or {@code completed}) has reached a pause. */
  boolean due(long issued, long completed) {
    if (thinkNanos == 0) {
      return false;
    }
    long count = countsIssued ? issued : completed;
    if (count >= lastCount + blocks) {
      lastCount = count;
      return true;
    }
    return false;
  }

  /** Spins, then sleeps, for the think time, but not past {@code deadline} (a clock value). */
  void pause(long deadline) {
    long start = clock.getAsLong();
    long end =
        deadline == Long.MAX_VALUE ? start + thinkNanos : Math.min(start + thinkNanos, deadline);
    long spinEnd = Math.min(start + spinNanos, end);
    while (clock.getAsLong() < spinEnd) {
      Thread.onSpinWait(); // thinktime_spin burns CPU on purpose, as fio's usec_spin
    }
    for (long left = end - clock.getAsLong(); left > 0; left = end - clock.getAsLong()) {
      LockSupport.parkNanos(left);
      if (Thread.currentThread().isInterrupted()) {
        return;
      }
    }
  }
}
