package io.fsbench.core.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Bytes and I/Os completed per direction, written by one I/O thread and read by a sampler thread
 * (fio's {@code this_io_bytes}/{@code this_io_blocks}). They only grow; a sampler takes
 * differences.
 *
 * <p>Memory model: the I/O thread is the only writer, so it can read its own last value plainly and
 * publish the sum with a release store; the sampler reads with an acquire load. Both are atomic for
 * {@code long} (a plain long may tear, JLS 17.7) and the sampler sees a value at most a moment old,
 * which is all a rate over a 500 ms window needs. On x86 a release store is an ordinary store and
 * an acquire load an ordinary load, so the I/O thread pays nothing for it; a volatile store would
 * add a full fence to every I/O.
 */
public final class IoCounters {

  private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);

  private final long[] bytes = new long[Direction.COUNT];
  private final long[] ios = new long[Direction.COUNT];

  /** Counts one completed I/O of {@code completedBytes}; call only from the owning I/O thread. */
  public void add(Direction direction, long completedBytes) {
    int i = direction.ordinal();
    SLOT.setRelease(ios, i, ios[i] + 1);
    SLOT.setRelease(bytes, i, bytes[i] + completedBytes);
  }

  /** Bytes completed so far; safe from any thread. */
  public long bytes(Direction direction) {
    return (long) SLOT.getAcquire(bytes, direction.ordinal());
  }

  /** I/Os completed so far; safe from any thread. */
  public long ios(Direction direction) {
    return (long) SLOT.getAcquire(ios, direction.ordinal());
  }
}
