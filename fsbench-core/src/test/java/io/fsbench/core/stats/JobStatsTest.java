package io.fsbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class JobStatsTest {

  private final JobStats stats = JobStats.withFioDefaults();

  @Test
  void sumsPhaseTimesInMicrosecondsBeforeRoundingUpToMilliseconds() {
    stats.completed(Direction.READ, 4096, 1000, 1100);

    stats.addRuntime(Duration.ofNanos(1_500_999));
    stats.addRuntime(Duration.ofNanos(1_500_999));

    assertThat(stats.runtimeMs(Direction.READ)).as("3000 us, not 2 + 2 ms").isEqualTo(3);
    assertThat(stats.runtimeMs(Direction.WRITE)).as("no writes, no write runtime").isZero();
  }

  @Test
  void roundsAnyStartedMillisecondUp() {
    stats.completed(Direction.WRITE, 4096, 1000, 1100);

    stats.addRuntime(Duration.ofNanos(1_001_000));

    assertThat(stats.runtimeMs(Direction.WRITE)).isEqualTo(2);
  }

  @Test
  void resetAtTheEndOfRampForgetsTheMeasurementsButNotTheGrowingCounters() {
    stats.completed(Direction.WRITE, 4096, 1000, 1100);
    stats.synced(50_000);
    stats.addCpu(Duration.ofMillis(5), Duration.ofMillis(7), 3, 2, 1);

    stats.reset();
    stats.completed(Direction.WRITE, 8192, 2000, 2100);

    assertThat(stats.ioBytes(Direction.WRITE)).isEqualTo(8192);
    assertThat(stats.clat(Direction.WRITE).moments().count()).isEqualTo(1);
    assertThat(stats.syncIos()).isZero();
    assertThat(stats.usrMs()).isZero();
    assertThat(stats.counters().bytes(Direction.WRITE)).isEqualTo(4096 + 8192);
  }

  @Test
  void truncatesCpuTimePerCallToMillisecondsAsFio() {
    stats.addCpu(Duration.ofNanos(1_999_000), Duration.ofNanos(999_000), 0, 0, 0);
    stats.addCpu(Duration.ofNanos(1_999_000), Duration.ZERO, 0, 0, 0);

    assertThat(stats.usrMs()).isEqualTo(2);
    assertThat(stats.sysMs()).isZero();
  }

  @Test
  void rejectsANegativeLatencyEvenWithoutAHistogram() {
    JobStats noPercentiles = new JobStats(false, false, false);

    assertThatThrownBy(() -> noPercentiles.completed(Direction.READ, 4096, -5, 10))
        .hasMessageContaining("-5 ns")
        .hasMessageContaining("monotonic");
  }
}
