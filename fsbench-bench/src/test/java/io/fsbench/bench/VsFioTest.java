package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class VsFioTest {

  private static List<VsFioSample> runs(double... bandwidths) {
    return java.util.Arrays.stream(bandwidths).mapToObj(bw -> new VsFioSample(bw, 0, 0)).toList();
  }

  @Test
  void sidesAreApartOnlyWhenNoRunOfOneFallsInTheRangeOfTheOther() {
    assertThat(VsFioSample.apart(runs(100, 110), runs(90, 99))).isEqualTo("<");
    assertThat(VsFioSample.apart(runs(100, 110), runs(111, 120))).isEqualTo(">");
    assertThat(VsFioSample.apart(runs(100, 110), runs(90, 100))).isEqualTo("≈");
    assertThat(VsFioSample.apart(runs(100, 110), runs(80, 120)))
        .as("a wider spread")
        .isEqualTo("≈");
  }
}
