package io.fsbench.core.engine.block;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.JobSpec;
import io.fsbench.core.stats.Direction;

/**
 * fio's {@code rate_min} and {@code rate_iops_min} ({@code __check_min_rate}): after a settle
 * period of 2 s from when measuring started, once per {@code ratecycle} (1000 ms) the bytes (or
 * I/Os) of each direction that has done any are compared with the minimum over that cycle; a job
 * below it fails with fio's message. As in fio, a direction with {@code rate} or {@code rate_min}
 * is checked by bytes, otherwise by I/Os.
 */
final class MinimumRate {

  static final long SETTLE_NANOS = 2_000_000_000L;
  static final long CYCLE_NANOS = 1_000_000_000L;

  private final String job;
  private final long[] minBytes = new long[2];
  private final long[] minIops = new long[2];
  private final long[] rateBytes = new long[2];
  private final long[] rateIops = new long[2];
  private final long[] lastBytes = new long[2];
  private final long[] lastIos = new long[2];
  private final long[] lastNanos = new long[2];
  private final boolean enabled;
  private long startNanos;

  MinimumRate(String job, JobSpec.RateLimit rate, JobSpec.RateLimit min) {
    this.job = job;
    minBytes[0] = min.readBytesPerSec();
    minBytes[1] = min.writeBytesPerSec();
    minIops[0] = min.readIops();
    minIops[1] = min.writeIops();
    rateBytes[0] = rate.readBytesPerSec();
    rateBytes[1] = rate.writeBytesPerSec();
    rateIops[0] = rate.readIops();
    rateIops[1] = rate.writeIops();
    this.enabled = min.isLimited();
  }

  boolean enabled() {
    return enabled;
  }

  /** Measuring starts (again, at the end of ramp time): the settle period starts anew. */
  void start(long nowNanos) {
    startNanos = nowNanos;
    for (int d = 0; d < 2; d++) {
      lastBytes[d] = lastIos[d] = lastNanos[d] = 0;
    }
  }

  /**
   * Checks the directions that have moved bytes, given what each has completed since measuring
   * started.
   *
   * @throws FsBenchException (RUN_FAILED) with fio's message when a minimum is not met
   */
  void check(long nowNanos, long readBytes, long readIos, long writeBytes, long writeIos) {
    if (!enabled || nowNanos - startNanos < SETTLE_NANOS) {
      return;
    }
    if (readBytes > 0) {
      check(Direction.READ.ordinal(), nowNanos, readBytes, readIos);
    }
    if (writeBytes > 0) {
      check(Direction.WRITE.ordinal(), nowNanos, writeBytes, writeIos);
    }
  }

  private void check(int d, long now, long bytes, long ios) {
    if (minBytes[d] == 0 && minIops[d] == 0) {
      return;
    }
    if (lastBytes[d] != 0 || lastIos[d] != 0) {
      long spentMs = (now - lastNanos[d]) / 1_000_000L;
      if (now - lastNanos[d] < CYCLE_NANOS) {
        return;
      }
      if (rateBytes[d] > 0 || minBytes[d] > 0) {
        long rate = spentMs > 0 ? (bytes - lastBytes[d]) * 1000 / spentMs : 0;
        if (rate < minBytes[d]) {
          fail(job + ": rate_min=" + minBytes[d] + "B/s not met, got " + rate + "B/s");
        }
      } else {
        // fio compares the I/Os so far with rate_iops first; with no rate_iops that never fails
        if (ios < rateIops[d]) {
          fail(job + ": rate_iops_min=" + rateIops[d] + " not met, only performed " + ios + " IOs");
        }
        long rate = spentMs > 0 ? (ios - lastIos[d]) * 1000 / spentMs : 0;
        if (rate < minIops[d]) {
          fail(job + ": rate_iops_min=" + minIops[d] + " not met, got " + rate + " IOPS");
        }
      }
    }
    lastBytes[d] = bytes;
    lastIos[d] = ios;
    lastNanos[d] = now;
  }

  private static void fail(String message) {
    throw new FsBenchException(
        FsBenchException.Kind.RUN_FAILED,
        message
            + " (fio's check_min_rate: the job fell below its minimum rate; lower rate_min or"
            + " rate_iops_min, or find what slows the volume)");
  }
}
