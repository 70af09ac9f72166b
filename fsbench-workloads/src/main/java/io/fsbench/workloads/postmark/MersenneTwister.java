package io.fsbench.workloads.postmark;

/**
 * MT19937 exactly as PostMark 1.5x embeds it: Matsumoto and Nishimura's 1999 integer version, with
 * the old {@code sgenrand} seeding (Knuth's 69069 generator, not the later {@code init_genrand}),
 * so that a seed gives PostMark's sequence. {@link #rnd(int)} is PostMark's {@code RND(x)}.
 *
 * <p>The C code keeps words in {@code unsigned long}; every value stays below 2^32 on LP64 too, so
 * 32-bit arithmetic here (ints read as unsigned) gives the same numbers.
 */
final class MersenneTwister {

  private static final int N = 624;
  private static final int M = 397;
  private static final int MATRIX_A = 0x9908b0df;
  private static final int UPPER_MASK = 0x80000000;
  private static final int LOWER_MASK = 0x7fffffff;

  private final int[] mt = new int[N];
  private int mti;

  MersenneTwister(long seed) {
    sgenrand(seed);
  }

  /** PostMark's {@code sgenrand(seed)}: fills the state from Knuth's 69069 LCG. */
  private void sgenrand(long seed) {
    int s = (int) seed;
    for (int i = 0; i < N; i++) {
      mt[i] = s & 0xffff0000;
      s = 69069 * s + 1;
      mt[i] |= (s & 0xffff0000) >>> 16;
      s = 69069 * s + 1;
    }
    mti = N;
  }

  /** {@code genrand()}: the next 32-bit output, as an unsigned value. */
  long genrand() {
    if (mti >= N) {
      regenerate();
    }
    int y = mt[mti++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y & 0xffffffffL;
  }

  /** PostMark's {@code RND(x)}: {@code genrand() % x}, or 0 without drawing when x <= 0. */
  int rnd(int x) {
    return x > 0 ? (int) (genrand() % x) : 0;
  }

  private void regenerate() {
    int kk;
    for (kk = 0; kk < N - M; kk++) {
      int y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
      mt[kk] = mt[kk + M] ^ (y >>> 1) ^ ((y & 1) == 0 ? 0 : MATRIX_A);
    }
    for (; kk < N - 1; kk++) {
      int y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
      mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ ((y & 1) == 0 ? 0 : MATRIX_A);
    }
    int y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
    mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ ((y & 1) == 0 ? 0 : MATRIX_A);
    mti = 0;
  }
}
