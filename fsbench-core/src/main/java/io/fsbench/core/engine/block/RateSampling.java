package io.fsbench.core.engine.block;

import io.fsbench.core.stats.IoCounters;
import io.fsbench.core.stats.JobStats;
import io.fsbench.core.stats.RateSampler;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * fio's helper thread for bandwidth and IOPS samples: one thread samples every running clone of a
 * batch when its window is due. A clone announces when it starts measuring (after ramp time) and
 * when it stops; its partial last window is dropped, as in fio.
 */
final class RateSampling implements AutoCloseable {

  /** The longest the thread sleeps, so that it notices clones starting and stopping. */
  private static final long MAX_PARK_NANOS = 20_000_000;

  /** One clone's samplers, created on the sampling thread when the clone starts measuring. */
  static final class Subject {
    private final IoCounters counters;
    private final Duration bwWindow;
    private final Duration iopsWindow;
    private volatile long startNanos = -1;
    private volatile long stopNanos = -1;
    private boolean finished;
    private RateSampler bandwidth;
    private RateSampler iops;
    private long bandwidthStart = -1;

    Subject(IoCounters counters, Duration bwWindow, Duration iopsWindow) {
      this.counters = counters;
      this.bwWindow = bwWindow;
      this.iopsWindow = iopsWindow;
    }

    /** Called by the I/O thread when measuring starts (again, after ramp time). */
    void start(long nowNanos) {
      startNanos = nowNanos;
    }

    /** Called by the I/O thread when its last I/O has completed. */
    void stop(long nowNanos) {
      stopNanos = nowNanos;
    }

    /** Hands the samples to {@code stats}; only after {@link RateSampling#close()}. */
    void deliver(JobStats stats) {
      if (bandwidth != null) {
        stats.rates(bandwidth, iops);
      }
    }
  }

  private final List<Subject> subjects = new CopyOnWriteArrayList<>();
  private final LongSupplier clock;
  private final Thread thread;
  private volatile boolean closed;

  RateSampling(LongSupplier clock) {
    this.clock = clock;
    this.thread = new Thread(this::loop, "fsbench-rate-sampler");
    thread.setDaemon(true);
    thread.start();
  }

  Subject register(IoCounters counters, Duration bwWindow, Duration iopsWindow) {
    Subject subject = new Subject(counters, bwWindow, iopsWindow);
    subjects.add(subject);
    return subject;
  }

  private void loop() {
    boolean last = false;
    while (!last) {
      last = closed;
      long park = MAX_PARK_NANOS;
      for (Subject s : subjects) {
        long start = s.startNanos;
        if (start < 0 || s.finished) {
          continue;
        }
        long stop = s.stopNanos;
        long now = stop >= 0 ? stop : clock.getAsLong();
        if (s.bandwidth == null || s.bandwidthStart != start) {
          s.bandwidth = RateSampler.bandwidth(s.counters, s.bwWindow, start);
          s.iops = RateSampler.iops(s.counters, s.iopsWindow, start);
          s.bandwidthStart = start;
        }
        park = Math.min(park, s.bandwidth.sample(now));
        park = Math.min(park, s.iops.sample(now));
        // a window that ended before the last I/O counts; the partial one after it does not
        s.finished = stop >= 0;
      }
      LockSupport.parkNanos(Math.max(park, 100_000));
    }
  }

  /** Stops the thread and waits for it, so that the samples can be read. */
  @Override
  public void close() {
    closed = true;
    // one more pass, so that every stopped clone's last whole window is taken
    Ticker.wakeAndJoin(thread);
  }
}
