package io.fsbench.filebench;

import java.util.SplittableRandom;

/**
 * Where filebench's distributions take their uniform numbers from: one number in [0, 1) per call.
 * Implementations are not required to be thread-safe; the variables that draw from one say how they
 * share it.
 */
@FunctionalInterface
interface UniformSource {

  /** The next number, at least 0 and below 1. */
  double nextDouble();

  /**
   * A source seeded with {@code seed}: the same seed gives the same numbers. It stands in for
   * filebench's sources that cannot be reproduced (a Mersenne Twister seeded from the clock and
   * /dev/urandom by {@code mts_goodseed}), so a run is repeatable where filebench's is not.
   */
  static UniformSource seeded(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    return random::nextDouble;
  }

  /** Like {@link #seeded}, safe to share between threads, as filebench's one Mersenne Twister. */
  static UniformSource seededShared(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    return () -> {
      synchronized (random) {
        return random.nextDouble();
      }
    };
  }
}
