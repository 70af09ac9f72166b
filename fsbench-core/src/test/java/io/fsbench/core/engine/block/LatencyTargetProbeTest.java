package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.LatencyTarget;
import io.fsbench.core.engine.block.LatencyTargetProbe.Step;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The depth sequences of fio 3.33's lat_target_* worked out by hand from io_u.c. */
class LatencyTargetProbeTest {

  private static final long MS = 1_000_000L;

  private static LatencyTargetProbe probe(double percentile, boolean run, int iodepth) {
    LatencyTargetProbe p =
        new LatencyTargetProbe(
            new LatencyTarget(Duration.ofMillis(10), Duration.ofMillis(100), percentile, run),
            iodepth);
    p.start(0);
    return p;
  }

  /** One window of {@code ios} I/Os, {@code late} of them over the target, checked at its end. */
  private static Step window(LatencyTargetProbe p, long end, int ios, int late) {
    for (int i = 0; i < ios; i++) {
      p.completed(i < late ? 20 * MS : MS, end - 1, "j", "f read 0 4096");
    }
    return p.check(end);
  }

  @Test
  void doublesTheDepthWhileWindowsMeetTheTargetThenMeasuresAFinalWindowAndEnds() {
    LatencyTargetProbe p = probe(99.0, false, 8);
    assertThat(p.depth()).isEqualTo(1);
    assertThat(p.check(50 * MS)).isEqualTo(Step.NONE); // the window has not passed
    assertThat(window(p, 100 * MS, 100, 0)).isEqualTo(Step.NONE);
    assertThat(p.depth()).isEqualTo(2);
    window(p, 200 * MS, 100, 0);
    window(p, 300 * MS, 100, 0);
    assertThat(p.depth()).isEqualTo(8);
    assertThat(window(p, 400 * MS, 100, 0)).isEqualTo(Step.FINAL_WINDOW);
    p.restarted(400 * MS);
    assertThat(window(p, 500 * MS, 100, 0)).isEqualTo(Step.DONE);
    assertThat(p.depth()).isEqualTo(8);
  }

  @Test
  void aMissedWindowHalvesTowardsTheLastGoodDepthAndLaterOnesBisect() {
    LatencyTargetProbe p = probe(99.0, false, 64);
    window(p, 100 * MS, 100, 0); // 1 -> 2
    window(p, 200 * MS, 100, 0); // 2 -> 4
    window(p, 300 * MS, 100, 0); // 4 -> 8
    assertThat(window(p, 400 * MS, 100, 5)).isEqualTo(Step.QUIESCE); // 95 % < 99 %
    assertThat(p.depth()).isEqualTo(6); // (8 + 4) / 2, the ceiling now 8
    p.restarted(400 * MS); // after the I/Os in flight completed
    window(p, 500 * MS, 100, 0);
    assertThat(p.depth()).isEqualTo(7); // (6 + 8) / 2
  }

  @Test
  void keepsProbingWithLatencyRun() {
    LatencyTargetProbe p = probe(99.0, true, 2);
    window(p, 100 * MS, 10, 0);
    assertThat(p.depth()).isEqualTo(2);
    assertThat(window(p, 200 * MS, 10, 0)).isEqualTo(Step.NONE);
    assertThat(window(p, 300 * MS, 10, 0)).isEqualTo(Step.NONE);
  }

  @Test
  void atPercentile100OneLateIoLowersTheDepthAndAtDepthOneFailsTheJobWithFiosWords() {
    LatencyTargetProbe p = probe(100.0, false, 8);
    window(p, 100 * MS, 10, 0);
    assertThat(p.depth()).isEqualTo(2);
    assertThat(p.completed(20 * MS, 150 * MS, "j", "f read 0 4096")).isEqualTo(Step.QUIESCE);
    assertThat(p.depth()).isEqualTo(1);
    p.restarted(150 * MS);
    assertThatThrownBy(() -> p.completed(20 * MS, 160 * MS, "j", "f read 4096 4096"))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("latency of 20000000 nsec exceeds specified max (10000000 nsec)")
        .hasMessageContaining("f read 4096 4096");
  }

  @Test
  void aWindowWithoutCompletionsMeetsNoPercentileAsFiosZeroByZero() {
    LatencyTargetProbe p = probe(50.0, false, 4);
    window(p, 100 * MS, 10, 0);
    assertThat(p.depth()).isEqualTo(2);
    assertThat(p.check(200 * MS)).isEqualTo(Step.QUIESCE);
    assertThat(p.depth()).isEqualTo(1);
  }

  @Test
  void withoutATargetTheDepthIsTheJobsIodepth() {
    LatencyTargetProbe p = new LatencyTargetProbe(LatencyTarget.NONE, 16);
    p.start(0);
    assertThat(p.depth()).isEqualTo(16);
    assertThat(p.check(Long.MAX_VALUE / 2)).isEqualTo(Step.NONE);
  }
}
