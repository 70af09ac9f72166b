package io.fsbench.core.engine.block;

/**
 * A seeded pseudo-random permutation of {@code 0..count-1}: fio's random map without the map. Each
 * block comes exactly once per pass, in an order fixed by the seed, in constant memory even for
 * terabyte files. A four-round Feistel network permutes {@code 2^bits >= count} values; values at
 * or above {@code count} are skipped (cycle walking), which at most quadruples the steps.
 */
final class BlockPermutation {

  private static final int ROUNDS = 4;

  private final long count;
  private final int halfBits;
  private final long halfMask;
  private final long[] keys = new long[ROUNDS];
  private long counter;
  private long emitted;

  BlockPermutation(long count, long seed) {
    if (count < 1) {
      throw new IllegalArgumentException("count (" + count + ") must be positive");
    }
    this.count = count;
    int bits = Math.max(2, 64 - Long.numberOfLeadingZeros(count - 1));
    bits += bits & 1;
    this.halfBits = bits / 2;
    this.halfMask = (1L << halfBits) - 1;
    long k = seed;
    for (int i = 0; i < ROUNDS; i++) {
      k = Mix.next(k);
      keys[i] = k;
    }
  }

  /** The next block of this pass, or -1 when every block has come once. */
  long next() {
    if (emitted == count) {
      return -1;
    }
    while (true) {
      long value = permute(counter++);
      if (value < count) {
        emitted++;
        return value;
      }
    }
  }

  /** Whether every block has come in this pass. */
  boolean exhausted() {
    return emitted == count;
  }

  /** Starts the next pass, in the same order (fio's map reset). */
  void reset() {
    counter = 0;
    emitted = 0;
  }

  private long permute(long value) {
    long left = value >>> halfBits;
    long right = value & halfMask;
    for (long key : keys) {
      long next = left ^ (Mix.hash(right ^ key) & halfMask);
      left = right;
      right = next;
    }
    return (left << halfBits) | right;
  }
}
