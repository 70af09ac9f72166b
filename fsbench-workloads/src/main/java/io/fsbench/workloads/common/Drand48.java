package io.fsbench.workloads.common;

/**
 * glibc's drand48: the 48-bit linear congruential generator x' = (0x5DEECE66D·x + 0xB) mod 2^48,
 * returning x'/2^48. Unseeded, glibc starts from x = 0 (so the first value is 11/2^48); {@link
 * #seeded} is srand48's {@code (seed << 16) | 0x330E}. Not thread-safe: randomio draws under a
 * lock. IOzone's random test draws from the same generator through {@link #lrand48}.
 */
public final class Drand48 {

  private static final long MULTIPLIER = 0x5DEECE66DL;
  private static final long INCREMENT = 0xBL;
  private static final long MASK = (1L << 48) - 1;
  private static final double SCALE = 0x1.0p-48;

  private long state;

  private Drand48(long state) {
    this.state = state;
  }

  /** The state a program that never calls srand48 starts from, as randomio does. */
  public static Drand48 unseeded() {
    return new Drand48(0);
  }

  /** srand48(seed). */
  public static Drand48 seeded(long seed) {
    return new Drand48(((seed & 0xFFFFFFFFL) << 16) | 0x330EL);
  }

  public double next() {
    step();
    return state * SCALE;
  }

  /** lrand48(): the next state's high 31 bits, 0 to 2^31 − 1. */
  public long lrand48() {
    step();
    return state >>> 17;
  }

  private void step() {
    state = (MULTIPLIER * state + INCREMENT) & MASK;
  }
}
