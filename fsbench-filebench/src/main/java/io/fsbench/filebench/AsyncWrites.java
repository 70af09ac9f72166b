package io.fsbench.filebench;

import io.fsbench.core.nativeio.IoCompletions;
import io.fsbench.core.nativeio.IoMechanism;
import io.fsbench.core.nativeio.IoQueue;
import io.fsbench.core.nativeio.IoQueues;
import io.fsbench.core.nativeio.MechanismStatus;
import io.fsbench.core.nativeio.NativeBuffer;
import io.fsbench.core.nativeio.NativeIoException;

/**
 * One thread's asynchronous writes, filebench's {@code tf_aiolist}: every aiowrite joins it and
 * stays until an aiowait takes it out once it has completed. The writes go to the kernel on an
 * {@link IoQueue} opened at the first one (libaio, as fio's libaio engine; a thread pool where the
 * kernel has no libaio). The queue bounds what is in flight in the kernel, not the list: a
 * completion the kernel has reported stays on the list, counted as outstanding, until an aiowait
 * takes it.
 *
 * <p>A write that fails fails the run (filebench logs it and leaves it on its list for ever).
 * Closing waits for the writes in flight and releases the queue; it is idempotent.
 */
final class AsyncWrites implements AutoCloseable {

  /** What libaio keeps in flight per thread: above oltp's 100 writes between two aiowaits. */
  static final int LIBAIO_DEPTH = 256;

  /** glibc's POSIX AIO, which filebench uses on Linux, runs at most 20 helper threads. */
  static final int THREAD_POOL_DEPTH = 20;

  private final IoMechanism mechanism;
  private IoQueue queue;
  private IoCompletions completions;
  private int[] freeSlots;
  private int free;
  private Flowop[] issuer;
  private int[] issuedFd;
  private int completedUnreaped;
  private boolean closed;

  AsyncWrites(IoMechanism mechanism) {
    this.mechanism = mechanism;
  }

  /** The mechanism fsbench runs aiowrite on here: libaio, or a thread pool and why. */
  record Choice(IoMechanism mechanism, String note) {}

  /** libaio when this host has it, else a thread pool, with a line that says which and why. */
  static Choice choose() {
    for (MechanismStatus status : IoQueues.statuses()) {
      if (status.mechanism() == IoMechanism.LIBAIO) {
        return status.available()
            ? new Choice(IoMechanism.LIBAIO, "aiowrite/aiowait run on libaio")
            : new Choice(
                IoMechanism.THREAD_POOL,
                "aiowrite/aiowait run on a thread pool of "
                    + THREAD_POOL_DEPTH
                    + " per thread, because libaio is unavailable here: "
                    + status.reason());
      }
    }
    throw new IllegalStateException("no status for libaio among " + IoQueues.statuses());
  }

  /**
   * Opens the queue if this is the thread's first write; call it before timing the write, so that
   * the setup is not part of it.
   */
  void open(Flowop f) {
    if (queue != null) {
      return;
    }
    if (closed) {
      throw new IllegalStateException("the asynchronous writes of " + f + " are closed");
    }
    int depth = mechanism == IoMechanism.LIBAIO ? LIBAIO_DEPTH : THREAD_POOL_DEPTH;
    try {
      queue = IoQueues.open(depth, mechanism);
    } catch (NativeIoException | UnsupportedOperationException e) {
      throw new FlowopFailure(f, "cannot set up asynchronous I/O: " + e.getMessage(), e);
    }
    completions = new IoCompletions(depth);
    freeSlots = new int[depth];
    for (int slot = 0; slot < depth; slot++) {
      freeSlots[slot] = depth - 1 - slot;
    }
    free = depth;
    issuer = new Flowop[depth];
    issuedFd = new int[depth];
  }

  /**
   * Issues a write of {@code length} bytes of {@code buffer} from {@code offset} at {@code
   * position} of {@code fd}; when the kernel already has the queue's depth in flight, first waits
   * for one of them to complete (it stays on the list). {@link #open} must have been called.
   */
  void write(Flowop f, int fd, NativeBuffer buffer, int offset, int length, long position) {
    try {
      if (free == 0) {
        collect(1);
      }
      int slot = freeSlots[--free];
      issuer[slot] = f;
      issuedFd[slot] = fd;
      queue.write(fd, buffer, offset, length, position, slot);
      queue.submit();
    } catch (NativeIoException e) {
      throw new FlowopFailure(f, "aiowrite failed: " + e.getMessage(), e);
    }
  }

  /** The writes on the list: in flight, or complete and not yet taken by an aiowait. */
  int outstanding() {
    return (queue == null ? 0 : queue.inFlight()) + completedUnreaped;
  }

  /** Writes the kernel has not completed yet. */
  int inFlight() {
    return queue == null ? 0 : queue.inFlight();
  }

  /**
   * Takes up to {@code most} completed writes off the list and returns how many it took; looks at
   * the kernel without waiting, unless {@code progress} and none is complete, when it waits for
   * one.
   */
  int reap(Flowop f, int most, boolean progress) {
    if (queue == null) {
      return 0;
    }
    try {
      collect(0);
      if (progress && completedUnreaped == 0 && queue.inFlight() > 0) {
        collect(1);
      }
    } catch (NativeIoException e) {
      throw new FlowopFailure(f, "aiowait failed: " + e.getMessage(), e);
    }
    int taken = Math.min(most, completedUnreaped);
    completedUnreaped -= taken;
    return taken;
  }

  /**
   * Waits until the kernel has completed every write in flight (they stay on the list), so that a
   * descriptor they use can be closed.
   */
  void settle(Flowop f) {
    if (queue == null || queue.inFlight() == 0) {
      return;
    }
    try {
      collect(queue.inFlight());
    } catch (NativeIoException e) {
      throw new FlowopFailure(f, "waiting for the thread's aiowrites failed: " + e.getMessage(), e);
    }
  }

  /** Reaps at least {@code min} completions from the kernel onto the completed part of the list. */
  private void collect(int min) throws NativeIoException {
    int n = queue.reap(Math.min(min, queue.inFlight()), completions);
    for (int i = 0; i < n; i++) {
      int slot = completions.slot(i);
      long result = completions.result(i);
      Flowop f = issuer[slot];
      issuer[slot] = null;
      freeSlots[free++] = slot;
      if (result < 0) {
        String fd = "fd " + issuedFd[slot];
        throw new FlowopFailure(
            f, NativeIoException.of((int) -result, "asynchronous write", fd).getMessage());
      }
      completedUnreaped++;
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (queue != null) {
      queue.close(); // waits for the writes in flight: they use the thread's buffers and fds
    }
    completedUnreaped = 0;
  }
}
