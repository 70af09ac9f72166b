package io.fsbench.core.engine.block;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.JobSpec;
import io.fsbench.core.nativeio.IoCompletions;
import io.fsbench.core.nativeio.IoMechanism;
import io.fsbench.core.nativeio.IoQueue;
import io.fsbench.core.nativeio.IoQueues;
import io.fsbench.core.nativeio.NativeIoException;
import io.fsbench.core.stats.Direction;
import java.nio.ByteBuffer;

/**
 * The async loop: keeps up to iodepth I/Os in flight, as fio's io_uring/libaio engines. Its
 * variation for {@code io_submit_mode=offload} is {@link OffloadLoop}, on the same {@link IoSlots}.
 */
final class QueuedLoop {

  private final CloneIo io;
  private final JobSpec spec;
  private final IoPlan plan;
  private final IoQueue queue;
  private final IoSlots slots;
  private final int[] pending;
  private final IoCompletions completions;
  private int pendingCount;
  private boolean failed; // an I/O error ended the job: issue no more, reap what is in flight
  private boolean quiesceWanted; // a late I/O at latency_percentile=100 lowered the depth
  private boolean quiescing;

  private QueuedLoop(CloneIo io, IoQueue queue, int depth) {
    this.io = io;
    this.spec = io.spec;
    this.plan = io.plan;
    this.queue = queue;
    slots = new IoSlots(spec, io.content, depth);
    pending = new int[depth];
    completions = new IoCompletions(depth);
  }

  /** Runs the clone's I/O phase on a queue of the job's engine and depth. */
  static void run(CloneIo io, IoPhase phase) throws NativeIoException {
    int depth = io.spec.ioDepth();
    try (IoQueue queue = open(io.spec, depth)) {
      io.mechanism = queue.mechanism().id();
      JobUsability.requirePriorities(io.spec, queue.mechanism(), io.priorities.isSet());
      QueuedLoop loop = new QueuedLoop(io, queue, depth);
      io.quiesceWith(loop::quiesce);
      loop.run(phase);
    }
  }

  private static IoQueue open(JobSpec spec, int depth) throws NativeIoException {
    return switch (spec.ioEngine()) {
      case IO_URING -> IoQueues.open(depth, IoMechanism.IO_URING);
      case LIBAIO -> IoQueues.open(depth, IoMechanism.LIBAIO);
      default -> IoQueues.open(depth);
    };
  }

  private void run(IoPhase phase) throws NativeIoException {
    boolean exhausted = false;
    boolean stopping = false;
    boolean syncWanted = false;
    boolean planned = false;
    IoFile syncFile = null;
    while (true) {
      boolean held = false;
      while (!exhausted
          && !stopping
          && !syncWanted
          && slots.hasFree()
          && slots.inUse() < io.latencyTarget.depth()) {
        if (!planned && io.flow != null && io.flow.held()) {
          held = true;
          break;
        }
        if (!planned && io.generator.bytesLeft() && io.verifier.backlogDue()) {
          // fio's check_get_verify at depth. fsbench completes what is in flight first and
          // reads the block back with pread(2), as its verify after a pass does, so no logged
          // write is still in flight when its turn comes (fio then issues a new I/O instead)
          quiesce();
          io.generator.verified(io.verifier.verifyNext(spec.name()));
          if (failed || phase.over(io.clock.getAsLong())) {
            stopping = true;
            break;
          }
          continue;
        }
        long now = io.clock.getAsLong();
        if (!planned && !io.generator.next(plan)) {
          exhausted = true;
          break;
        }
        planned = false;
        // fio's rate_ddir in inline mode: before waiting for its rate, every I/O in flight
        // completes (io_u_quiesce)
        boolean waited =
            io.throttle.await(plan.direction, plan.length, this::quiesce, phase.deadline());
        if (waited) {
          now = io.clock.getAsLong(); // fio takes the I/O's start time after its rate's wait
        }
        if (waited && now >= phase.deadline()) {
          phase.over(now); // due after the runtime: fio's rate_ddir does not issue it
          stopping = true;
          break;
        }
        if (io.termination.requested()) {
          stopping = true; // stopped by exitall while waiting for its rate: not issued
          break;
        }
        queueOne(now);
        // fio's default iodepth_batch_submit=1: each I/O goes to the kernel as soon as it is
        // queued, so the device starts on the first while the next are prepared.
        submit();
        if (plan.direction == Direction.WRITE && io.syncs.due()) {
          syncWanted = true;
          syncFile = plan.file;
        }
        // fio checks after each turn of its loop, which reaps first when the queue is full
        if (slots.inUse() < io.latencyTarget.depth() && phase.latencyTargetDone(this::quiesce)) {
          stopping = true; // fio's td->done: what is in flight completes and counts
        }
        if (!stopping && waited && phase.over(io.clock.getAsLong())) {
          // a rated job quiesces before each wait, so its queue may never fill: the runtime
          // is checked after each wait too, as fio's loop checks it every turn
          stopping = true;
        }
      }
      if (queue.queued() > 0) {
        submit();
      }
      if (held && io.flow != null && io.flow.sleeps()) {
        quiesce(); // fio's io_u_quiesce before the flow's sleep
      }
      if (queue.inFlight() == 0) {
        if (syncWanted) {
          // as fio, the sync due after every N writes is issued while the pass still wants
          // bytes, or before the first I/O of the next pass; not after the job's last write
          syncWanted = false;
          if (!stopping && io.generator.bytesLeft()) {
            io.syncs.syncNow(io.generator.syncFile(syncFile));
            continue;
          }
          if (!stopping && io.generator.next(plan)) {
            io.syncs.syncNow(io.generator.syncFile(syncFile));
            planned = true;
            continue;
          }
          exhausted = true;
        }
        if (held && io.flow != null && !exhausted && !stopping) {
          io.flow.pause();
          stopping = phase.over(io.clock.getAsLong());
          continue;
        }
        break;
      }
      reap(stopping ? queue.inFlight() : 1);
      stopping |= failed;
      long done = io.clock.getAsLong();
      if (!stopping) {
        done = phase.pace(done, this::quiesce);
      }
      if (!stopping && (phase.over(done) || phase.latencyTargetDone(this::quiesce))) {
        stopping = true;
      }
    }
  }

