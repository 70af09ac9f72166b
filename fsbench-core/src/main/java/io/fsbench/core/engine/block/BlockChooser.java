package io.fsbench.core.engine.block;

import io.fsbench.api.Distribution;
import java.util.SplittableRandom;

/**
 * Picks the block of a random I/O within a file of {@code blocks} blocks, as fio's {@code
 * random_distribution} and {@code norandommap} do.
 *
 * <ul>
 *   <li>uniform with the random map: every block once per pass ({@link BlockPermutation});
 *   <li>uniform without it ({@code norandommap}): independent uniform picks;
 *   <li>zipf, pareto, normal: the skewed models fio offers. As in fio, the hot blocks are scattered
 *       over the file by a hash unless a centre is given, and there is no map (blocks repeat).
 * </ul>
 *
 * <p>fsbench's generators follow fio's definitions (Gray et al.'s zipf generator with fio's zeta,
 * pareto's {@code n * u^(log h / log(1-h))}) but not fio's random number stream, so the same seed
 * gives a different (equally distributed) block order than fio.
 */
abstract class BlockChooser {

  /** Above this many blocks the zipf zeta sum is finished by its integral approximation. */
  private static final long ZETA_EXACT_TERMS = 10_000_000;

  protected final long blocks;

  BlockChooser(long blocks) {
    this.blocks = blocks;
  }

  /** The next block, or -1 when a pass with the random map is complete. */
  abstract long next(SplittableRandom random);

  /** Starts a new pass. */
  void reset() {}

  /** Whether the pass has drawn every block: only a chooser with the random map ever has. */
  boolean exhausted() {
    return false;
  }

  static BlockChooser of(Distribution distribution, boolean randomMap, long blocks, long seed) {
    return switch (distribution.kind()) {
      case UNIFORM -> randomMap ? new Mapped(blocks, seed) : new Uniform(blocks);
      // zoned offsets are drawn by RandomPlacement, without the map, as fio does
      case ZONED, ZONED_ABS -> new Uniform(blocks);
      case ZIPF -> new Zipf(blocks, distribution.parameter(), distribution.center(), seed);
      case PARETO -> new Pareto(blocks, distribution.parameter(), distribution.center(), seed);
      case NORMAL -> new Normal(blocks, distribution.parameter(), distribution.center(), seed);
    };
  }

  /** Spreads rank {@code value} (0 = hottest) over the file, or around the centre when given. */
  long place(long value, double center, long offset) {
    if (center < 0) {
      return Math.floorMod(Mix.hash(value) + offset, blocks);
    }
    return Math.floorMod((long) (center * blocks) + value, blocks);
  }

  private static final class Mapped extends BlockChooser {
    private final BlockPermutation permutation;

    Mapped(long blocks, long seed) {
      super(blocks);
      this.permutation = new BlockPermutation(blocks, seed);
    }

    @Override
    long next(SplittableRandom random) {
      return permutation.next();
    }

    @Override
    void reset() {
      permutation.reset();
    }

    @Override
    boolean exhausted() {
      return permutation.exhausted();
    }
  }

  private static final class Uniform extends BlockChooser {
    Uniform(long blocks) {
      super(blocks);
    }

    @Override
    long next(SplittableRandom random) {
      return random.nextLong(blocks);
    }
  }

  private static final class Zipf extends BlockChooser {
    private final double theta;
    private final double center;
    private final long offset;
    private final double zetan;
    private final double alpha;
    private final double eta;
    private final double twoThreshold;

    Zipf(long blocks, double theta, double center, long seed) {
      super(blocks);
      this.theta = theta;
      this.center = center;
      this.offset = Mix.hash(seed) & Long.MAX_VALUE;
      this.zetan = zeta(blocks, theta);
      double zeta2 = 1.0 + Math.pow(0.5, theta);
      this.alpha = 1.0 / (1.0 - theta);
      this.eta = (1.0 - Math.pow(2.0 / blocks, 1.0 - theta)) / (1.0 - zeta2 / zetan);
      this.twoThreshold = 1.0 + Math.pow(0.5, theta);
    }

    static double zeta(long n, double theta) {
      long exact = Math.min(n, ZETA_EXACT_TERMS);
      double sum = 0;
      for (long i = 1; i <= exact; i++) {
        sum += Math.pow(i, -theta);
      }
      if (n > exact) {
        // the tail sum of i^-theta from exact+1 to n, by the integral from exact+0.5 to n+0.5
        double a = exact + 0.5;
        double b = n + 0.5;
        sum += (Math.pow(b, 1 - theta) - Math.pow(a, 1 - theta)) / (1 - theta);
      }
      return sum;
    }

    @Override
    long next(SplittableRandom random) {
      double u = random.nextDouble();
      double z = u * zetan;
      long rank;
      if (z < 1.0) {
        rank = 0;
      } else if (z < twoThreshold) {
        rank = 1;
      } else {
        rank = (long) (blocks * Math.pow(eta * u - eta + 1.0, alpha));
        rank = Math.min(Math.max(rank, 0), blocks - 1);
      }
      return place(rank, center, offset);
    }

    @Override
    public String toString() {
      return "zipf:" + theta;
    }
  }

  private static final class Pareto extends BlockChooser {
    private final double power;
    private final double center;
    private final long offset;

    Pareto(long blocks, double h, double center, long seed) {
      super(blocks);
      this.power = Math.log(h) / Math.log(1.0 - h);
      this.center = center;
      this.offset = Mix.hash(seed) & Long.MAX_VALUE;
    }

    @Override
    long next(SplittableRandom random) {
      long rank = (long) ((blocks - 1) * Math.pow(random.nextDouble(), power));
      return place(rank, center, offset);
    }
  }

  /**
   * A normal distribution of blocks with a standard deviation of {@code sigma}% of the file, folded
   * back into the file when it falls outside.
   */
  private static final class Normal extends BlockChooser {
    private final double sigmaBlocks;
    private final double center;
    private final long offset;

    Normal(long blocks, double sigmaPercent, double center, long seed) {
      super(blocks);
      this.sigmaBlocks = blocks * sigmaPercent / 100.0;
      this.center = center;
      this.offset = Mix.hash(seed) & Long.MAX_VALUE;
    }

    @Override
    long next(SplittableRandom random) {
      double g = gaussian(random);
      if (center < 0) {
        // distance from the hot spot, scattered like the other skewed models
        long rank = (long) Math.abs(g * sigmaBlocks);
        return place(Math.min(rank, blocks - 1), -1, offset);
      }
      long block = (long) Math.floor(center * blocks + g * sigmaBlocks);
      return Math.floorMod(block, blocks);
    }

    private static double gaussian(SplittableRandom random) {
      double u1 = 1.0 - random.nextDouble();
      double u2 = random.nextDouble();
      return Math.sqrt(-2.0 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }
  }
}
