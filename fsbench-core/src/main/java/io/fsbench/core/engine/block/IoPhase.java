package io.fsbench.core.engine.block;

import io.fsbench.core.nativeio.CpuUsage;
import io.fsbench.core.nativeio.ThreadCpu;
import io.fsbench.core.stats.Direction;

/**
 * The mutable state of a clone's I/O phase, which every loop asks after each I/O: whether ramp time
 * is over, whether to stop (runtime, steady state, exitall, verify, latency target), and the pause
 * of think time.
 */
final class IoPhase {

  private final CloneIo io;
  private long rampEnd;
  private final long deadline;
  private long measureStart;
  private CpuUsage cpu;
  private long count;

  /** The runtime, steady state or exitall ended it: fio's td->terminate. */
  private boolean terminated;

  IoPhase(CloneIo io, long start, long rampEnd, long deadline) {
    this.io = io;
    this.rampEnd = rampEnd;
    this.deadline = deadline;
    this.measureStart = start;
    this.cpu = ThreadCpu.thread();
  }

  /** When the job's runtime ends, as the clock reads; {@code Long.MAX_VALUE} without one. */
  long deadline() {
    return deadline;
  }

  /** When the measured part began: the start, or the end of ramp time. */
  long measureStart() {
    return measureStart;
  }

  /** The thread's CPU when the measured part began. */
  CpuUsage cpu() {
    return cpu;
  }

  /** The runtime, steady state or exitall ended it: fio's td->terminate. */
  boolean terminated() {
    return terminated;
  }

  /** fio's {@code reset_all_stats}: what was measured so far is dropped, runtime starts anew. */
  private void restart(long now) {
    io.latencyTarget.reset(now);
    io.stats.reset();
    cpu = ThreadCpu.thread();
    io.beginMeasuring(now);
    measureStart = now;
  }

  /**
   * fio's latency-target check after each turn of the I/O loop (not during ramp time): whether the
   * job is done; {@code quiesce} completes the I/Os in flight.
   */
  boolean latencyTargetDone(Runnable quiesce) {
    if (!io.latencyTarget.isSet() || rampEnd >= 0) {
      return false;
    }
    LatencyTargetProbe.Step step = io.latencyTarget.check(io.clock.getAsLong());
    switch (step) {
      case QUIESCE -> {
        quiesce.run();
        io.latencyTarget.restarted(io.clock.getAsLong());
      }
      case FINAL_WINDOW -> {
        quiesce.run();
        long now = io.clock.getAsLong();
        restart(now);
        io.latencyTarget.restarted(now);
      }
      case DONE -> {
        return true;
      }
      case NONE -> {}
    }
    return false;
  }

  /** Whether to stop issuing, after an I/O that completed at {@code now}. */
  boolean over(long now) {
    if (rampEnd >= 0 && now >= rampEnd) {
      rampEnd = -1;
      restart(now);
    }
    // steady state attained stops the job as fio's fio_mark_td_terminate: not an error
    if (now >= deadline
        || io.steady.stopRequested()
        || io.termination.requested()
        || io.verifier.halted()) {
      terminated = true;
      return true;
    }
    return (++count & 255) == 0 && io.cancelled.getAsBoolean();
  }

  /**
   * After an I/O that completed at {@code now}: fio's think time, then its minimum-rate check (not
   * during ramp time). Returns the time after any pause, for the end-of-phase check.
   */
  long pace(long now, Runnable quiesce) {
    if (!io.thinkTime.enabled() && !io.minimumRate.enabled()) {
      return now; // the common case stays off the shared counters
    }
    long completed =
        io.stats.counters().ios(Direction.READ)
            + io.stats.counters().ios(Direction.WRITE)
            + io.stats.counters().ios(Direction.TRIM);
    if (io.thinkTime.due(io.issuedIos, completed)) {
      quiesce.run();
      io.thinkTime.pause(deadline);
      now = io.clock.getAsLong();
    }
    if (rampEnd < 0) {
      io.minimumRate.check(
          now,
          io.stats.counters().bytes(Direction.READ),
          io.stats.counters().ios(Direction.READ),
          io.stats.counters().bytes(Direction.WRITE),
          io.stats.counters().ios(Direction.WRITE));
    }
    return now;
  }
}