  /** fio's {@code io_u_quiesce} before a think time: every I/O in flight completes. */
  private void quiesce() {
    quiescing = true;
    try {
      while (queue.inFlight() > 0) {
        reap(queue.inFlight());
      }
    } catch (NativeIoException e) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
    } finally {
      quiescing = false;
      quiesceWanted = false;
    }
  }

  private void queueOne(long preparedAt) {
    io.issuedIos++;
    int slot = slots.take(plan, preparedAt);
    ByteBuffer buffer = slots.buffers[slot];
    int priority = io.priorities.pick(plan.direction, plan.length);
    slots.priorities[slot] = priority;
    if (io.priorities.isSet()) {
      queue.priority(io.priorities.value(plan.direction, priority));
    }
    if (plan.direction == Direction.READ) {
      io.verifier.read();
      queue.read(plan.file.descriptor, buffer, plan.offset, slot);
    } else {
      io.content.prepare(buffer, plan.offset, preparedAt);
      if (io.verifier.logsWrites()) {
        io.verifier.logWrite(plan.file, plan.offset, plan.length);
      }
      queue.write(plan.file.descriptor, buffer, plan.offset, slot);
    }
    pending[pendingCount++] = slot;
  }

  private void submit() throws NativeIoException {
    int n = queue.submit();
    long now = io.clock.getAsLong();
    for (int i = 0; i < pendingCount; i++) {
      int slot = pending[i];
      slots.issued[slot] = now;
      Direction direction = slots.directions[slot];
      io.stats.submitted(direction, now - slots.prepared[slot]);
      if (io.logs.enabled()) {
        io.logs.priority(io.priorities.value(direction, slots.priorities[slot]));
        io.logs.submitted(
            direction, now, slots.lengths[slot], slots.offsets[slot], now - slots.prepared[slot]);
      }
    }
    pendingCount = 0;
    io.stats.depths().markSubmit(n);
    io.stats.depths().markDepth(queue.inFlight(), n);
  }

  private void reap(int minimum) throws NativeIoException {
    int n = queue.reap(Math.max(1, Math.min(minimum, queue.inFlight())), completions);
    long now = io.clock.getAsLong();
    for (int i = 0; i < n; i++) {
      int slot = completions.slot(i);
      long result = completions.result(i);
      if (result < 0) {
        failed(slot, (int) -result);
      } else {
        completed(slot, result, now);
      }
      slots.release(slot);
    }
    io.stats.depths().markComplete(n);
    if (quiesceWanted && !quiescing) {
      quiesceWanted = false;
      quiesce(); // fio's __lat_target_failed quiesces before going on at the lower depth
      io.latencyTarget.restarted(io.clock.getAsLong());
    }
  }

  private void failed(int slot, int errno) {
    Direction direction = slots.directions[slot];
    IoFile file = slots.files[slot];
    NativeIoException e =
        NativeIoException.of(errno, direction == Direction.READ ? "read" : "write", file.name());
    io.stats.counted(direction, 0); // fio counts the I/O as issued, and no bytes
    io.generator.failed(slots.lengths[slot]);
    if (!io.errors.failed(direction, e, file.name(), slots.offsets[slot], slots.lengths[slot])) {
      failed = true;
    }
  }

  private void completed(int slot, long result, long now) {
    Direction direction = slots.directions[slot];
    IoFile file = slots.files[slot];
    long issued = slots.issued[slot];
    slots.account(io, slot, result, issued, now, slots.priorities[slot]);
    if (io.latencyTarget.isSet()) {
      // every completion counts in the window; without lat (disable_lat) none is late
      if (io.latencyTarget.completed(
              spec.measurements().lat() ? now - slots.prepared[slot] : 0,
              now,
              spec.name(),
              file.name()
                  + " "
                  + direction.name().toLowerCase(java.util.Locale.ROOT)
                  + " "
                  + slots.offsets[slot]
                  + " "
                  + slots.lengths[slot])
          == LatencyTargetProbe.Step.QUIESCE) {
        quiesceWanted = true;
      }
    }
    if (direction == Direction.READ && io.verifier.checksReads()) {
      io.verifier.checkRead(
          spec.name(), file, slots.buffers[slot], slots.offsets[slot], slots.lengths[slot], result);
    }
    if (io.logs.enabled()) {
      io.logs.priority(io.priorities.value(direction, slots.priorities[slot]));
      slots.logCompleted(io.logs, slot, result, issued, now);
    }
  }
}
