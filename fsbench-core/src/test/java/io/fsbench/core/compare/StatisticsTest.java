package io.fsbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.fsbench.api.MetricSummary;
import io.fsbench.api.Unit;
import org.junit.jupiter.api.Test;

class StatisticsTest {

  @Test
  void summarisesThreeRunsWithStudentTOfTwoDegreesOfFreedom() {
    MetricSummary s = Statistics.summarize("write.iops", Unit.IOPS, 10, 14, 12);

    assertThat(s.n()).isEqualTo(3);
    assertThat(s.median()).isEqualTo(12);
    assertThat(s.mean()).isEqualTo(12);
    assertThat(s.stddev()).isCloseTo(2.0, within(1e-12));
    // half-width = t(2) * s / sqrt(n) = 4.303 * 2 / sqrt(3) = 4.9683
    assertThat(s.ciHalfWidth()).isCloseTo(4.302653 * 2 / Math.sqrt(3), within(1e-5));
    assertThat(s.ciLow()).isCloseTo(7.0317, within(1e-4));
    assertThat(s.ciHigh()).isCloseTo(16.9683, within(1e-4));
    assertThat(s.cv()).isCloseTo(2.0 / 12, within(1e-12));
  }

  @Test
  void usesTOfOneDegreeOfFreedomForTwoRuns() {
    MetricSummary s = Statistics.summarize("bw", Unit.BYTES_PER_SEC, 10, 14);

    assertThat(s.median()).isEqualTo(12);
    // t(1) = 12.706; s = 2.828; half-width = 12.706 * 2.828 / 1.414 = 25.41
    assertThat(s.ciHalfWidth()).isCloseTo(12.706205 * 2, within(1e-4));
  }

  @Test
  void givesNoSpreadAndNoIntervalForOneRun() {
    MetricSummary s = Statistics.summarize("bw", Unit.BYTES_PER_SEC, 42);

    assertThat(s.mean()).isEqualTo(42);
    assertThat(s.median()).isEqualTo(42);
    assertThat(s.hasInterval()).isFalse();
    assertThat(s.stddev()).isNaN();
    assertThat(s.ciLow()).isNaN();
    assertThat(s.ciHigh()).isNaN();
    assertThat(s.cv()).isNaN();
  }

  @Test
  void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    assertThat(Statistics.summarize("x", Unit.COUNT, 4, 1, 3, 100).median()).isEqualTo(3.5);
  }

  @Test
  void identicalRunsGiveAZeroWidthInterval() {
    MetricSummary s = Statistics.summarize("x", Unit.IOPS, 5, 5, 5);

    assertThat(s.ciLow()).isEqualTo(5);
    assertThat(s.ciHigh()).isEqualTo(5);
    assertThat(s.cv()).isZero();
  }

  @Test
  void coefficientOfVariationIsAbsentForAZeroMean() {
    assertThat(Statistics.summarize("x", Unit.COUNT, -1, 1).cv()).isNaN();
  }

  @Test
  void matchesTheTableOfStudentT() {
    assertThat(Statistics.tQuantile(1)).isCloseTo(12.706, within(1e-3));
    assertThat(Statistics.tQuantile(2)).isCloseTo(4.303, within(1e-3));
    assertThat(Statistics.tQuantile(9)).isCloseTo(2.262, within(1e-3));
    assertThat(Statistics.tQuantile(Double.POSITIVE_INFINITY)).isCloseTo(1.960, within(1e-3));
  }

  @Test
  void refusesToSummariseNothingOrNonFiniteValues() {
    assertThatThrownBy(() -> Statistics.summarize("write.iops", Unit.IOPS))
        .hasMessageContaining("no value of write.iops");
    assertThatThrownBy(() -> Statistics.summarize("x", Unit.IOPS, 1, Double.POSITIVE_INFINITY))
        .hasMessageContaining("not finite");
  }
}
