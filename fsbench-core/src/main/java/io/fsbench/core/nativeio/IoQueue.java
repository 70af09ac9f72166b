package io.fsbench.core.nativeio;

import java.nio.ByteBuffer;

/**
 * Keeps up to {@link #depth()} I/Os in flight for one job, as fio's {@code iodepth}. Each I/O
 * occupies a slot (0 to depth - 1) from {@link #read}/{@link #write} until it is reaped; the slot
 * comes back in its completion so that the engine can find its buffer and start time.
 *
 * <pre>{@code
 * try (IoQueue queue = IoQueues.open(32)) {
 *   for (int slot = 0; slot < 32; slot++) queue.read(file, buffers[slot], nextOffset(), slot);
 *   queue.submit();
 *   IoCompletions done = new IoCompletions(32);
 *   while (running) {
 *     queue.reap(1, done);
 *     for (int i = 0; i < done.count(); i++) queue.read(file, buffers[done.slot(i)], nextOffset(), done.slot(i));
 *     queue.submit();   // or drop it and call submitAndReap(1, done) instead of reap: one syscall
 *   }
 * }
 * }</pre>
 *
 * <p>Not thread-safe: one job thread owns a queue, the thread that opened it (io_uring set up for a
 * single issuer refuses submissions from any other). Queueing, submitting and reaping allocate
 * nothing. A buffer must stay untouched until its slot is reaped; its position and limit give the
 * range transferred and are not changed.
 */
public interface IoQueue extends AutoCloseable {

  /** The mechanism behind this queue, for reports. */
  IoMechanism mechanism();

  /** The most I/Os that can be queued and in flight at once. */
  int depth();

  /** I/Os queued by read/write/fsync but not yet submitted. */
  int queued();

  /** I/Os submitted and not yet reaped. */
  int inFlight();

  /** Queues a read into {@code buffer} (position to limit) from {@code offset} of {@code file}. */
  void read(NativeFile file, ByteBuffer buffer, long offset, int slot);

  /** Queues a write of {@code buffer} (position to limit) at {@code offset} of {@code file}. */
  void write(NativeFile file, ByteBuffer buffer, long offset, int slot);

  /**
   * Queues a write of {@code length} bytes of {@code buffer} from its byte {@code offset} at {@code
   * position} of the open descriptor {@code fd}, for callers that hold raw descriptors (as {@link
   * FileCalls} does). The descriptor must stay open until the slot is reaped.
   */
  void write(int fd, NativeBuffer buffer, int offset, int length, long position, int slot);

  /**
   * The I/O priority ({@code class << 13 | level}) that the reads and writes queued from now on
   * carry in their requests (io_uring's {@code sqe->ioprio}, libaio's {@code aio_reqprio} with
   * {@code IOCB_FLAG_IOPRIO}); 0, the default, lets them take the submitting thread's. A thread
   * pool cannot carry one per I/O and refuses any other value.
   */
  void priority(int ioprio);

  /** Queues an fsync (or fdatasync when {@code dataOnly}) of {@code file}. */
  void fsync(NativeFile file, boolean dataOnly, int slot);

  /**
   * Hands all queued I/Os to the kernel (or the workers), without waiting for any.
   *
   * @return the number submitted
   */
  int submit() throws NativeIoException;

  /**
   * Collects completed I/Os into {@code into} (cleared first), waiting until at least {@code
   * minComplete} have completed; {@code minComplete} 0 only collects what is already complete.
   *
   * @return the number reaped, {@code into.count()}
   * @throws IllegalArgumentException if {@code minComplete} exceeds {@link #inFlight()}
   */
  int reap(int minComplete, IoCompletions into) throws NativeIoException;

  /**
   * {@link #submit()} then {@link #reap}, in one system call where the mechanism allows (io_uring:
   * one io_uring_enter both submits and waits), which saves a syscall per cycle of the engine's
   * loop. {@code minComplete} counts against the I/Os in flight after the submit.
   *
   * @return the number reaped, {@code into.count()}
   */
  int submitAndReap(int minComplete, IoCompletions into) throws NativeIoException;

  /** Depth accounting since the queue opened. */
  IoDepthStats depthStats();

  /** Waits for I/Os in flight, then releases the queue; later calls do nothing. */
  @Override
  void close();
}
