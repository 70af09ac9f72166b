package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class OpsSamplerTest {

  private static final long MS = 1_000_000;

  @Test
  void takesOneRatePerEnded500MsWindowAndLeavesTheUnfinishedOneOut() {
    OpsSampler sampler = new OpsSampler(0, 0);

    sampler.sample(100 * MS, 10); // inside the first window: nothing yet
    sampler.sample(500 * MS, 50);
    sampler.sample(1000 * MS, 150);
    sampler.sample(1200 * MS, 400);

    FilebenchResult.OpsSamples samples = sampler.samples();
    assertThat(samples.interval()).isEqualTo(Duration.ofMillis(500));
    assertThat(samples.opsPerSec()).containsExactly(100.0, 200.0);
    assertThat(sampler.nextAt()).isEqualTo(1500 * MS);
  }

  @Test
  void dividesByTheTimeThatReallyPassedWhenWokenLateAndKeepsTheWindowsOnTheirGrid() {
    OpsSampler sampler = new OpsSampler(0, 0);

    sampler.sample(625 * MS, 125);
    sampler.sample(1000 * MS, 200);

    assertThat(sampler.samples().opsPerSec()).containsExactly(200.0, 200.0);
    assertThat(sampler.nextAt()).isEqualTo(1500 * MS);
  }

  @Test
  void aWakeLaterThanAWholeWindowTakesOneSampleOverTheTimeMissed() {
    OpsSampler sampler = new OpsSampler(0, 0);

    sampler.sample(1200 * MS, 240);

    assertThat(sampler.samples().opsPerSec()).containsExactly(200.0);
    assertThat(sampler.nextAt()).isEqualTo(1500 * MS);
  }

  @Test
  void keepsAtMostMaxSamplesOfAnHoursRunByMergingPairsAndDoublingTheWindow() {
    OpsSampler sampler = new OpsSampler(0, 0);
    long now = 0;
    while (now < 3600_000 * MS) { // an hour at 200 ops/s, sampled when each window ends
      now = sampler.nextAt();
      sampler.sample(now, now / (5 * MS));
    }

    FilebenchResult.OpsSamples samples = sampler.samples();
    assertThat(samples.opsPerSec()).hasSizeLessThanOrEqualTo(FilebenchResult.OpsSamples.MAX);
    assertThat(samples.interval().toNanos() * samples.opsPerSec().size())
        .as("the samples still cover the whole hour")
        .isLessThanOrEqualTo(now)
        .isGreaterThan(now - samples.interval().toNanos());
    assertThat(samples.opsPerSec()).allSatisfy(r -> assertThat(r).isCloseTo(200, within(1e-6)));
  }

  @Test
  void restartsFromZeroWhenTheStatisticsAreCleared() {
    OpsSampler sampler = new OpsSampler(0, 0);
    sampler.sample(500 * MS, 1000);

    sampler.cleared();
    sampler.sample(1000 * MS, 50);

    assertThat(sampler.samples().opsPerSec()).containsExactly(2000.0, 100.0);
  }

  @Test
  void summarisesTheSamplesAsFioDoes() {
    FilebenchResult.OpsSamples samples =
        new FilebenchResult.OpsSamples(Duration.ofMillis(500), java.util.List.of(2.0, 4.0, 6.0));

    assertThat(samples.min()).isEqualTo(2.0);
    assertThat(samples.max()).isEqualTo(6.0);
    assertThat(samples.mean()).isEqualTo(4.0);
    assertThat(samples.stddev()).isEqualTo(2.0); // the sample standard deviation, n - 1
  }
}
