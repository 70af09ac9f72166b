package io.fsbench.core.engine.block;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * A daemon thread that runs a task every interval of an injected clock until it is closed, as fio's
 * helper thread runs its periodic checks. Closing waits for a tick under way, so that none follows.
 */
final class Ticker implements AutoCloseable {

  private final Thread thread;
  private volatile boolean closed;

  private Ticker(String name, LongSupplier clock, long intervalNanos, Runnable tick) {
    thread = new Thread(() -> loop(clock, intervalNanos, tick), name);
    thread.setDaemon(true);
  }

  /** Starts ticking: the first tick one interval from now. */
  static Ticker start(String name, LongSupplier clock, long intervalNanos, Runnable tick) {
    Ticker ticker = new Ticker(name, clock, intervalNanos, tick);
    ticker.thread.start();
    return ticker;
  }

  private void loop(LongSupplier clock, long interval, Runnable tick) {
    long next = clock.getAsLong() + interval;
    while (!closed) {
      long left = next - clock.getAsLong();
      if (left > 0) {
        LockSupport.parkNanos(this, left);
        continue;
      }
      tick.run();
      next += interval;
    }
  }

  /** Stops ticking and waits for a tick under way. */
  @Override
  public void close() {
    closed = true;
    wakeAndJoin(thread);
  }

  /** Wakes a parked {@code thread} that has been told to stop, and waits until it has. */
  static void wakeAndJoin(Thread thread) {
    LockSupport.unpark(thread);
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
