package io.fsbench.core.engine.block;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.IoEngine;
import io.fsbench.core.nativeio.NativeFile;
import io.fsbench.core.nativeio.NativeIoException;
import io.fsbench.core.stats.Direction;

/**
 * fio's {@code io_submit_mode=offload}, the variation of {@link QueuedLoop} whose slots ({@link
 * IoSlots}) go to {@link OffloadWorkers} rather than to a kernel queue: this thread plans each I/O
 * and keeps to the rate; the workers issue them, each worker one at a time with a synchronous call.
 * As fio's workers, which run the job's engine at depth 1, each I/O counts at depth 1; with libaio
 * its submission latency runs from planning to when a worker issues it, the wait for a free worker
 * included.
 */
final class OffloadLoop {

  private final CloneIo io;
  private final IoPlan plan;
  private final IoSlots slots;
  private final boolean async;
  private OffloadWorkers workers;

  OffloadLoop(CloneIo io) {
    this.io = io;
    this.plan = io.plan;
    this.slots = new IoSlots(io.spec, io.content, io.spec.ioDepth());
    this.async = io.spec.ioEngine() == IoEngine.LIBAIO;
  }

  void run(IoPhase phase) throws NativeIoException {
    io.mechanism = (async ? "libaio" : "psync") + "-offload";
    try (OffloadWorkers w =
        new OffloadWorkers(io.spec.ioDepth(), io.spec.name(), this::issue, io.clock, () -> {})) {
      workers = w;
      io.quiesceWith(this::drain);
      loop(phase);
    } finally {
      io.quiesceWith(() -> {});
    }
  }

  private void loop(IoPhase phase) throws NativeIoException {
    boolean exhausted = false;
    boolean stopping = false;
    while (true) {
      for (int slot = workers.next(false); slot >= 0; slot = workers.next(false)) {
        complete(slot);
      }
      if (exhausted || stopping || !workers.hasRoom()) {
        if (workers.outstanding() == 0) {
          if (exhausted || stopping) {
            return;
          }
          continue;
        }
        complete(workers.next(true));
        if (!stopping && phase.over(io.clock.getAsLong())) {
          stopping = true;
        }
        continue;
      }
      if (!io.generator.next(plan)) {
        exhausted = true;
        continue;
      }
      io.throttle.await(plan.direction, plan.length); // no quiesce: that is what offload is for
      if (io.termination.requested()) {
        stopping = true;
        continue;
      }
      hand(io.clock.getAsLong());
      if (phase.over(io.clock.getAsLong())) {
        stopping = true;
      }
    }
  }

  private void hand(long preparedAt) {
    io.issuedIos++;
    int slot = slots.take(plan, preparedAt);
    if (plan.direction == Direction.WRITE) {
      io.content.prepare(slots.buffers[slot], plan.offset, preparedAt);
    }
    workers.submit(slot);
  }

  /** On a worker's thread: the slot's I/O as one synchronous call. */
  private long issue(int slot) throws NativeIoException {
    NativeFile file = slots.files[slot].descriptor;
    return slots.directions[slot] == Direction.READ
        ? file.pread(slots.buffers[slot], slots.offsets[slot])
        : file.pwrite(slots.buffers[slot], slots.offsets[slot]);
  }

  private void complete(int slot) {
    long issued = workers.issued(slot);
    long done = workers.done(slot);
    long n = workers.result(slot);
    if (async) {
      long slat = issued - slots.prepared[slot]; // fio's slat of an async engine
      io.stats.submitted(slots.directions[slot], slat);
      if (io.logs.enabled()) {
        io.logs.submitted(
            slots.directions[slot], issued, slots.lengths[slot], slots.offsets[slot], slat);
      }
    }
    slots.account(io, slot, n, issued, done, 0);
    if (io.logs.enabled()) {
      slots.logCompleted(io.logs, slot, n, issued, done);
    }
    io.stats.depths().markDepth(1, 1);
    io.stats.depths().markSubmit(1);
    io.stats.depths().markComplete(1);
    slots.release(slot);
  }

  /** Every I/O handed over completes and is accounted: before an end-of-pass sync. */
  private void drain() {
    try {
      while (workers.outstanding() > 0) {
        complete(workers.next(true));
      }
    } catch (NativeIoException e) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
    }
  }
}
