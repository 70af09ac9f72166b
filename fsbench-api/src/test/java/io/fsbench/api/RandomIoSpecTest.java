package io.fsbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RandomIoSpecTest {

  @Test
  void defaultsAreTheClassicRandomioBigfile10Point25Point01At2048For60SecondsOnce() {
    RandomIoSpec spec = RandomIoSpec.builder().build();

    assertThat(spec.fileSize()).isEqualTo(Size.gib(4));
    assertThat(spec.threads()).isEqualTo(10);
    assertThat(spec.writeFraction()).isEqualTo(0.25);
    assertThat(spec.fsyncFraction()).isEqualTo(0.01);
    assertThat(spec.ioSize()).isEqualTo(Size.bytes(2048));
    assertThat(spec.sampleTime()).isEqualTo(Duration.ofSeconds(60));
    assertThat(spec.samples()).isEqualTo(1);
    assertThat(spec.perThreadRandom()).isFalse();
  }

  @Test
  void readsRandomiosArgumentsAsParameters() {
    RandomIoSpec spec =
        RandomIoSpec.fromParams(
            Map.of(
                "size", "1g",
                "threads", "4",
                "write_fraction", ".5",
                "fsync_fraction", "0",
                "io_size", "4k",
                "sample_seconds", "2.5",
                "samples", "3",
                "per_thread_random", "true"));

    assertThat(spec.fileSize()).isEqualTo(Size.gib(1));
    assertThat(spec.threads()).isEqualTo(4);
    assertThat(spec.writeFraction()).isEqualTo(0.5);
    assertThat(spec.fsyncFraction()).isZero();
    assertThat(spec.ioSize()).isEqualTo(Size.kib(4));
    assertThat(spec.sampleTime()).isEqualTo(Duration.ofMillis(2500));
    assertThat(spec.runtime()).isEqualTo(Duration.ofMillis(7500));
    assertThat(spec.perThreadRandom()).isTrue();
  }

  @Test
  void refusesWhatRandomioRefusesNamingTheValue() {
    assertThatThrownBy(() -> RandomIoSpec.fromParams(Map.of("io_size", "1000")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("io_size (1000)")
        .hasMessageContaining("512");
    assertThatThrownBy(() -> RandomIoSpec.fromParams(Map.of("write_fraction", "1.5")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("write_fraction (1.5)");
    assertThatThrownBy(() -> RandomIoSpec.fromParams(Map.of("threads", "0")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("threads (0)");
    assertThatThrownBy(() -> RandomIoSpec.fromParams(Map.of("size", "1k")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("size (1k)");
    assertThatThrownBy(() -> RandomIoSpec.fromParams(Map.of("samples", "0")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("samples (0)")
        .hasMessageContaining("forever");
    assertThatThrownBy(() -> RandomIoSpec.fromParams(Map.of("sample_seconds", "0")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("sample_seconds (0)");
    assertThatThrownBy(() -> RandomIoSpec.fromParams(Map.of("file", "bigfile")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("file");
  }

  @Test
  void latenciesFollowRandomiosFormulasAndTheTableIsInMilliseconds() {
    // Latencies 1, 2 and 3 ms: mean 2 ms, sdev 1 ms.
    RandomIoResult.Latencies reads =
        new RandomIoResult.Latencies(3, 6e6, 14e12, 1_000_000, 3_000_000);
    RandomIoResult.Latencies none = new RandomIoResult.Latencies(0, 0, 0, 0, 0);
    RandomIoResult result =
        new RandomIoResult(
            RandomIoSpec.builder().writeFraction(0).build(),
            Duration.ofSeconds(2),
            4L << 30,
            List.of(new RandomIoResult.Sample(Duration.ofSeconds(1), reads, none)),
            0);

    assertThat(reads.meanNanos()).isEqualTo(2e6);
    assertThat(reads.stdevNanos()).isEqualTo(1e6);
    assertThat(result.total().iops()).isEqualTo(3.0);
    assertThat(result.createBytesPerSec()).isEqualTo((4L << 30) / 2.0);
    assertThat(result.metric("read.lat_stdev").orElseThrow().unit()).isEqualTo(Unit.NANOSECONDS);
    assertThat(result.metric("write.lat_mean")).isEmpty();
    assertThat(result.headlines())
        .extracting(Metric::name)
        .containsExactly("iops", "create.bytes_per_sec", "read.lat_mean", "read.lat_stdev");
    assertThat(result.report()).contains("    3.0 |    3.0   1.0    2.0    3.0    1.0 |");
  }
}
