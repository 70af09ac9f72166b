package io.fsbench.filebench;

/**
 * The POSIX 48-bit linear congruential generator behind {@code drand48} and {@code erand48} ({@code
 * x' = 0x5DEECE66D x + 0xB mod 2^48}, a number being {@code x' / 2^48}), which filebench draws from
 * for its directory tree ({@code gamma_dist.c: default_src}), for {@code cvar-gamma} ({@code
 * cvars/cvar-gamma.c}) and for a {@code randvar} with the default {@code randsrc=rand48} ({@code
 * fb_random.c: fb_rand_src_rand48}). Thread-safe: filebench's tree and every cvar-gamma share the
 * one process-wide {@code drand48} state, and so may several fsbench threads.
 */
final class Rand48 implements UniformSource {

  private static final long MULTIPLIER = 0x5DEECE66DL;
  private static final long INCREMENT = 0xBL;
  private static final long MASK = (1L << 48) - 1;

  /**
   * glibc's {@code drand48} state before any {@code srand48}: zero (glibc sets only the multiplier
   * and increment on first use, not the 0x1234ABCD330E of other C libraries), so filebench's first
   * number is {@code 11 / 2^48}.
   */
  private static final long UNSEEDED = 0;

  private long state;

  private Rand48(long state) {
    this.state = state & MASK;
  }

  /** The process-wide {@code drand48} of filebench on glibc, which never calls {@code srand48}. */
  static Rand48 unseeded() {
    return new Rand48(UNSEEDED);
  }

  /** {@code srand48(seed)}: the low 32 bits of the seed above 0x330E. */
  static Rand48 srand48(long seed) {
    return new Rand48(((seed & 0xFFFFFFFFL) << 16) | 0x330EL);
  }

  /**
   * {@code erand48(xi)} with {@code xi} taken from a randvar's {@code seed} as {@code
   * fb_random.c:rand_seed_set} takes it on a little-endian machine: the seed's low 48 bits.
   */
  static Rand48 fromRandvarSeed(long seed) {
    return new Rand48(seed);
  }

  @Override
  public synchronized double nextDouble() {
    state = (state * MULTIPLIER + INCREMENT) & MASK;
    return state / (double) (1L << 48);
  }
}
