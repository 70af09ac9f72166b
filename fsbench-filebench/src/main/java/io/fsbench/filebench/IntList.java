package io.fsbench.filebench;

import java.util.Arrays;

/** A growable list of ints without a boxed Integer per element. */
final class IntList {

  private int[] values = new int[16];
  private int size;

  void add(int value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, values.length * 2);
    }
    values[size++] = value;
  }

  int get(int index) {
    return values[index];
  }

  int size() {
    return size;
  }

  /** The values, in an array exactly as long as the list. */
  int[] toArray() {
    return Arrays.copyOf(values, size);
  }
}
