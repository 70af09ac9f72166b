package io.fsbench.filebench;

/**
 * Each file's size, drawn once when the tree is built ({@code fileset.c: fileset_populate_file}).
 * Kept as 4 bytes a file while every size fits an int, 8 bytes once one does not, and nothing at
 * all when the size is a constant.
 */
final class EntrySizes {

  private final long constant;
  private int[] small;
  private long[] large;
  private int count;

  private EntrySizes(long constant, int capacity, boolean varies) {
    this.constant = constant;
    this.small = varies ? new int[capacity] : null;
  }

  /** For {@code capacity} files whose size is drawn from {@code size}. */
  static EntrySizes forVariable(RandomVariable size, int capacity) {
    if (size instanceof RandomVariable.Constant c) {
      return new EntrySizes(c.value(), 0, false);
    }
    return new EntrySizes(0, capacity, true);
  }

  /** Records the next file's size: the files are numbered in the order they are added. */
  void add(RandomVariable size) {
    if (small == null && large == null) {
      count++;
      return;
    }
    long value = size.nextInteger();
    if (large == null && value > Integer.MAX_VALUE) {
      large = new long[small.length];
      for (int i = 0; i < count; i++) {
        large[i] = small[i];
      }
      small = null;
    }
    if (large != null) {
      large[count++] = value;
    } else {
      small[count++] = (int) value;
    }
  }

  long size(int file) {
    if (file < 0 || file >= count) {
      throw new IndexOutOfBoundsException("file " + file + " of " + count);
    }
    if (large != null) {
      return large[file];
    }
    return small != null ? small[file] : constant;
  }

  long total() {
    if (small == null && large == null) {
      return constant * count;
    }
    long sum = 0;
    for (int i = 0; i < count; i++) {
      sum += size(i);
    }
    return sum;
  }

  /** The bytes its arrays take. */
  long retainedBytes() {
    return (small == null ? 0 : 4L * small.length) + (large == null ? 0 : 8L * large.length);
  }
}
