package io.fsbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LatencyHistogramTest {

  /**
   * Expected index and bucket value from fio's plat_val_to_idx/plat_idx_to_val formulas evaluated
   * in C on x86-64 (a throwaway program, not fio's source); 36629 ns, 49204 ns and 208942 ns are
   * clat samples whose buckets real fio 3.33 printed in json+ bins.
   */
  @ParameterizedTest(name = "{0} ns is bucket {1}, reported as {2} ns")
  @CsvSource({
    "0, 0, 0",
    "1, 1, 1",
    "63, 63, 63",
    "64, 64, 64",
    "127, 127, 127",
    "128, 128, 129",
    "129, 128, 129",
    "130, 129, 131",
    "131, 129, 131",
    "255, 191, 255",
    "256, 192, 258",
    "257, 192, 258",
    "1000, 317, 1004",
    "1023, 319, 1020",
    "1024, 320, 1032",
    "36629, 647, 36608",
    "49204, 672, 49408",
    "208942, 806, 209920",
    "1000000, 954, 1003520",
    "8414433, 1152, 8454144",
    "13614000, 1191, 13565952",
    "1000000000, 1591, 1002438656",
    "8589934591, 1791, 8556380160",
    "8589934592, 1792, 8657043456",
    "17179869183, 1855, 17112760320",
    "17179869184, 1855, 17112760320",
    "17179869185, 1855, 17112760320",
    "34359738368, 1855, 17112760320",
    "9223372036854775807, 1855, 17112760320"
  })
  void mapsValuesToBucketsAsFio(long ns, int index, long value) {
    assertThat(LatencyHistogram.index(ns)).isEqualTo(index);
    assertThat(LatencyHistogram.value(index)).isEqualTo(value);
  }

  @Test
  void hasFiosBucketCount() {
    assertThat(LatencyHistogram.BUCKETS).isEqualTo(1856);
  }

  @Test
  void everyBucketValueFallsInItsOwnBucketAndValuesGrow() {
    for (int i = 0; i < LatencyHistogram.BUCKETS; i++) {
      assertThat(LatencyHistogram.index(LatencyHistogram.value(i))).as("bucket %d", i).isEqualTo(i);
      if (i > 0) {
        assertThat(LatencyHistogram.value(i)).isGreaterThan(LatencyHistogram.value(i - 1));
      }
    }
  }

  @Test
  void reportsEveryValueBelowTwoToThe34WithinOneIn128() {
    Random random = new Random(42);
    for (int i = 0; i < 100_000; i++) {
      long ns = 128 + (random.nextLong() >>> 30);
      long reported = LatencyHistogram.value(LatencyHistogram.index(ns));
      assertThat((double) Math.abs(reported - ns)).as("%d ns", ns).isLessThanOrEqualTo(ns / 128.0);
    }
  }

  @Test
  void rejectsNegativeLatencies() {
    assertThatThrownBy(() -> new LatencyHistogram().record(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-1 ns");
  }

  @Test
  void percentileIsTheFirstBucketWhoseCumulativeCountReachesIt() {
    LatencyHistogram histogram = new LatencyHistogram();
    for (long ns = 1; ns <= 100; ns++) {
      histogram.record(ns);
    }

    Map<Double, Long> percentiles = histogram.percentiles(List.of(99.99, 1.0, 50.0, 99.0, 100.0));

    assertThat(percentiles)
        .containsExactly(
            Map.entry(1.0, 1L),
            Map.entry(50.0, 50L),
            Map.entry(99.0, 99L),
            Map.entry(99.99, 100L),
            Map.entry(100.0, 100L));
  }

  @Test
  void percentileIsTheBucketMidpointAndCanExceedTheMaximum() {
    LatencyHistogram histogram = new LatencyHistogram();
    histogram.record(1000); // bucket [1000, 1008), reported as 1004

    assertThat(histogram.percentiles(List.of(50.0))).containsEntry(50.0, 1004L);
  }

  @Test
  void needsTheSampleCountFiosLongDoubleArithmeticAsksFor() {
    // 99.95% of 10000 is 9995.0000000000004 in x86 long double: fio needs 9996 samples
    LatencyHistogram histogram = new LatencyHistogram();
    for (int i = 0; i < 9995; i++) {
      histogram.record(100);
    }
    for (int i = 0; i < 5; i++) {
      histogram.record(1000);
    }

    assertThat(histogram.percentiles(List.of(99.9, 99.95)))
        .containsEntry(99.9, 100L)
        .containsEntry(99.95, 1004L);
  }

  @Test
  void givesNoPercentilesWithoutSamples() {
    assertThat(new LatencyHistogram().percentiles(List.of(50.0))).isEmpty();
  }

  @Test
  void rejectsPercentilesOutsideZeroToHundred() {
    assertThatThrownBy(() -> new LatencyHistogram().percentiles(List.of(100.5)))
        .hasMessageContaining("100.5");
  }

  @Test
  void summingHistogramsEqualsRecordingEverythingInOne() {
    Random random = new Random(7);
    LatencyHistogram all = new LatencyHistogram();
    LatencyHistogram first = new LatencyHistogram();
    LatencyHistogram second = new LatencyHistogram();
    for (int i = 0; i < 50_000; i++) {
      long ns = (long) Math.exp(random.nextDouble() * 25);
      all.record(ns);
      (i % 3 == 0 ? first : second).record(ns);
    }

    first.add(second);

    assertThat(first.count()).isEqualTo(all.count());
    assertThat(first.bins()).isEqualTo(all.bins());
    List<Double> percents = List.of(1.0, 50.0, 99.0, 99.9, 99.99);
    assertThat(first.percentiles(percents)).isEqualTo(all.percentiles(percents));
  }

  @Test
  void binsListNonEmptyBucketsByValue() {
    LatencyHistogram histogram = new LatencyHistogram();
    histogram.record(36629);
    histogram.record(36700);
    histogram.record(5);

    assertThat(histogram.bins()).containsExactly(Map.entry(5L, 1L), Map.entry(36608L, 2L));
  }
}
