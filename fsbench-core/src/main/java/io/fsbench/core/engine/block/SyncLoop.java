package io.fsbench.core.engine.block;

import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.NativeIoException;
import io.fsbench.core.stats.Direction;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The synchronous I/O loop, as fio's psync engine (and its null, file-operation, ftruncate and
 * falloc engines): one I/O at a time, each complete when its call returns, at depth 1.
 */
final class SyncLoop {

  private final CloneIo io;
  private final JobSpec spec;
  private final IoPlan plan;

  SyncLoop(CloneIo io) {
    this.io = io;
    this.spec = io.spec;
    this.plan = io.plan;
  }

  void run(IoPhase phase) throws NativeIoException {
    int capacity = BlockSizes.maxBlockSize(spec);
    ByteBuffer writeBuffer = AlignedBuffers.allocate(capacity);
    ByteBuffer readBuffer = AlignedBuffers.allocate(capacity);
    io.content.fill(writeBuffer);
    IoFile syncDue = null;
    while (true) {
      if (io.flow != null && io.flow.held()) {
        // fio's do_io: held back by the flow, it sleeps and starts its loop again
        io.flow.pause();
        if (phase.over(io.clock.getAsLong())) {
          break;
        }
        continue;
      }
      if (io.generator.bytesLeft() && io.verifier.backlogDue()) {
        // fio's check_get_verify, before each new I/O; its bytes count towards io_size. Not once
        // the pass has issued its bytes: fio's do_io loop ends before it asks for another I/O,
        // and the verify after the pass reads that block (seed 2032 case 168)
        io.generator.verified(io.verifier.verifyNext(spec.name()));
        if (phase.over(io.clock.getAsLong())) {
          break;
        }
        continue;
      }
      long prepared = io.clock.getAsLong();
      // as fio, the sync due after every N writes is issued while the pass still wants bytes,
      // or before the first I/O of the next pass; not after the job's last write
      if (syncDue != null && io.generator.bytesLeft()) {
        io.syncs.syncNow(io.generator.syncFile(syncDue));
        syncDue = null;
        prepared = io.clock.getAsLong();
      }
      if (!io.generator.next(plan)) {
        break;
      }
      if (io.fileOperations != null && io.errors.fatal() != 0) {
        break; // a file the generator picked and ended could not be opened: the job ends
      }
      if (syncDue != null) {
        io.syncs.syncNow(io.generator.syncFile(syncDue));
        syncDue = null;
        prepared = io.clock.getAsLong();
      }
      if (io.throttle.await(plan.direction, plan.length, () -> {}, phase.deadline())) {
        prepared = io.clock.getAsLong(); // fio takes the I/O's start time after its rate's wait
        if (prepared >= phase.deadline()) {
          phase.over(prepared); // due after the runtime: fio's rate_ddir does not issue it
          break;
        }
      }
      if (io.termination.requested()) {
        break; // exitall stopped the clone while it waited for its rate: that I/O is not issued
      }
      IoFile file = plan.file;
      int n;
      long issued = io.clock.getAsLong();
      try {
        if (file.descriptor == null) {
          // the null engine and the file-operation engines: the I/O completes as it is issued
          if (io.fileOperations != null && !file.opened) {
            try {
              io.fileOperations.open(file);
            } catch (IOException e) {
              // fio fails to get the next file: the I/O is never issued, and the job ends
              io.errors.openFailed(io.fileOperations.call(), file.path.getFileName().toString(), e);
              break;
            }
            file.opened = true;
          }
          issued = io.clock.getAsLong();
          n = plan.length;
        } else if (spec.ioEngine() == IoEngine.FTRUNCATE || spec.ioEngine() == IoEngine.FALLOC) {
          issued = io.clock.getAsLong();
          n = FileOperations.io(file, spec, plan.direction, plan.offset, plan.length);
        } else if (plan.direction == Direction.READ) {
          io.verifier.read();
          readBuffer.clear().limit(plan.length);
          issued = io.clock.getAsLong();
          n = file.descriptor.pread(readBuffer, plan.offset);
        } else if (plan.direction == Direction.TRIM) {
          issued = io.clock.getAsLong();
          file.descriptor.discard(plan.offset, plan.length); // fio's os_trim: BLKDISCARD
          n = plan.length;
        } else {
          writeBuffer.clear().limit(plan.length);
          io.content.prepare(writeBuffer, plan.offset, prepared);
          if (io.verifier.logsWrites()) {
            io.verifier.logWrite(file, plan.offset, plan.length);
          }
          issued = io.clock.getAsLong();
          n = file.descriptor.pwrite(writeBuffer, plan.offset);
          if (spec.rw().trimsThenWrites() && spec.ioEngine().isAsync()) {
            // fio queues a trimwrite job's writes on libaio and io_uring and times their
            // submission (io_u_queued); its trims complete in the call, untimed there
            io.stats.submitted(Direction.WRITE, issued - prepared);
          }
        }
      } catch (NativeIoException e) {
        io.issuedIos++;
        io.stats.counted(plan.direction, 0); // fio counts the I/O as issued, and no bytes
        io.generator.failed(plan.length);
        if (!io.errors.failed(plan.direction, e, file.name(), plan.offset, plan.length)) {
          break;
        }
        if (phase.over(io.clock.getAsLong())) {
          break;
        }
        continue;
      }
      io.issuedIos++;
      long done = io.clock.getAsLong();
      io.account(plan.direction, file, plan.offset, plan.length, n, done - issued, done - prepared);
      if (plan.direction == Direction.READ && io.verifier.checksReads()) {
        io.verifier.checkRead(spec.name(), file, readBuffer, plan.offset, plan.length, n);
      }
      if (io.logs.enabled()) {
        io.logs.completed(plan.direction, done, n, plan.offset, done - issued, done - prepared);
      }
      io.stats.depths().markDepth(1, 1);
      io.stats.depths().markSubmit(1);
      io.stats.depths().markComplete(1);
      if (plan.direction == Direction.WRITE && file.descriptor != null && io.syncs.due()) {
        syncDue = file;
      }
      if (io.latencyTarget.isSet()) {
        // every completion counts in the window; without lat (disable_lat) none is late, as fio
        long lat = spec.measurements().lat() ? done - prepared : 0;
        io.latencyTarget.completed(lat, done, spec.name(), describe(plan));
      }
      if (phase.over(phase.pace(done, () -> {})) || phase.latencyTargetDone(() -> {})) {
        break;
      }
    }
  }

  /** An I/O as fio names it in its latency error: file, direction, offset, length. */
  private static String describe(IoPlan plan) {
    return plan.file.name()
        + " "
        + (plan.direction == Direction.READ ? "read" : "write")
        + " "
        + plan.offset
        + " "
        + plan.length;
  }
}
