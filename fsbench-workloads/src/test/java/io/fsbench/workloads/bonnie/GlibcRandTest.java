package io.fsbench.workloads.bonnie;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GlibcRandTest {

  /** The first five rand() after srand(seed), printed by a C program against glibc 2.36. */
  private static int[] first5(long seed) {
    GlibcRand r = new GlibcRand(seed);
    return new int[] {r.next(), r.next(), r.next(), r.next(), r.next()};
  }

  @Test
  void drawsWhatGlibcDrawsAfterSrand42() {
    assertThat(first5(42)).containsExactly(71876166, 708592740, 1483128881, 907283241, 442951012);
  }

  @Test
  void takesASeedAbove2To31AsGlibcDoesThroughItsInt32State() {
    assertThat(first5(4_000_000_000L))
        .containsExactly(1111130805, 1380198982, 1306113867, 1557021840, 1956528986);
  }

  @Test
  void takesSeedZeroAsOneAsSrandomDoes() {
    assertThat(first5(0))
        .containsExactly(1804289383, 846930886, 1681692777, 1714636915, 1957747793);
    assertThat(first5(1)).isEqualTo(first5(0));
  }
}
