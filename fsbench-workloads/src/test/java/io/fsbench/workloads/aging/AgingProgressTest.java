package io.fsbench.workloads.aging;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.AgingProfile;
import io.fsbench.api.AgingSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class AgingProgressTest {

  private static final long MIB = 1 << 20;
  private static final long SECOND = 1_000_000_000L;

  private final List<Double> shown = new ArrayList<>();
  private final AgingProgress progress =
      new AgingProgress(shown::add, 0, Duration.ofSeconds(100), 1000 * MIB);

  @Test
  void followsTheWorkTowardTheGoal() {
    progress.work(250 * MIB);
    progress.work(500 * MIB);

    assertThat(shown).containsExactly(0.25, 0.5);
  }

  @Test
  void followsTheTimeWhereItIsFurtherThanTheWork() {
    progress.work(100 * MIB);
    progress.time(60 * SECOND);
    progress.work(200 * MIB);

    assertThat(shown).containsExactly(0.1, 0.6);
  }

  @Test
  void neverGoesBackWhenTheChurnsBytesStartBelowTheFillsUse() {
    progress.work(400 * MIB); // the fill's use, with what was on the volume before
    progress.work(380 * MIB); // the churn's bytes written so far
    progress.work(420 * MIB);

    assertThat(shown).containsExactly(0.4, 0.42);
  }

  @Test
  void passesOnOnlyGrowthOfAHundredthAndStaysBelowOne() {
    for (long bytes = 0; bytes <= 2000 * MIB; bytes += MIB) {
      progress.work(bytes);
    }

    assertThat(shown).hasSizeLessThanOrEqualTo(99).isSorted().last().isEqualTo(0.99);
    // every step a hundredth or more, but the last, which reaches the cap wherever it is
    for (int i = 1; i < shown.size() - 1; i++) {
      assertThat(shown.get(i) - shown.get(i - 1)).isGreaterThan(AgingProgress.STEP - 1e-9);
    }
  }

  @Test
  void anAgingsProgressRisesThroughFillAndChurnAndEndsAtOne() {
    AtomicLong clock = new AtomicLong();
    List<Double> fractions = new ArrayList<>();
    AgingSpec spec =
        AgingSpec.builder()
            .profile(AgingProfile.DESKTOP)
            .fullness(0.8)
            .overwrite(2)
            .timeLimit(Duration.ofMinutes(10))
            .build();

    new ChurnEngine(
            spec,
            new FakeChurn(256 * MIB, MIB),
            () -> clock.addAndGet(10_000_000),
            () -> false,
            fractions::add)
        .run();

    assertThat(fractions).hasSizeGreaterThan(10).isSorted();
    assertThat(fractions).allSatisfy(f -> assertThat(f).isBetween(0.0, 1.0));
    assertThat(fractions.get(fractions.size() - 1)).isEqualTo(1.0);
    assertThat(fractions.subList(0, fractions.size() - 1))
        .allSatisfy(f -> assertThat(f).isLessThan(1.0));
  }
}
