package io.fsbench.core.nativeio;

/**
 * Completions reaped by one {@link IoQueue#reap} call: for each, the slot it was queued with and
 * its result (bytes transferred, or minus errno). Reused across calls so that reaping allocates
 * nothing.
 *
 * <pre>{@code
 * IoCompletions done = new IoCompletions(queue.depth());
 * queue.reap(1, done);
 * for (int i = 0; i < done.count(); i++) {
 *   if (done.result(i) < 0) throw NativeIoException.of((int) -done.result(i), "pread", path);
 *   finish(done.slot(i), done.result(i));
 * }
 * }</pre>
 */
public final class IoCompletions {

  private final int[] slots;
  private final long[] results;
  private int count;

  /** Room for {@code capacity} completions; at least the queue's depth. */
  public IoCompletions(int capacity) {
    if (capacity <= 0) {
      throw new IllegalArgumentException("capacity (" + capacity + ") must be positive");
    }
    slots = new int[capacity];
    results = new long[capacity];
  }

  public int count() {
    return count;
  }

  public int capacity() {
    return slots.length;
  }

  /** The slot of the {@code i}-th completion. */
  public int slot(int i) {
    checkIndex(i);
    return slots[i];
  }

  /** Bytes transferred by the {@code i}-th completion (0 for fsync), or minus its errno. */
  public long result(int i) {
    checkIndex(i);
    return results[i];
  }

  void clear() {
    count = 0;
  }

  boolean isFull() {
    return count == slots.length;
  }

  void add(int slot, long result) {
    slots[count] = slot;
    results[count] = result;
    count++;
  }

  private void checkIndex(int i) {
    if (i < 0 || i >= count) {
      throw new IndexOutOfBoundsException("completion " + i + " of " + count);
    }
  }
}
