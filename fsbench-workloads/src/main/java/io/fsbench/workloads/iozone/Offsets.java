package io.fsbench.workloads.iozone;

import io.fsbench.workloads.common.Drand48;

/**
 * The file offsets of IOzone's tests, record by record, as iozone.c 3.414 computes them. Each test
 * makes exactly {@code records} I/Os of one record; what differs is where.
 */
final class Offsets {

  private Offsets() {}

  /** write, read, fwrite, fread, pwrite, pread: record 0, 1, 2, ... */
  static long[] sequential(long records, long recordSize) {
    long[] offsets = new long[count(records)];
    for (int i = 0; i < offsets.length; i++) {
      offsets[i] = i * recordSize;
    }
    return offsets;
  }

  /** bkwd-read ({@code reverse_perf_test}): the last record first, down to record 0. */
  static long[] backwards(long records, long recordSize) {
    long[] offsets = new long[count(records)];
    for (int i = 0; i < offsets.length; i++) {
      offsets[i] = (records - 1 - i) * recordSize;
    }
    return offsets;
  }

  /** record-rewrite ({@code rewriterec_perf_test}): record 0, {@code records} times. */
  static long[] sameRecord(long records) {
    return new long[count(records)];
  }

  /**
   * stride-read ({@code read_stride_perf_test}): from 0, one record, then on by {@code stride}
   * records; when the next start would reach the file's last record, IOzone starts the next sweep
   * one record further in ({@code stripewrap}), or at 0 when the file is not longer than a stride.
   */
  static long[] strided(long records, long recordSize, long stride) {
    long[] offsets = new long[count(records)];
    long fileBytes = records * recordSize;
    long position = 0;
    long wraps = 0;
    for (int i = 0; i < offsets.length; i++) {
      offsets[i] = position;
      position += recordSize;
      if (position + stride * recordSize >= fileBytes - recordSize) {
        wraps++;
        position = records <= stride ? 0 : (wraps % records) * recordSize;
      } else {
        position += stride * recordSize - recordSize;
      }
    }
    return offsets;
  }

  /**
   * random-read and random-write ({@code random_perf_test} on Linux, built without MERSENNE):
   * {@code srand48(0)}, then for each index i the record at i swapped with the one at {@code
   * lrand48() % records}. Every record once, in the same order in every run and for both columns.
   */
  static long[] shuffled(long records, long recordSize) {
    int n = count(records);
    long[] index = new long[n];
    for (int i = 0; i < n; i++) {
      index[i] = i;
    }
    Drand48 random = Drand48.seeded(0);
    for (int i = 0; i < n; i++) {
      int j = (int) (random.lrand48() % n);
      long tmp = index[i];
      index[i] = index[j];
      index[j] = tmp;
    }
    for (int i = 0; i < n; i++) {
      index[i] *= recordSize;
    }
    return index;
  }

  private static int count(long records) {
    if (records > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("too many records for one file: " + records);
    }
    return (int) records;
  }
}
