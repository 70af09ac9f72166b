package io.fsbench.workloads.iozone;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class OffsetsTest {

  @Test
  void theRandomOrderIsGlibcsLrand48ShuffleAfterSrand48Zero() {
    // From a C program doing IOzone's shuffle with glibc: srand48(0), swap i with lrand48() % n.
    assertThat(Offsets.shuffled(10, 1)).containsExactly(9, 3, 0, 4, 5, 6, 8, 1, 7, 2);
    assertThat(Arrays.copyOf(Offsets.shuffled(4096, 1), 12))
        .containsExactly(148, 3489, 2842, 1937, 428, 498, 3028, 870, 794, 1716, 2120, 1475);
  }

  @Test
  void theRandomOrderVisitsEveryRecordOnceInRecordUnits() {
    long[] offsets = Offsets.shuffled(1000, 4096);

    long[] sorted = offsets.clone();
    Arrays.sort(sorted);
    for (int i = 0; i < sorted.length; i++) {
      assertThat(sorted[i]).isEqualTo(i * 4096L);
    }
    assertThat(offsets).isNotEqualTo(sorted);
  }

  @Test
  void backwardsGoesFromTheLastRecordToTheFirst() {
    assertThat(Offsets.backwards(4, 512)).containsExactly(1536, 1024, 512, 0);
  }

  @Test
  void theStrideWrapsOneRecordFurtherInEachSweepAsIozoneDoes() {
    long[] offsets = Offsets.strided(20, 1, 3);

    assertThat(offsets)
        .containsExactly(0, 3, 6, 9, 12, 15, 1, 4, 7, 10, 13, 16, 2, 5, 8, 11, 14, 17, 3, 6);
  }

  @Test
  void aStrideAsLongAsTheFileRestartsAtZero() {
    assertThat(Offsets.strided(4, 1, 17)).containsExactly(0, 0, 0, 0);
  }

  @Test
  void recordRewriteWritesRecordZeroEveryTime() {
    assertThat(Offsets.sameRecord(3)).containsExactly(0, 0, 0);
  }
}
