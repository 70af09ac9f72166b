package io.fsbench.core.nativeio;

import java.nio.ByteBuffer;

/** Slot bookkeeping and depth accounting shared by every {@link IoQueue} mechanism. */
abstract class AbstractIoQueue implements IoQueue {

  static final int OP_READ = 0;
  static final int OP_WRITE = 1;
  static final int OP_FSYNC = 2;
  static final int OP_FDATASYNC = 3;

  private final int depth;
  // Keeps each buffer reachable while the kernel may still write to it.
  private final ByteBuffer[] buffers;
  private final boolean[] busy;
  private final IoDepthStats stats;
  private int queued;
  private int inFlight;
  private boolean closed;

  /** The priority the requests queued next carry, 0 for the submitter's. */
  int priority;

  AbstractIoQueue(int depth) {
    if (depth < 1 || depth > IoQueues.MAX_DEPTH) {
      throw new IllegalArgumentException(
          "depth (" + depth + ") must be between 1 and " + IoQueues.MAX_DEPTH);
    }
    this.depth = depth;
    this.buffers = new ByteBuffer[depth];
    this.busy = new boolean[depth];
    this.stats = new IoDepthStats(depth);
  }

  /** Writes one request for the mechanism; {@code index} counts the queued-but-unsubmitted ones. */
  abstract void prepare(int op, int fd, long address, int length, long offset, int slot, int index);

  /** Submits the {@code count} queued requests; returns how many the mechanism accepted. */
  abstract int submitQueued(int count) throws NativeIoException;

  /** Adds at least {@code min} completions to {@code into}, none beyond its capacity. */
  abstract void reapInto(int min, IoCompletions into) throws NativeIoException;

  /**
   * Submits {@code count} queued requests and adds at least {@code min} completions to {@code
   * into}, or fewer if fewer than {@code min} are in flight after a partial submit ({@code
   * inFlight} were in flight before). Returns how many were submitted.
   */
  int submitAndReapInto(int count, int min, int inFlight, IoCompletions into)
      throws NativeIoException {
    int submitted = submitQueued(count);
    reapInto(Math.min(min, inFlight + submitted), into);
    return submitted;
  }

  /** Releases the mechanism once nothing is in flight. */
  abstract void release();

  @Override
  public final int depth() {
    return depth;
  }

  @Override
  public final int queued() {
    return queued;
  }

  @Override
  public final int inFlight() {
    return inFlight;
  }

  @Override
  public final IoDepthStats depthStats() {
    return stats;
  }

  @Override
  public void priority(int ioprio) {
    if (ioprio < 0 || ioprio > 0xffff) {
      throw new IllegalArgumentException("ioprio (" + ioprio + ") must fit in 16 bits");
    }
    priority = ioprio;
  }

  @Override
  public final void read(NativeFile file, ByteBuffer buffer, long offset, int slot) {
    enqueue(OP_READ, file, buffer, offset, slot);
  }

  @Override
  public final void write(NativeFile file, ByteBuffer buffer, long offset, int slot) {
    enqueue(OP_WRITE, file, buffer, offset, slot);
  }

  @Override
  public final void write(
      int fd, NativeBuffer buffer, int offset, int length, long position, int slot) {
    long address = buffer.address(offset, length);
    claim(slot, buffer.buffer());
    prepare(OP_WRITE, fd, address, length, position, slot, queued);
    queued++;
  }

  @Override
  public final void fsync(NativeFile file, boolean dataOnly, int slot) {
    claim(slot, null);
    prepare(dataOnly ? OP_FDATASYNC : OP_FSYNC, file.fd(), 0, 0, 0, slot, queued);
    queued++;
  }

  @Override
  public final int submit() throws NativeIoException {
    ensureOpen();
    if (queued == 0) {
      return 0;
    }
    int submitted = submitQueued(queued);
    accountSubmit(submitted);
    return submitted;
  }

  private void accountSubmit(int submitted) {
    if (submitted > 0) {
      // fio counts the depth after this batch joins the ones in flight (io_u_mark_depth).
      stats.recordSubmit(submitted, inFlight + queued);
      queued -= submitted;
      inFlight += submitted;
    }
  }

  @Override
  public final int reap(int minComplete, IoCompletions into) throws NativeIoException {
    checkReap(minComplete, inFlight, into);
    if (inFlight > 0) {
      reapInto(minComplete, into);
    }
    return completed(into);
  }

  @Override
  public final int submitAndReap(int minComplete, IoCompletions into) throws NativeIoException {
    if (queued == 0) {
      return reap(minComplete, into);
    }
    checkReap(minComplete, inFlight + queued, into);
    int submitted = submitAndReapInto(queued, minComplete, inFlight, into);
    accountSubmit(submitted);
    return completed(into);
  }

  private void checkReap(int minComplete, int available, IoCompletions into) {
    ensureOpen();
    if (minComplete < 0 || minComplete > available) {
      throw new IllegalArgumentException(
          "minComplete ("
              + minComplete
              + ") must be between 0 and the "
              + available
              + " in flight");
    }
    if (into.capacity() < depth) {
      throw new IllegalArgumentException(
          "completions capacity (" + into.capacity() + ") must be at least the depth " + depth);
    }
    into.clear();
  }

  private int completed(IoCompletions into) {
    int count = into.count();
    for (int i = 0; i < count; i++) {
      int slot = into.slot(i);
      busy[slot] = false;
      buffers[slot] = null;
    }
    inFlight -= count;
    if (count > 0) {
      stats.recordComplete(count);
    }
    return count;
  }

  @Override
  public final void close() {
    if (closed) {
      return;
    }
    closed = true;
    // I/Os in flight still target our buffers and descriptors: wait for them before releasing.
    IoCompletions drain = new IoCompletions(depth);
    try {
      while (inFlight > 0) {
        drain.clear();
        reapInto(inFlight, drain);
        inFlight -= drain.count();
      }
    } catch (NativeIoException e) {
      throw new IllegalStateException("could not wait for I/Os in flight while closing " + this, e);
    } finally {
      release();
    }
  }

  @Override
  public String toString() {
    return mechanism().id() + " queue (depth " + depth + ")";
  }

  private void enqueue(int op, NativeFile file, ByteBuffer buffer, long offset, int slot) {
    int position = buffer.position();
    long address = BufferAddress.of(buffer) + position;
    claim(slot, buffer);
    prepare(op, file.fd(), address, buffer.limit() - position, offset, slot, queued);
    queued++;
  }

  private void claim(int slot, ByteBuffer buffer) {
    ensureOpen();
    if (slot < 0 || slot >= depth) {
      throw new IllegalArgumentException(
          "slot (" + slot + ") must be between 0 and " + (depth - 1));
    }
    if (busy[slot]) {
      throw new IllegalStateException("slot " + slot + " is still in flight; reap it first");
    }
    busy[slot] = true;
    buffers[slot] = buffer;
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException(this + " is closed");
    }
  }
}
