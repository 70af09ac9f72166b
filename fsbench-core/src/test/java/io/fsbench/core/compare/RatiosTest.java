package io.fsbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.fsbench.api.BaselineRatio;
import io.fsbench.api.MetricSummary;
import io.fsbench.api.Unit;
import org.junit.jupiter.api.Test;

class RatiosTest {

  private static MetricSummary iops(double... values) {
    return Statistics.summarize("write.iops", Unit.IOPS, values);
  }

  private static MetricSummary latency(double... values) {
    return Statistics.summarize("write.clat.mean", Unit.NANOSECONDS, values);
  }

  private static BaselineRatio ratio(MetricSummary cell, MetricSummary baseline) {
    return Ratios.against(cell, baseline, "ext4", "defaults").orElseThrow();
  }

  @Test
  void ratioAboveOneMeansMoreThroughputThanTheBaseline() {
    BaselineRatio r = ratio(iops(110, 112, 114), iops(100, 102, 104));

    assertThat(r.ratio()).isCloseTo(112.0 / 102, within(1e-12));
    assertThat(r.baselineFileSystem()).isEqualTo("ext4");
    assertThat(r.baselineTuning()).isEqualTo("defaults");
  }

  @Test
  void fiellerIntervalMatchesAHandComputation() {
    // x̄ = 112, ȳ = 102, var(x̄) = var(ȳ) = 4/3; Welch df = 3.9655, t = 2.78599;
    // roots of (ȳ² − t²b)ρ² − 2x̄ȳρ + (x̄² − t²a) = 0 (computed independently with numpy).
    BaselineRatio r = ratio(iops(110, 112, 114), iops(100, 102, 104));

    assertThat(r.ciLow()).isCloseTo(1.052256, within(1e-6));
    assertThat(r.ciHigh()).isCloseTo(1.146009, within(1e-6));
  }

  @Test
  void fiellerIntervalIsAsymmetricWhenTheDenominatorIsImprecise() {
    BaselineRatio r = ratio(iops(120, 150, 90, 130), iops(100, 101, 99));

    assertThat(r.ratio()).isCloseTo(1.225, within(1e-12));
    assertThat(r.ciLow()).isCloseTo(0.828331, within(1e-6));
    assertThat(r.ciHigh()).isCloseTo(1.622490, within(1e-6));
  }

  @Test
  void ratioAboveOneMeansLowerLatencyThanTheBaseline() {
    // the cell takes 2.2 ms, the baseline 3.1 ms: the cell is better, so the ratio is 3.1 / 2.2
    BaselineRatio r = ratio(latency(2.0, 2.2, 2.4), latency(3.0, 3.1, 3.2));

    assertThat(r.ratio()).isCloseTo(3.1 / 2.2, within(1e-12));
    assertThat(r.ciLow()).isCloseTo(1.170069, within(1e-6));
    assertThat(r.ciHigh()).isCloseTo(1.751195, within(1e-6));
    assertThat(r.better()).isTrue();
  }

  @Test
  void cellsWhoseIntervalsDoNotOverlapAreDistinguishable() {
    // [107.0, 117.0] against [97.0, 107.0]
    BaselineRatio r = ratio(iops(110, 112, 114), iops(100, 102, 104));

    assertThat(r.distinguishable()).isTrue();
    assertThat(r.better()).isTrue();
    assertThat(r.worse()).isFalse();
  }

  @Test
  void cellsWhoseIntervalsOverlapAreNotDistinguishable() {
    // [97.0, 107.0] against [95.0, 105.0]: 2% apart, but within each other's noise
    BaselineRatio r = ratio(iops(100, 102, 104), iops(98, 100, 102));

    assertThat(r.ratio()).isGreaterThan(1);
    assertThat(r.distinguishable()).isFalse();
    assertThat(r.better()).isFalse();
  }

  @Test
  void aSingleRunIsNeverDistinguishableAndHasNoInterval() {
    BaselineRatio r = ratio(iops(200), iops(100, 101, 102));

    assertThat(r.ratio()).isCloseTo(200.0 / 101, within(1e-12));
    assertThat(r.hasInterval()).isFalse();
    assertThat(r.distinguishable()).isFalse();
  }

  @Test
  void givesNoIntervalWhenTheBaselineIntervalReachesZero() {
    BaselineRatio r = ratio(iops(100, 101, 102), iops(1, 50, 100));

    assertThat(r.hasInterval()).isFalse();
  }

  @Test
  void identicalDeterministicCellsHaveRatioOneWithAZeroWidthInterval() {
    BaselineRatio r = ratio(iops(7, 7, 7), iops(7, 7));

    assertThat(r.ratio()).isEqualTo(1);
    assertThat(r.ciLow()).isEqualTo(1);
    assertThat(r.ciHigh()).isEqualTo(1);
  }

  @Test
  void givesNoRatioWhenAMeanIsNotPositive() {
    assertThat(Ratios.against(iops(0, 0), iops(1, 2), "ext4", "defaults")).isEmpty();
  }

  @Test
  void refusesToCompareDifferentMetrics() {
    assertThatThrownBy(() -> Ratios.against(iops(1, 2), latency(1, 2), "ext4", "defaults"))
        .hasMessageContaining("cannot compare write.iops (iops) with write.clat.mean (ns)");
  }
}
