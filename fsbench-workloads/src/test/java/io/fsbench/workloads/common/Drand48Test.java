package io.fsbench.workloads.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class Drand48Test {

  // Printed with %.17g by glibc 2.36's drand48() on this project's Debian 12 machine.
  @Test
  void unseededItDrawsWhatGlibcDrawsForAProgramThatNeverCallsSrand48() {
    Drand48 random = Drand48.unseeded();

    assertThat(random.next()).isEqualTo(3.907985046680551e-14);
    assertThat(random.next()).isEqualTo(0.00098539467465030839);
    assertThat(random.next()).isEqualTo(0.041631001594613082);
  }

  @Test
  void seededItDrawsWhatGlibcDrawsAfterSrand48() {
    assertThat(Drand48.seeded(5).next()).isEqualTo(0.52483957943423221);
  }
}
