package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.Distribution;
import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BlockChooserTest {

  @Test
  void permutationGivesEveryBlockExactlyOncePerPass() {
    for (long count : new long[] {1, 2, 3, 1000, 4097}) {
      BlockPermutation p = new BlockPermutation(count, 42);
      BitSet seen = new BitSet();
      for (long v = p.next(); v >= 0; v = p.next()) {
        assertThat(seen.get((int) v)).as("block %d twice of %d", v, count).isFalse();
        seen.set((int) v);
      }
      assertThat(seen.cardinality()).isEqualTo((int) count);
    }
  }

  @Test
  void permutationIsNotSequential() {
    BlockPermutation p = new BlockPermutation(10_000, 7);
    int ascending = 0;
    long previous = p.next();
    for (long v = p.next(); v >= 0; v = p.next()) {
      if (v == previous + 1) {
        ascending++;
      }
      previous = v;
    }
    assertThat(ascending).isLessThan(100);
  }

  @Test
  void theSameSeedGivesTheSameOrder() {
    BlockPermutation a = new BlockPermutation(500, 9);
    BlockPermutation b = new BlockPermutation(500, 9);
    for (int i = 0; i < 500; i++) {
      assertThat(a.next()).isEqualTo(b.next());
    }
  }

  @Test
  void zipfConcentratesOnFewBlocks() {
    assertThat(hottestTenthShare(Distribution.zipf(1.2))).isGreaterThan(0.6);
  }

  @Test
  void paretoConcentratesOnFewBlocks() {
    assertThat(hottestTenthShare(Distribution.pareto(0.9))).isGreaterThan(0.5);
  }

  @Test
  void uniformWithoutMapSpreadsEvenly() {
    assertThat(hottestTenthShare(Distribution.UNIFORM)).isLessThan(0.2);
  }

  @Test
  void normalStaysNearItsCentre() {
    BlockChooser chooser =
        BlockChooser.of(new Distribution(Distribution.Kind.NORMAL, 5, 0.5), false, 10_000, 3);
    SplittableRandom random = new SplittableRandom(1);
    int near = 0;
    for (int i = 0; i < 10_000; i++) {
      long block = chooser.next(random);
      assertThat(block).isBetween(0L, 9_999L);
      if (Math.abs(block - 5_000) < 1_000) {
        near++;
      }
    }
    // within two sigma (2 x 5% of 10,000 blocks): about 95%
    assertThat(near).isGreaterThan(9_000);
  }

  private static double hottestTenthShare(Distribution distribution) {
    int blocks = 1000;
    BlockChooser chooser = BlockChooser.of(distribution, false, blocks, 5);
    SplittableRandom random = new SplittableRandom(11);
    int[] hits = new int[blocks];
    int draws = 100_000;
    for (int i = 0; i < draws; i++) {
      long b = chooser.next(random);
      assertThat(b).isBetween(0L, blocks - 1L);
      hits[(int) b]++;
    }
    java.util.Arrays.sort(hits);
    int top = 0;
    for (int i = blocks - blocks / 10; i < blocks; i++) {
      top += hits[i];
    }
    return (double) top / draws;
  }
}
