package io.fsbench.filebench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * filebench's event generator ({@code eventgen.c: eventgen_thread}): every ten periods of the rate
 * it adds as many events as the elapsed time is worth to one queue, which it lets grow to at most
 * five seconds' worth; the limit flowops take events from it ({@code flowop_library.c:
 * flowoplib_eventlimit} and the others).
 *
 * <p>Two deliberate differences: filebench truncates each addition to whole events and drops the
 * fraction, so it posts somewhat fewer than its rate; fsbench carries the fraction, so the rate is
 * kept exactly. filebench wakes one waiting consumer per addition; fsbench wakes them all, since
 * consumers may wait for different numbers of events.
 *
 * <p>The clock is injected so that a test can step it.
 */
final class EventGenerator {

  private static final long NANOS_PER_SECOND = 1_000_000_000L;
  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final long rate;
  private final LongSupplier clock;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition posted = lock.newCondition();
  private long queue;
  private long last;
  private long carry; // rate * nanoseconds not yet turned into an event

  /**
   * @param rate events per second, at least 1
   * @param clock nanoseconds from a monotonic source
   */
  EventGenerator(long rate, LongSupplier clock) {
    if (rate < 1) {
      throw new IllegalArgumentException("eventgen rate (" + rate + ") must be at least 1");
    }
    this.rate = rate;
    this.clock = clock;
    this.last = clock.getAsLong();
  }

  long rate() {
    return rate;
  }

  /** How long the generator thread sleeps between additions: ten periods, at least 1 µs. */
  long periodNanos() {
    return Math.max(1000, NANOS_PER_SECOND / rate * 10);
  }

  /** Adds the events the time since the last addition is worth (filebench's loop body). */
  void tick() {
    long now = clock.getAsLong();
    lock.lock();
    try {
      // more than ten seconds is worth more than the queue may hold anyway; the cap avoids overflow
      long delta = Math.min(Math.max(0, now - last), 10 * NANOS_PER_SECOND);
      last = now;
      long total = Math.multiplyExact(rate, delta) + carry;
      long events = total / NANOS_PER_SECOND;
      carry = total % NANOS_PER_SECOND;
      if (queue < 5 * rate) {
        queue += events;
      }
      posted.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** Empties the queue, as {@code eventgen_reset} does once the threads are made. */
  void reset() {
    lock.lock();
    try {
      queue = 0;
      last = clock.getAsLong();
      carry = 0;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Takes {@code events} events, waiting until the queue holds that many; false when {@code
   * stopped} turned true first (checked at least every 100 ms).
   */
  boolean take(long events, BooleanSupplier stopped) throws InterruptedException {
    lock.lockInterruptibly();
    try {
      while (queue < events) {
        if (stopped.getAsBoolean()) {
          return false;
        }
        posted.awaitNanos(POLL_NANOS);
      }
      queue -= events;
      return true;
    } finally {
      lock.unlock();
    }
  }

  long queued() {
    lock.lock();
    try {
      return queue;
    } finally {
      lock.unlock();
    }
  }

  /** The generator's thread body: ticks every {@link #periodNanos()} until stopped. */
  void run(BooleanSupplier stopped) {
    long period = periodNanos();
    while (!stopped.getAsBoolean()) {
      try {
        TimeUnit.NANOSECONDS.sleep(period);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      tick();
    }
  }
}
