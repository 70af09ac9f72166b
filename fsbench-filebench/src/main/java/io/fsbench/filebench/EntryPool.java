package io.fsbench.filebench;

import java.util.BitSet;

/**
 * The run-time state of one kind of fileset entry (files, leaf directories or directories) and the
 * choice of the next one, as {@code fileset.c: fileset_pick} and {@code fileset_unbusy} make it.
 * Two bits per entry (exists, busy) and one cursor per rotor: no object per entry.
 *
 * <p>The choice is a rotor, not a random draw: {@link #pickExisting} takes the first existing entry
 * at or after its rotor's cursor (wrapping to the lowest), moves the cursor past that entry, and
 * then, if that entry is busy, walks on to the next existing one that is not (the cursor stays
 * where it was set, as in filebench). {@link #pickMissing} does the same over the entries that do
 * not exist, with its one cursor. A picked entry is busy until {@link #release}d. When every entry
 * of the pool is busy a picker waits, as filebench's waits on {@code fs_idle_files_cv}; when the
 * entries of the wanted state are all busy or there are none, it gets {@link #NONE} at once.
 *
 * <p>Thread-safe: one lock per pool, as filebench's {@code fs_pick_lock}: the pool's monitor, whose
 * adaptive spinning suits its short critical sections (a ReentrantLock, which parks at once, made 8
 * webserver threads on 2 cores convoy: 1.3 CPUs busy, 0.63x filebench's ops/s).
 */
final class EntryPool {

  /** What a pick returns when no entry of the wanted state is free. */
  static final int NONE = -1;

  /** How a release changes whether the entry exists. */
  enum Existence {
    UNCHANGED,
    EXISTS,
    GONE
  }

  private final int count;
  private final BitSet exists = new BitSet();
  private final BitSet busy = new BitSet();
  // sparse and unboxed: an open and a close are webserver's cheapest ops, and only the few entries
  // open at once (and the few rotors in use) take a slot, however large the fileset
  private final IntIntMap existingCursors = new IntIntMap();
  private final IntIntMap openCounts = new IntIntMap();
  private int missingCursor;
  private int idle;

  EntryPool(int count) {
    this.count = count;
    this.idle = count;
  }

  int count() {
    return count;
  }

  /**
   * The next existing entry that is not busy, by the rotor {@code rotor} (filebench's {@code tid}:
   * 0 for most flowops, the thread's own number with {@code rotatefd}); busy on return. {@link
   * #NONE} when there is none.
   */
  int pickExisting(int rotor) throws InterruptedException {
    return pick(true, rotor);
  }

  /** The next entry that does not exist and is not busy (createfile, makedir); busy on return. */
  int pickMissing() throws InterruptedException {
    return pick(false, 0);
  }

  /**
   * The entry {@code index}, or the next one after it, in the wanted state and not busy, without
   * moving a rotor: filebench's {@code FILESET_PICKBYINDEX} (a flowop's {@code indexed}).
   */
  int pickAt(int index, boolean existing) throws InterruptedException {
    synchronized (this) {
      awaitIdle();
      int found = firstFrom(existing, index);
      return found == NONE ? NONE : skipBusy(existing, found);
    }
  }

  private int pick(boolean existing, int rotor) throws InterruptedException {
    synchronized (this) {
      awaitIdle();
      int cursor = existing ? existingCursors.get(rotor, 0) : missingCursor;
      int found = firstFrom(existing, cursor);
      if (found == NONE) {
        return NONE;
      }
      if (existing) {
        existingCursors.put(rotor, found + 1);
      } else {
        missingCursor = found + 1;
      }
      return skipBusy(existing, found);
    }
  }

  private void awaitIdle() throws InterruptedException {
    while (idle == 0 && count > 0) {
      wait();
    }
  }

  /** The first entry in the wanted state at or after {@code from}, wrapping; NONE if none. */
  private int firstFrom(boolean existing, int from) {
    int found = next(existing, Math.max(0, from));
    return found != NONE ? found : next(existing, 0);
  }

  private int next(boolean existing, int from) {
    if (from >= count) {
      return NONE;
    }
    int found = existing ? exists.nextSetBit(from) : exists.nextClearBit(from);
    return found < 0 || found >= count ? NONE : found;
  }

  /** From {@code start} on, the first entry of the wanted state that is not busy, marked busy. */
  private int skipBusy(boolean existing, int start) {
    int entry = start;
    while (busy.get(entry)) {
      entry = firstFrom(existing, entry + 1);
      if (entry == start) {
        return NONE;
      }
    }
    busy.set(entry);
    idle--;
    return entry;
  }

  /**
   * Ends a pick: the entry is no longer busy, its existence changed as {@code change} says and its
   * open count by {@code openDelta}; wakes a waiting picker. Releasing an entry that is not busy
   * only applies the change, as {@code fileset_unbusy} does.
   */
  void release(int index, Existence change, int openDelta) {
    checkIndex(index);
    synchronized (this) {
      if (change != Existence.UNCHANGED) {
        exists.set(index, change == Existence.EXISTS);
      }
      if (openDelta != 0) {
        openCounts.add(index, openDelta);
      }
      if (busy.get(index)) {
        busy.clear(index);
        idle++;
        notifyAll(); // pickers and acquire()s of given entries wait on the pool
      }
    }
  }

  /**
   * Waits until the entry is not busy and marks it busy: closefile's and deletefile's wait for the
   * file of an fd ({@code flowop_library.c: flowoplib_closefile}).
   */
  void acquire(int index) throws InterruptedException {
    checkIndex(index);
    synchronized (this) {
      while (busy.get(index)) {
        wait();
      }
      busy.set(index);
      idle--;
    }
  }

  void release(int index) {
    release(index, Existence.UNCHANGED, 0);
  }

  /** Sets whether an entry exists, outside any pick: for the fileset's creation. */
  void setExists(int index, boolean value) {
    checkIndex(index);
    synchronized (this) {
      exists.set(index, value);
    }
  }

  boolean exists(int index) {
    checkIndex(index);
    synchronized (this) {
      return exists.get(index);
    }
  }

  boolean busy(int index) {
    checkIndex(index);
    synchronized (this) {
      return busy.get(index);
    }
  }

  /** How many threads have the entry open ({@code fse_open_cnt}); deletefile looks at it. */
  int openCount(int index) {
    checkIndex(index);
    synchronized (this) {
      return openCounts.get(index, 0);
    }
  }

  int existingCount() {
    synchronized (this) {
      return exists.cardinality();
    }
  }

  /** The existing entries, lowest first: a copy, for population. */
  BitSet existingSnapshot() {
    synchronized (this) {
      return (BitSet) exists.clone();
    }
  }

  /**
   * The bytes its bit sets take (two bits per entry once all are touched) and its sparse maps,
   * which grow with the entries open at once, not with the pool.
   */
  long retainedBytes() {
    synchronized (this) {
      return 2L * ((count + 63) / 64) * 8
          + existingCursors.retainedBytes()
          + openCounts.retainedBytes();
    }
  }

  private void checkIndex(int index) {
    if (index < 0 || index >= count) {
      throw new IndexOutOfBoundsException("entry " + index + " of " + count);
    }
  }
}
