package io.fsbench.core.engine.block;

import io.fsbench.api.FsBenchException;
import io.fsbench.core.nativeio.NativeIoException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The submit threads of fio's {@code io_submit_mode=offload} (rate-submit.c): one per slot of the
 * job's {@code iodepth}, each issuing one I/O at a time and waiting for it, so the job's own thread
 * only plans I/Os and keeps to its rate. A worker stamps when it issued the I/O and when it
 * completed; the job's thread takes the completions back and accounts them, so statistics stay on
 * one thread.
 */
final class OffloadWorkers implements AutoCloseable {

  /** The I/O of one slot, made on a worker's thread; returns the bytes transferred. */
  interface Io {
    long run(int slot) throws NativeIoException;
  }

  private static final int STOP = -1;

  private final Thread[] threads;
  private final BlockingQueue<Integer> requests;
  private final BlockingQueue<Integer> completions;
  private final long[] issued;
  private final long[] done;
  private final long[] results;
  private final Io io;
  private final LongSupplier clock;
  private volatile NativeIoException failure;
  private int outstanding;

  OffloadWorkers(int count, String job, Io io, LongSupplier clock, Runnable threadSetup) {
    this.io = io;
    this.clock = clock;
    this.requests = new ArrayBlockingQueue<>(count + threadsStop(count));
    this.completions = new ArrayBlockingQueue<>(count);
    this.issued = new long[count];
    this.done = new long[count];
    this.results = new long[count];
    this.threads = new Thread[count];
    for (int i = 0; i < count; i++) {
      threads[i] =
          new Thread(
              () -> {
                threadSetup.run();
                work();
              },
              "fsbench-" + job + "-submit-" + i);
      threads[i].setDaemon(true);
      threads[i].start();
    }
  }

  private static int threadsStop(int count) {
    return count; // room for one stop request per thread
  }

  private void work() {
    try {
      while (true) {
        int slot = requests.take();
        if (slot == STOP) {
          return;
        }
        issued[slot] = clock.getAsLong();
        try {
          results[slot] = io.run(slot);
        } catch (NativeIoException e) {
          failure = e;
          results[slot] = -1;
        }
        done[slot] = clock.getAsLong();
        completions.put(slot);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Whether another I/O can be handed over without waiting. */
  boolean hasRoom() {
    return outstanding < threads.length;
  }

  int outstanding() {
    return outstanding;
  }

  /** Hands the I/O of {@code slot} to the next free worker. */
  void submit(int slot) {
    outstanding++;
    if (!requests.offer(slot)) {
      throw new IllegalStateException("more I/Os handed over than there are workers");
    }
  }

  /**
   * The next completed slot, waiting for one when {@code wait}; -1 when none is there.
   *
   * @throws NativeIoException when a worker's I/O failed
   */
  int next(boolean wait) throws NativeIoException {
    Integer slot;
    try {
      slot = wait ? completions.poll(1, TimeUnit.DAYS) : completions.poll();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "the run was interrupted");
    }
    if (slot == null) {
      return -1;
    }
    outstanding--;
    if (failure != null) {
      throw failure;
    }
    return slot;
  }

  long issued(int slot) {
    return issued[slot];
  }

  long done(int slot) {
    return done[slot];
  }

  long result(int slot) {
    return results[slot];
  }

  /** Waits for the I/Os handed over, then stops the workers. */
  @Override
  public void close() {
    requests.clear();
    for (int i = 0; i < threads.length; i++) {
      requests.offer(STOP);
    }
    // a worker blocked on a full completion queue (after a failure) is freed by draining it
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    for (Thread t : threads) {
      while (t.isAlive() && System.nanoTime() < deadline) {
        completions.clear();
        try {
          t.join(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }
}
