package io.fsbench.cluster.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.JobResult;
import io.fsbench.cluster.ClientResult;
import io.fsbench.cluster.Stonewalled;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class StonewallsTest {

  private static final JobResult MIB_8 = Samples.writeJob(8 << 20, 1000, Samples.latency(1000));
  private static final JobResult MIB_64 =
      Samples.writeJob(64 << 20, 2000, Samples.latency(1000, 2000));

  @Test
  void theFirstToFinishCountsWholeAndTheOthersOnlyUpToItsEnd() {
    List<ClientResult> clients =
        List.of(
            Samples.client("a:1", MIB_8, 0, 1_000_000),
            Samples.client("b:1", MIB_64, 0, 2_000_000),
            Samples.client("c:1", MIB_64, 0, 4_000_000));

    Stonewalled wall = Stonewalls.of(clients);

    // a: all of 8 MiB; b: half its window; c: a quarter of it
    assertThat(wall.ioBytes()).isEqualTo((8L << 20) + (32L << 20) + (16L << 20));
    assertThat(wall.runtime()).isEqualTo(Duration.ofSeconds(1));
    assertThat(wall.bandwidth()).isEqualTo(56.0 * (1 << 20));
  }

  @Test
  void itsRuntimeStartsAtTheEarliestIoAndEndsAtTheFirstFinish() {
    List<ClientResult> clients =
        List.of(
            Samples.client("a:1", MIB_8, 500_000, 1_500_000),
            Samples.client("b:1", MIB_64, 0, 2_000_000));

    Stonewalled wall = Stonewalls.of(clients);

    assertThat(wall.runtime()).isEqualTo(Duration.ofMillis(1500));
    assertThat(wall.ios())
        .isEqualTo(MIB_8.write().totalIos() + Math.round(MIB_64.write().totalIos() * 0.75));
  }

  @Test
  void aClientThatStartedAfterTheFirstFinishAddsNothing() {
    ClientResult late = Samples.client("b:1", MIB_64, 2_000_000, 3_000_000);

    assertThat(Stonewalls.shareBefore(late, 1_000_000)).isZero();
    assertThat(Stonewalls.of(List.of(Samples.client("a:1", MIB_8, 0, 1_000_000), late)).ioBytes())
        .isEqualTo(8L << 20);
  }
}
