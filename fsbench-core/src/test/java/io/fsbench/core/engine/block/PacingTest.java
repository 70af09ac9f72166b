package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Pacing;
import io.fsbench.core.stats.Direction;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PacingTest {

  private static final long SECOND = 1_000_000_000L;

  private final AtomicLong now = new AtomicLong();

  @Test
  void thinksAfterEveryNCompletedIos() {
    ThinkTime think =
        new ThinkTime(Pacing.NONE.thinkTime(Duration.ofMillis(1), Duration.ZERO, 4), now::get);

    assertThat(think.due(3, 3)).isFalse();
    assertThat(think.due(4, 4)).isTrue();
    assertThat(think.due(5, 5)).isFalse();
    // with I/Os in flight completions lag; a pause is due once per 4 completions
    assertThat(think.due(9, 7)).isFalse();
    assertThat(think.due(10, 8)).isTrue();
  }

  @Test
  void countsIssuedIosWithThinktimeBlocksTypeIssue() {
    Pacing p =
        new Pacing(
            Duration.ofMillis(1),
            Duration.ZERO,
            4,
            true,
            Duration.ZERO,
            Duration.ZERO,
            false,
            JobSpec.RateLimit.NONE);
    ThinkTime think = new ThinkTime(p, now::get);

    assertThat(think.due(4, 1)).isTrue();
    assertThat(think.due(7, 4)).isFalse();
  }

  @Test
  void neverThinksPastTheDeadline() {
    ThinkTime think =
        new ThinkTime(Pacing.NONE.thinkTime(Duration.ofSeconds(30), Duration.ZERO, 1), now::get);
    now.set(5 * SECOND);

    long before = System.nanoTime();
    think.pause(5 * SECOND); // the deadline is now: no pause at all
    assertThat(System.nanoTime() - before).isLessThan(SECOND);
  }

  @Test
  void failsAJobBelowRateMinWithFiosMessageAfterTheSettlePeriod() {
    MinimumRate min =
        new MinimumRate("fsbench-slow", JobSpec.RateLimit.NONE, rateMin(1_000_000, 0));
    min.start(0);

    min.check(SECOND, 10, 1, 0, 0); // settling: not checked
    min.check(2 * SECOND, 2_000_000, 100, 0, 0); // first check takes the reference
    min.check(2 * SECOND + SECOND / 2, 2_100_000, 110, 0, 0); // within the cycle
    min.check(3 * SECOND, 3_100_000, 200, 0, 0); // 1.1 MB in 1 s: met
    assertThatThrownBy(() -> min.check(4 * SECOND, 3_600_000, 250, 0, 0))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("fsbench-slow: rate_min=1000000B/s not met, got 500000B/s");
  }

  @Test
  void checksIopsMinimumsPerDirectionAndOnlyDirectionsThatMoved() {
    MinimumRate min = new MinimumRate("fsbench-iops", JobSpec.RateLimit.NONE, iopsMin(0, 100));
    min.start(0);

    min.check(2 * SECOND, 0, 0, 4096, 1);
    min.check(3 * SECOND, 50_000_000, 5_000, 4096 * 101, 101); // 100 IOPS: met; reads unlimited
    assertThatThrownBy(() -> min.check(4 * SECOND, 0, 0, 4096 * 160, 160))
        .hasMessageContaining("fsbench-iops: rate_iops_min=100 not met, got 59 IOPS");
  }

  @Test
  void startingAgainAfterRampSettlesAgain() {
    MinimumRate min = new MinimumRate("fsbench-ramp", JobSpec.RateLimit.NONE, rateMin(1, 0));
    min.start(0);
    min.check(2 * SECOND, 100, 1, 0, 0);
    min.start(3 * SECOND);

    min.check(4 * SECOND, 100, 1, 0, 0); // nothing moved, but still settling
    assertThat(min.enabled()).isTrue();
  }

  @Test
  void poissonArrivalsHaveTheRatesMeanGap() {
    JobSpec.RateLimit rate = new JobSpec.RateLimit(0, 0, 1000, 0);
    Throttle throttle = new Throttle(rate, true, new long[] {4096, 4096}, 42, () -> Long.MAX_VALUE);
    throttle.start(0);

    int n = 20_000;
    long last = 0;
    long below = 0;
    for (int i = 0; i < n; i++) {
      long due = throttle.nextDue(Direction.READ, 4096);
      if (due - last < 1_000_000L) {
        below++;
      }
      last = due;
    }
    // mean gap 1 ms; an exponential gap is below its mean with probability 1 - 1/e
    assertThat(last / (double) n).isBetween(0.97e6, 1.03e6);
    assertThat(below / (double) n).isBetween(0.61, 0.655);
  }

  private static JobSpec.RateLimit rateMin(long read, long write) {
    return new JobSpec.RateLimit(read, write, 0, 0);
  }

  private static JobSpec.RateLimit iopsMin(long read, long write) {
    return new JobSpec.RateLimit(0, 0, read, write);
  }
}
