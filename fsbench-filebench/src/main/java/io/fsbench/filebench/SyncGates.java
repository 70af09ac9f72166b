package io.fsbench.filebench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * The synchronisation objects of filebench's sync flowops, one per flowop instance (each thread's
 * copy of a semblock or block flowop has its own, as each of filebench's flowop instances has).
 */
final class SyncGates {

  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private SyncGates() {}

  /**
   * A semblock's pair of System V semaphores ({@code flowop_library.c: flowoplib_semblock_init},
   * {@code flowoplib_semblock}, {@code flowoplib_sempost}): a low-water count the posters raise and
   * the blocker lowers, and a high-water count that starts at {@code highwater}, the blocker raises
   * and a blocking poster lowers.
   *
   * <ul>
   *   <li>semblock value=V adds V to the high-water count, then waits until the low-water count is
   *       at least V and takes V from it;
   *   <li>sempost value=V adds V to the low-water count; with {@code blocking}, it first waits
   *       until the high-water count is at least V and takes V from it (one semop of both, so both
   *       or neither), which keeps posters at most {@code highwater} ahead of the blocker;
   *   <li>filebench waits with {@code semtimedop} and a timeout of 600 s, and goes on after it
   *       without the semaphore; fsbench does the same.
   * </ul>
   */
  static final class Semaphore {

    static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(600);

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private long low;
    private long high;

    Semaphore(long highwater) {
      this.high = highwater;
    }

    /** semblock: true when it took the count, false when stopped or timed out. */
    boolean block(long value, BooleanSupplier stopped) throws InterruptedException {
      lock.lockInterruptibly();
      try {
        high += value;
        changed.signalAll();
        return await(value, true, stopped);
      } finally {
        lock.unlock();
      }
    }

    /** sempost. */
    boolean post(long value, boolean blocking, BooleanSupplier stopped)
        throws InterruptedException {
      lock.lockInterruptibly();
      try {
        if (blocking && !await(value, false, stopped)) {
          return false;
        }
        low += value;
        changed.signalAll();
        return true;
      } finally {
        lock.unlock();
      }
    }

    private boolean await(long value, boolean lowWater, BooleanSupplier stopped)
        throws InterruptedException {
      long deadline = System.nanoTime() + TIMEOUT_NANOS;
      while ((lowWater ? low : high) < value) {
        long left = deadline - System.nanoTime();
        if (left <= 0 || stopped.getAsBoolean()) {
          return false;
        }
        changed.awaitNanos(Math.min(left, POLL_NANOS));
      }
      if (lowWater) {
        low -= value;
      } else {
        high -= value;
      }
      return true;
    }

    long low() {
      lock.lock();
      try {
        return low;
      } finally {
        lock.unlock();
      }
    }
  }

  /**
   * A block flowop's condition variable ({@code flowoplib_block}, {@code flowoplib_wakeup}): block
   * waits for the next wakeup; a wakeup with nobody waiting is lost, as a condition broadcast is.
   */
  static final class Wakeup {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition woken = lock.newCondition();
    private long generation;

    /** Waits for the next {@link #wake}; false when stopped first. */
    boolean block(BooleanSupplier stopped) throws InterruptedException {
      lock.lockInterruptibly();
      try {
        long seen = generation;
        while (generation == seen) {
          if (stopped.getAsBoolean()) {
            return false;
          }
          woken.awaitNanos(POLL_NANOS);
        }
        return true;
      } finally {
        lock.unlock();
      }
    }

    void wake() {
      lock.lock();
      try {
        generation++;
        woken.signalAll();
      } finally {
        lock.unlock();
      }
    }
  }
}
