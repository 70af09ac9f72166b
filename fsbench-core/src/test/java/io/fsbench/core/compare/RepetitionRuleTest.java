package io.fsbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.RepetitionPolicy;
import org.junit.jupiter.api.Test;

class RepetitionRuleTest {

  private final RepetitionPolicy fixed = RepetitionPolicy.fixed(3);
  private final RepetitionPolicy twoPercent = RepetitionPolicy.untilPrecise(2.0, 3, 6);

  @Test
  void aFixedPolicyRunsExactlyItsCount() {
    assertThat(RepetitionRule.needsAnother(fixed)).isTrue();
    assertThat(RepetitionRule.needsAnother(fixed, 1, 50)).isTrue();
    assertThat(RepetitionRule.needsAnother(fixed, 1, 50, 100)).isFalse();
  }

  @Test
  void anAdaptivePolicyAlwaysRunsItsMinimum() {
    assertThat(RepetitionRule.needsAnother(twoPercent, 100, 100)).isTrue();
  }

  @Test
  void anAdaptivePolicyStopsOnceTheIntervalIsNarrowEnough() {
    // mean 100, s = 0.5, half-width = 4.303 * 0.5 / sqrt(3) = 1.24 = 1.24% < 2%
    assertThat(RepetitionRule.needsAnother(twoPercent, 99.5, 100, 100.5)).isFalse();
  }

  @Test
  void anAdaptivePolicyGoesOnWhileTheIntervalIsTooWide() {
    // mean 100, s = 2, half-width = 4.97%
    assertThat(RepetitionRule.needsAnother(twoPercent, 98, 100, 102)).isTrue();
  }

  @Test
  void anAdaptivePolicyNeverExceedsItsMaximum() {
    assertThat(RepetitionRule.needsAnother(twoPercent, 50, 150, 60, 140, 70, 130)).isFalse();
  }

  @Test
  void anAllZeroHeadlineCannotGetNarrowerAndStops() {
    assertThat(RepetitionRule.needsAnother(twoPercent, 0, 0, 0)).isFalse();
  }
}
