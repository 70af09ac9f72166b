package io.fsbench.core.stats;

import java.time.Duration;

/**
 * fio's bandwidth or IOPS sampling ({@code __add_samples}) for one I/O thread, run from a sampler
 * thread. Each time a window ({@code bwavgtime}/{@code iopsavgtime}, 500 ms by default) has passed,
 * it records per direction the rate since the last sample: {@code Δbytes * 1000 / Δms / 1024}
 * KiB/s, or {@code Δios * 1000 / Δms} IOPS, in integer arithmetic with Δms truncated. A direction
 * that completed nothing in the window adds no sample (but the window still ends), and a partial
 * window at the end of the job is dropped, as in fio.
 *
 * <p>Threads: {@link #sample}, {@link #restart} and {@link #stats} belong to the sampler thread;
 * the I/O thread only writes its {@link IoCounters}. Read {@link #stats} from another thread only
 * after the sampler thread has stopped (for example after {@code join()}).
 *
 * <pre>{@code
 * RateSampler bw = RateSampler.bandwidth(stats.counters(), Duration.ofMillis(500), clock.nanoTime());
 * while (running) {
 *   long waitNanos = bw.sample(clock.nanoTime());
 *   LockSupport.parkNanos(waitNanos);
 * }
 * }</pre>
 *
 * <p>Ramp time: call nothing while ramping, then {@link #restart} when it ends, which starts the
 * first window and forgets everything before, as fio's {@code reset_all_stats} does.
 */
public final class RateSampler {

  /** fio samples when the window is at most this many ms short ({@code LOG_MSEC_SLACK}). */
  private static final long SLACK_MS = 1;

  private static final long NANOS_PER_MS = 1_000_000;

  private final IoCounters counters;
  private final boolean bandwidth;
  private final long windowMs;
  private final long[] last = new long[Direction.COUNT];
  private final Moments[] stats = {new Moments(), new Moments(), new Moments()};
  private long lastNanos;

  private RateSampler(IoCounters counters, boolean bandwidth, Duration window, long startNanos) {
    this.counters = counters;
    this.bandwidth = bandwidth;
    this.windowMs = window.toMillis();
    if (windowMs < 1) {
      throw new IllegalArgumentException(
          "sampling window (" + window + ") must be at least 1 ms, like fio's bwavgtime");
    }
    restart(startNanos);
  }

  /** Samples bandwidth in KiB/s, fio's {@code bw_stat}. */
  public static RateSampler bandwidth(IoCounters counters, Duration window, long startNanos) {
    return new RateSampler(counters, true, window, startNanos);
  }

  /** Samples IOPS, fio's {@code iops_stat}. */
  public static RateSampler iops(IoCounters counters, Duration window, long startNanos) {
    return new RateSampler(counters, false, window, startNanos);
  }

  /** Forgets all samples and starts the first window now, from the counters' current values. */
  public void restart(long nowNanos) {
    for (Direction direction : Direction.values()) {
      last[direction.ordinal()] = counter(direction);
      stats[direction.ordinal()].reset();
    }
    lastNanos = nowNanos;
  }

  /**
   * Takes a sample if the window has passed.
   *
   * @return nanoseconds until the next sample is due, shortened like fio's when this one was late
   */
  public long sample(long nowNanos) {
    long spent = Math.max(0, Math.floorDiv(nowNanos - lastNanos, NANOS_PER_MS));
    if (spent < windowMs && windowMs - spent > SLACK_MS) {
      return (windowMs - spent) * NANOS_PER_MS;
    }
    for (Direction direction : Direction.values()) {
      int i = direction.ordinal();
      long current = counter(direction);
      long delta = current - last[i];
      if (delta == 0) {
        continue;
      }
      stats[i].add(spent == 0 ? 0 : rate(delta, spent));
      last[i] = current;
    }
    lastNanos = nowNanos;
    return nextMs(spent) * NANOS_PER_MS;
  }

  /** The samples of one direction so far. */
  public Moments stats(Direction direction) {
    return stats[direction.ordinal()];
  }

  private long counter(Direction direction) {
    return bandwidth ? counters.bytes(direction) : counters.ios(direction);
  }

  private long rate(long delta, long spentMs) {
    return bandwidth ? delta * 1000 / spentMs / 1024 : delta * 1000 / spentMs;
  }

  /** fio's catch-up: a late sample makes the next window due sooner, by the lateness plus 1 ms. */
  private long nextMs(long spent) {
    if (spent <= windowMs) {
      return windowMs;
    }
    long late = 1 + spent - windowMs;
    // fio subtracts in unsigned arithmetic; when that wraps, min() with the window restores it
    return late > windowMs ? windowMs : windowMs - late;
  }
}
