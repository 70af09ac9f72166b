package io.fsbench.core.compare;

import io.fsbench.api.MetricSummary;
import io.fsbench.api.RepetitionPolicy;
import io.fsbench.api.Unit;

/**
 * Decides whether a cell needs another measured run: always until the policy's minimum, never past
 * its maximum, and in between (adaptive policies only) while the 95% CI half-width of the headline
 * metric is not yet below the target percentage of its mean.
 */
public final class RepetitionRule {

  private RepetitionRule() {}

  /**
   * @param headlineValues the headline metric of each measured run so far, warm-up runs left out
   */
  public static boolean needsAnother(RepetitionPolicy policy, double... headlineValues) {
    int n = headlineValues.length;
    if (n < policy.minimum()) {
      return true;
    }
    if (n >= policy.maximum() || !policy.isAdaptive()) {
      return false;
    }
    return !reachedTarget(policy, Statistics.summarize("headline", Unit.COUNT, headlineValues));
  }

  /**
   * Whether the summary's CI half-width is below the policy's target. A mean of zero has no
   * relative width; it counts as reached, because more runs cannot change that.
   */
  public static boolean reachedTarget(RepetitionPolicy policy, MetricSummary summary) {
    if (!policy.isAdaptive()) {
      return true;
    }
    if (!summary.hasInterval()) {
      return false;
    }
    double relative = summary.relativeCiHalfWidth();
    return Double.isNaN(relative) || relative * 100 < policy.ciHalfWidthPercent();
  }
}
