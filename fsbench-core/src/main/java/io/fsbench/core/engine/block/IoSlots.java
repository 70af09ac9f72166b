package io.fsbench.core.engine.block;

import io.fsbench.api.JobSpec;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.stats.Direction;
import java.nio.ByteBuffer;

/**
 * The I/Os a clone keeps in flight at its {@code iodepth} (fio's {@code io_u}s): one slot each,
 * with its buffer, what it does, and when it was planned, issued and at which priority. Both the
 * queued loop and its offload variation take a free slot for each I/O they plan and free it when it
 * has completed and been accounted.
 */
final class IoSlots {

  final ByteBuffer[] buffers;
  final Direction[] directions;
  final IoFile[] files;
  final long[] offsets;
  final int[] lengths;
  final long[] prepared;
  final long[] issued;
  final int[] priorities;
  private final int[] free;
  private int freeCount;

  /** {@code depth} slots, each with a buffer for the job's largest block, filled if it writes. */
  IoSlots(JobSpec spec, WriteContent content, int depth) {
    int capacity = BlockSizes.maxBlockSize(spec);
    buffers = new ByteBuffer[depth];
    directions = new Direction[depth];
    files = new IoFile[depth];
    offsets = new long[depth];
    lengths = new int[depth];
    prepared = new long[depth];
    issued = new long[depth];
    priorities = new int[depth];
    free = new int[depth];
    for (int i = 0; i < depth; i++) {
      buffers[i] = AlignedBuffers.allocate(capacity);
      if (spec.rw().writes()) {
        content.fill(buffers[i]);
      }
      free[i] = depth - 1 - i;
    }
    freeCount = depth;
  }

  boolean hasFree() {
    return freeCount > 0;
  }

  /** How many slots hold an I/O: handed out and not yet freed. */
  int inUse() {
    return buffers.length - freeCount;
  }

  /** Takes a free slot for the I/O of {@code plan}, planned at {@code preparedAt}. */
  int take(IoPlan plan, long preparedAt) {
    int slot = free[--freeCount];
    buffers[slot].clear().limit(plan.length);
    directions[slot] = plan.direction;
    files[slot] = plan.file;
    offsets[slot] = plan.offset;
    lengths[slot] = plan.length;
    prepared[slot] = preparedAt;
    return slot;
  }

  void release(int slot) {
    free[freeCount++] = slot;
  }

  /** Accounts the slot's I/O: {@code n} bytes, issued {@code issuedAt}, done {@code done}. */
  void account(CloneIo io, int slot, long n, long issuedAt, long done, int priority) {
    io.account(
        directions[slot],
        files[slot],
        offsets[slot],
        lengths[slot],
        n,
        done - issuedAt,
        done - prepared[slot],
        priority);
  }

  /** Logs the completion of the slot's I/O, as {@link #account} times it. */
  void logCompleted(IoLogs logs, int slot, long n, long issuedAt, long done) {
    logs.completed(
        directions[slot], done, n, offsets[slot], done - issuedAt, done - prepared[slot]);
  }
}
