package io.fsbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RateSamplerTest {

  private static final long MS = 1_000_000;
  private static final Duration WINDOW = Duration.ofMillis(500);

  private final IoCounters counters = new IoCounters();

  @Test
  void recordsKibPerSecondOfEachWindowInIntegerArithmetic() {
    RateSampler bw = RateSampler.bandwidth(counters, WINDOW, 0);
    complete(Direction.WRITE, 1000, 4096); // 4096000 B in 500 ms

    bw.sample(500 * MS);

    Moments write = bw.stats(Direction.WRITE);
    assertThat(write.count()).isEqualTo(1);
    assertThat(write.min()).isEqualTo(4_096_000L * 1000 / 500 / 1024); // 8000 KiB/s
  }

  @Test
  void recordsIopsOfEachWindow() {
    RateSampler iops = RateSampler.iops(counters, WINDOW, 0);
    complete(Direction.READ, 333, 4096);

    iops.sample(501 * MS);

    assertThat(iops.stats(Direction.READ).max()).isEqualTo(333L * 1000 / 501);
  }

  @Test
  void waitsForTheWindowButForgivesOneMillisecond() {
    RateSampler bw = RateSampler.bandwidth(counters, WINDOW, 0);
    complete(Direction.READ, 10, 4096);

    assertThat(bw.sample(498 * MS + 999_999)).isEqualTo(2 * MS);
    assertThat(bw.stats(Direction.READ).count()).isZero();

    bw.sample(499 * MS);
    assertThat(bw.stats(Direction.READ).count()).isEqualTo(1);
  }

  @Test
  void aWindowWithoutCompletedIoAddsNoSampleButStillEnds() {
    RateSampler bw = RateSampler.bandwidth(counters, WINDOW, 0);
    complete(Direction.READ, 10, 4096);
    bw.sample(500 * MS);

    bw.sample(1000 * MS); // nothing completed in this window
    complete(Direction.READ, 10, 4096);
    bw.sample(1500 * MS);

    Moments read = bw.stats(Direction.READ);
    assertThat(read.count()).isEqualTo(2);
    assertThat(read.min()).isEqualTo(read.max()).isEqualTo(40960L * 1000 / 500 / 1024);
    assertThat(bw.stats(Direction.WRITE).count()).isZero();
  }

  @Test
  void aLateSampleCoversTheLongerWindowAndBringsTheNextOneForward() {
    RateSampler bw = RateSampler.bandwidth(counters, WINDOW, 0);
    complete(Direction.WRITE, 600, 1024);

    long next = bw.sample(600 * MS);

    assertThat(bw.stats(Direction.WRITE).min()).isEqualTo(614_400L * 1000 / 600 / 1024);
    assertThat(next).isEqualTo((500 - 101) * MS);
  }

  @Test
  void restartForgetsTheRampAndStartsTheFirstWindow() {
    RateSampler bw = RateSampler.bandwidth(counters, WINDOW, 0);
    complete(Direction.WRITE, 100, 4096);
    bw.sample(500 * MS);

    complete(Direction.WRITE, 100, 4096); // done during ramp, before the restart
    bw.restart(700 * MS);
    complete(Direction.WRITE, 50, 4096);
    bw.sample(1200 * MS);

    Moments write = bw.stats(Direction.WRITE);
    assertThat(write.count()).isEqualTo(1);
    assertThat(write.min()).isEqualTo(204_800L * 1000 / 500 / 1024);
  }

  @Test
  void rejectsAWindowShorterThanAMillisecond() {
    assertThatThrownBy(() -> RateSampler.iops(counters, Duration.ofNanos(10), 0))
        .hasMessageContaining("at least 1 ms");
  }

  private void complete(Direction direction, int ios, long bytesEach) {
    for (int i = 0; i < ios; i++) {
      counters.add(direction, bytesEach);
    }
  }
}
