package io.fsbench.core.nativeio;

import com.sun.jna.Native;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;

/**
 * An {@link IoQueue} where each slot has its own thread doing blocking pread/pwrite, so that depth
 * N really keeps N I/Os in the kernel at once, whatever the kernel offers. Each I/O pays two thread
 * handoffs, so latency is higher than io_uring's; the fallback of last resort, never a silent one.
 *
 * <p>No locks: a slot's request is published by a volatile state write and handed over with
 * park/unpark, whose permit semantics rule out lost wake-ups.
 */
final class ThreadPoolQueue extends AbstractIoQueue {

  private static final int IDLE = 0;
  private static final int SUBMITTED = 1;
  private static final int DONE = 2;
  private static final int STOP = 3;

  private final AtomicIntegerArray state;
  private final int[] ops;
  private final int[] fds;
  private final long[] addresses;
  private final int[] lengths;
  private final long[] offsets;
  private final long[] results;
  private final int[] queuedSlots;
  private final Thread[] workers;
  private final AtomicInteger done = new AtomicInteger();
  private volatile Thread reaper;
  private int scanFrom;

  ThreadPoolQueue(int depth) {
    super(depth);
    state = new AtomicIntegerArray(depth);
    ops = new int[depth];
    fds = new int[depth];
    addresses = new long[depth];
    lengths = new int[depth];
    offsets = new long[depth];
    results = new long[depth];
    queuedSlots = new int[depth];
    workers = new Thread[depth];
    for (int slot = 0; slot < depth; slot++) {
      int mine = slot;
      workers[slot] = new Thread(() -> work(mine), "fsbench-io-slot-" + slot);
      workers[slot].setDaemon(true);
      workers[slot].start();
    }
  }

  @Override
  public void priority(int ioprio) {
    if (ioprio != 0) {
      // a worker thread makes the call, and a call carries no priority of its own
      throw new UnsupportedOperationException(
          "a thread pool cannot give one I/O a priority (ioprio " + ioprio + ")");
    }
  }

  @Override
  public IoMechanism mechanism() {
    return IoMechanism.THREAD_POOL;
  }

  @Override
  void prepare(int op, int fd, long address, int length, long offset, int slot, int index) {
    ops[slot] = op;
    fds[slot] = fd;
    addresses[slot] = address;
    lengths[slot] = length;
    offsets[slot] = offset;
    queuedSlots[index] = slot;
  }

  @Override
  int submitQueued(int count) {
    for (int i = 0; i < count; i++) {
      int slot = queuedSlots[i];
      // The volatile write publishes the request fields written in prepare to the worker.
      state.set(slot, SUBMITTED);
      LockSupport.unpark(workers[slot]);
    }
    return count;
  }

  @Override
  void reapInto(int min, IoCompletions into) {
    reaper = Thread.currentThread();
    collect(into);
    while (into.count() < min) {
      LockSupport.park(this);
      collect(into);
    }
  }

  @Override
  void release() {
    for (int slot = 0; slot < workers.length; slot++) {
      state.set(slot, STOP);
      LockSupport.unpark(workers[slot]);
    }
    for (Thread worker : workers) {
      try {
        worker.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private void collect(IoCompletions into) {
    int depth = depth();
    int available = done.get();
    for (int i = 0; i < depth && available > 0 && !into.isFull(); i++) {
      int slot = (scanFrom + i) % depth;
      if (state.get(slot) == DONE) {
        into.add(slot, results[slot]);
        state.set(slot, IDLE);
        done.decrementAndGet();
        available--;
      }
    }
    scanFrom = (scanFrom + 1) % depth;
  }

  private void work(int slot) {
    while (true) {
      int s = state.get(slot);
      if (s == STOP) {
        return;
      }
      if (s != SUBMITTED) {
        LockSupport.park(this);
        continue;
      }
      results[slot] = perform(ops[slot], fds[slot], addresses[slot], lengths[slot], offsets[slot]);
      state.set(slot, DONE);
      done.incrementAndGet();
      LockSupport.unpark(reaper);
    }
  }

  private static long perform(int op, int fd, long address, int length, long offset) {
    long r;
    do {
      r =
          switch (op) {
            case OP_READ -> LibC.pread(fd, address, length, offset);
            case OP_WRITE -> LibC.pwrite(fd, address, length, offset);
            case OP_FDATASYNC -> LibC.fdatasync(fd);
            default -> LibC.fsync(fd);
          };
    } while (r < 0 && Native.getLastError() == NativeIoException.EINTR);
    return r < 0 ? -Native.getLastError() : r;
  }
}
