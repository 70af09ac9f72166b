package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.fsbench.api.SteadyState;
import io.fsbench.api.SteadyStateResult;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The criteria of fio's steadystate.c on sample series worked out by hand from its formulas. */
class SteadyStateWindowTest {

  private static SteadyStateWindow window(SteadyState.Criterion c, double limit, boolean pct) {
    return new SteadyStateWindow(
        SteadyState.of(c, limit, pct, Duration.ofSeconds(3), Duration.ZERO));
  }

  @Test
  void iopsDeviationIsTheLargestDistanceFromTheWindowsMeanInPercent() {
    SteadyStateWindow w = window(SteadyState.Criterion.IOPS, 10, true);

    assertThat(w.add(100, 0)).isFalse();
    assertThat(w.add(110, 0)).isFalse();
    assertThat(w.add(90, 0)).as("mean 100, largest deviation 10 = 10%, not below 10%").isFalse();
    assertThat(w.result().criterion()).isEqualTo(10.0);
    assertThat(w.add(100, 0)).as("window 110 90 100: still 10%").isFalse();
    assertThat(w.add(104, 0)).as("window 90 100 104: mean 98, deviation 8 = 8.16%").isTrue();

    SteadyStateResult r = w.result();
    assertThat(r.attained()).isTrue();
    assertThat(r.maxDeviation()).isEqualTo(8.0);
    assertThat(r.criterion()).isCloseTo(800.0 / 98, within(1e-9));
    assertThat(r.slope()).isZero();
    assertThat(r.iops()).containsExactly(90L, 100L, 104L);
    assertThat(r.iopsMean()).isEqualTo(98);
  }

  @Test
  void bandwidthDeviationWithoutPercentIsInBytesPerSecond() {
    SteadyStateWindow w = window(SteadyState.Criterion.BW, 1000, false);
    w.add(1, 10_000);
    w.add(1, 10_500);

    assertThat(w.add(1, 9_000)).as("mean 9833.3, largest deviation 833.3").isTrue();
    assertThat(w.result().criterion()).isCloseTo(2500.0 / 3, within(1e-9));
    assertThat(w.result().bwMean()).isEqualTo(9833);
  }

  @Test
  void iopsSlopeIsTheLeastSquaresSlopeOverTheWindowsMean() {
    SteadyStateWindow w = window(SteadyState.Criterion.IOPS_SLOPE, 5, true);
    w.add(100, 0);
    w.add(110, 0);

    // x = 0,1,2: sum_x 3, sum_x^2 5, sum_y 330, sum_xy 350: slope 20 / 2 = 10, 10 / 110 = 9.09%
    assertThat(w.add(120, 0)).isFalse();
    assertThat(w.result().slope()).isEqualTo(10.0);
    assertThat(w.result().criterion()).isCloseTo(1000.0 / 110, within(1e-9));
    // window 110 120 110: sum_xy 340 = sum_y: slope 0
    assertThat(w.add(110, 0)).isTrue();
    assertThat(w.result().slope()).isZero();
    assertThat(w.result().iops()).containsExactly(110L, 120L, 110L);
  }

  @Test
  void slopePercentDividesByTheMeanInIntegersAsFioDoes() {
    SteadyStateWindow w = window(SteadyState.Criterion.BW_SLOPE, 1, true);
    w.add(0, 1);
    w.add(0, 2);
    w.add(0, 2);

    // slope (6 - 3 * 5 / 3) / 2 = 0.5; fio divides by sum_y / dur = 5 / 3 = 1 in integers
    assertThat(w.result().criterion()).isEqualTo(50.0);
  }

  @Test
  void aNegativeSlopeMeetsTheLimitByItsSize() {
    SteadyStateWindow w = window(SteadyState.Criterion.BW_SLOPE, 60, false);
    w.add(0, 300);
    w.add(0, 250);

    assertThat(w.add(0, 200)).as("slope -50, |-50| < 60").isTrue();
    assertThat(w.result().criterion()).isEqualTo(-50.0);
  }

  @Test
  void aWindowNotYetFullListsItsSamplesThenZeros() {
    SteadyStateWindow w = window(SteadyState.Criterion.IOPS_SLOPE, 0.01, true);
    w.add(5, 50);
    w.add(6, 60);

    SteadyStateResult r = w.result();
    assertThat(r.attained()).isFalse();
    assertThat(r.criterion()).isZero();
    assertThat(r.iops()).containsExactly(5L, 6L, 0L);
    assertThat(r.bw()).containsExactly(50L, 60L, 0L);
  }

  @Test
  void aFullWindowNotAttainedListsItsSamplesOldestFirst() {
    SteadyStateWindow w = window(SteadyState.Criterion.IOPS, 1, true);
    for (long v : new long[] {100, 110, 90, 130}) {
      assertThat(w.add(v, v * 10)).isFalse();
    }

    assertThat(w.result().iops()).containsExactly(110L, 90L, 130L);
    assertThat(w.result().bw()).containsExactly(1100L, 900L, 1300L);
  }
}
