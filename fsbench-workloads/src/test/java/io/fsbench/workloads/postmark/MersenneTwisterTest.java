package io.fsbench.workloads.postmark;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The expected numbers are the output of postmark-1.53.c's own MT19937 code (sgenrand/genrand,
 * copied verbatim into a C file and compiled with gcc on x86-64); for seed 4357, the default seed
 * of that code, they are also the published fingerprint of the 1999 sgenrand variant.
 */
class MersenneTwisterTest {

  private static long[] first(long seed, int n) {
    MersenneTwister mt = new MersenneTwister(seed);
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = mt.genrand();
    }
    return out;
  }

  @Test
  void seed4357GivesTheReferenceSequence() {
    long[] out = first(4357, 1000);

    assertThat(out).startsWith(2867219139L, 1585203162L, 3113124129L, 2953900839L, 2463794868L);
    assertThat(out[999]).isEqualTo(1030650439L);
  }

  @Test
  void postMarksDefaultSeed42GivesTheSequencePostMarkDraws() {
    long[] out = first(42, 2000);

    assertThat(out)
        .startsWith(
            4179544424L,
            615236124L,
            4165290828L,
            3119652344L,
            1623863471L,
            605280572L,
            1209526912L,
            2753559756L,
            1398721121L,
            776305894L);
    // Past the first and second regeneration of the 624-word state.
    assertThat(out[1999]).isEqualTo(1923890686L);
  }

  @Test
  void rndIsGenrandModuloXAndDrawsNothingForXBelowOne() {
    MersenneTwister a = new MersenneTwister(42);
    MersenneTwister b = new MersenneTwister(42);

    assertThat(a.rnd(95)).isEqualTo((int) (4179544424L % 95));
    assertThat(a.rnd(0)).isZero();
    assertThat(a.rnd(-3)).isZero();
    b.genrand();
    assertThat(a.genrand()).isEqualTo(b.genrand()); // the zero calls drew nothing
  }
}
