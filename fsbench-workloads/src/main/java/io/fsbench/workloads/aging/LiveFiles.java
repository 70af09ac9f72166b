package io.fsbench.workloads.aging;

import java.util.Arrays;

/**
 * The files an aging has on the volume, in the order they were born, as parallel primitive arrays:
 * no object per file, about 40 bytes each, so a volume of millions of files ages in a bounded heap.
 * A removed file leaves a hole until holes outnumber files and the arrays are compacted; a Fenwick
 * tree over the positions counts and finds live files in O(log n), which is how a file of a given
 * age is picked (births ascend with position, so an age range is a range of positions).
 *
 * <p>Positions change at {@link #compact}; callers hold none across a removal.
 */
final class LiveFiles {

  private static final int MIN_CAPACITY = 1024;

  private long[] birth = new long[MIN_CAPACITY];
  private long[] size = new long[MIN_CAPACITY];
  private long[] name = new long[MIN_CAPACITY];
  private int[] dir = new int[MIN_CAPACITY];
  private int[] sizeBucket = new int[MIN_CAPACITY];
  private boolean[] alive = new boolean[MIN_CAPACITY];

  /** Fenwick tree of {@link #alive}, 1-based, over the capacity. */
  private int[] tree = new int[MIN_CAPACITY + 1];

  private int end;
  private int live;

  int live() {
    return live;
  }

  /** Positions used so far, holes included. */
  int end() {
    return end;
  }

  /** Appends a file born at {@code tick}, which must not be before the last birth. */
  void add(long tick, long bytes, long fileName, int directory, int bucket) {
    if (end > 0 && tick < birth[end - 1]) {
      throw new IllegalStateException("births must ascend: " + tick + " after " + birth[end - 1]);
    }
    if (end == birth.length) {
      grow();
    }
    birth[end] = tick;
    size[end] = bytes;
    name[end] = fileName;
    dir[end] = directory;
    sizeBucket[end] = bucket;
    alive[end] = true;
    increment(end, 1);
    end++;
    live++;
  }

  void remove(int position) {
    if (!alive[position]) {
      throw new IllegalStateException("position " + position + " holds no file");
    }
    alive[position] = false;
    increment(position, -1);
    live--;
  }

  /** Moves a file to another directory under a new name; its birth stays. */
  void move(int position, int directory, long fileName) {
    dir[position] = directory;
    name[position] = fileName;
  }

  long birth(int position) {
    return birth[position];
  }

  long size(int position) {
    return size[position];
  }

  long name(int position) {
    return name[position];
  }

  int dir(int position) {
    return dir[position];
  }

  int sizeBucket(int position) {
    return sizeBucket[position];
  }

  /** The first position whose birth is at least {@code tick}; {@link #end} if none. */
  int firstBornAtOrAfter(long tick) {
    int found = Arrays.binarySearch(birth, 0, end, tick);
    if (found < 0) {
      return -found - 1;
    }
    while (found > 0 && birth[found - 1] == tick) {
      found--;
    }
    return found;
  }

  /** Live files at positions below {@code position}. */
  int liveBefore(int position) {
    int sum = 0;
    for (int i = position; i > 0; i -= i & -i) {
      sum += tree[i];
    }
    return sum;
  }

  /** The position of the live file with {@code index} live files before it (0-based). */
  int selectLive(int index) {
    if (index < 0 || index >= live) {
      throw new IllegalArgumentException("index " + index + " of " + live + " live files");
    }
    int position = 0;
    int left = index + 1;
    for (int step = Integer.highestOneBit(tree.length - 1); step > 0; step >>= 1) {
      int next = position + step;
      if (next < tree.length && tree[next] < left) {
        position = next;
        left -= tree[next];
      }
    }
    return position; // the 1-based tree index position + 1, as a 0-based position
  }

  /**
   * Drops the holes when they outnumber the files, keeping the order of births; returns whether it
   * did.
   */
  boolean compact() {
    int holes = end - live;
    if (holes < MIN_CAPACITY || holes <= live) {
      return false;
    }
    int to = 0;
    for (int from = 0; from < end; from++) {
      if (alive[from]) {
        birth[to] = birth[from];
        size[to] = size[from];
        name[to] = name[from];
        dir[to] = dir[from];
        sizeBucket[to] = sizeBucket[from];
        alive[to] = true;
        to++;
      }
    }
    Arrays.fill(alive, to, end, false);
    end = to;
    rebuildTree();
    return true;
  }

  /** What the arrays take on the heap, in bytes. */
  long memoryBytes() {
    long perFile = 8L * 3 + 4L * 2 + 1 + 4;
    return (long) birth.length * perFile + 4;
  }

  private void grow() {
    int capacity = birth.length + (birth.length >> 1);
    birth = Arrays.copyOf(birth, capacity);
    size = Arrays.copyOf(size, capacity);
    name = Arrays.copyOf(name, capacity);
    dir = Arrays.copyOf(dir, capacity);
    sizeBucket = Arrays.copyOf(sizeBucket, capacity);
    alive = Arrays.copyOf(alive, capacity);
    tree = new int[capacity + 1];
    rebuildTree();
  }

  /** Builds the Fenwick tree from {@link #alive} in O(n). */
  private void rebuildTree() {
    Arrays.fill(tree, 0);
    for (int i = 1; i < tree.length; i++) {
      tree[i] += alive[i - 1] ? 1 : 0;
      int parent = i + (i & -i);
      if (parent < tree.length) {
        tree[parent] += tree[i];
      }
    }
  }

  private void increment(int position, int delta) {
    for (int i = position + 1; i < tree.length; i += i & -i) {
      tree[i] += delta;
    }
  }
}
