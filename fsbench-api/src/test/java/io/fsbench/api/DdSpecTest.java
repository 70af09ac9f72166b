package io.fsbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DdSpecTest {

  @Test
  void readsDdsOperandsAsParameters() {
    DdSpec spec =
        DdSpec.fromParams(
            Map.of(
                "bs", "1m", "count", "4096", "conv", "fdatasync,fsync", "oflag", "direct,dsync"));

    assertThat(spec.mode()).isEqualTo(DdSpec.Mode.WRITE);
    assertThat(spec.blockSize()).isEqualTo(Size.mib(1));
    assertThat(spec.count()).isEqualTo(4096);
    assertThat(spec.bytes()).isEqualTo(4L << 30);
    assertThat(spec.fdatasync()).isTrue();
    assertThat(spec.fsync()).isTrue();
    assertThat(spec.direct()).isTrue();
    assertThat(spec.dsync()).isTrue();
    assertThat(spec.name()).isEqualTo("dd-write-1m");
  }

  @Test
  void blockSizeDefaultsToDdsAndAReadInvalidatesItsFileByDefault() {
    DdSpec read = DdSpec.fromParams(Map.of("mode", "read", "count", "10", "iflag", "direct"));

    assertThat(read.blockSize()).isEqualTo(Size.bytes(512));
    assertThat(read.invalidate()).isTrue();
    assertThat(read.direct()).isTrue();
    assertThat(DdSpec.fromParams(Map.of("count", "1")).invalidate()).isFalse();
  }

  @Test
  void refusesARunWithoutCountSayingWhy() {
    assertThatThrownBy(() -> DdSpec.fromParams(Map.of("bs", "1m")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("count=4096")
        .hasMessageContaining("/dev/zero");
  }

  @Test
  void refusesFlagsOnTheWrongSideOfTheCopy() {
    assertThatThrownBy(() -> DdSpec.fromParams(Map.of("count", "1", "iflag", "direct")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("iflag=direct")
        .hasMessageContaining("oflag=");
    assertThatThrownBy(
            () -> DdSpec.fromParams(Map.of("mode", "read", "count", "1", "conv", "fdatasync")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("conv=fdatasync")
        .hasMessageContaining("/dev/null");
    assertThatThrownBy(
            () -> DdSpec.fromParams(Map.of("mode", "read", "count", "1", "iflag", "dsync")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("iflag=dsync");
  }

  @Test
  void refusesUnknownFlagsAndModesNamingThem() {
    assertThatThrownBy(() -> DdSpec.fromParams(Map.of("count", "1", "conv", "notrunc")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("conv=notrunc")
        .hasMessageContaining("fdatasync, fsync");
    assertThatThrownBy(() -> DdSpec.fromParams(Map.of("count", "1", "mode", "copy")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("copy");
    assertThatThrownBy(() -> DdSpec.fromParams(Map.of("count", "1", "skip", "3")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("skip");
  }

  @Test
  void refusesAnUnalignedDirectBlockAndImpossibleSizes() {
    assertThatThrownBy(() -> DdSpec.write(Size.bytes(1000), 1).direct(true).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("bs (1000)")
        .hasMessageContaining("512");
    assertThatThrownBy(() -> DdSpec.write(Size.gib(2), 1).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("bs (2g)");
    assertThatThrownBy(() -> DdSpec.write(Size.kib(1), 0).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("count (0)");
    assertThatThrownBy(() -> DdSpec.write(Size.gib(1), Long.MAX_VALUE / 2).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("overflows");
  }

  @Test
  void resultRatesAreBytesAndBlocksOverDdsElapsedTime() {
    DdSpec spec = DdSpec.write(Size.mib(1), 100).build();
    DdResult result =
        new DdResult(
            spec,
            Duration.ofMillis(500),
            Duration.ofMillis(100),
            Duration.ZERO,
            100,
            0,
            99,
            1,
            99L * (1 << 20) + 4096);

    assertThat(result.bytesPerSec()).isEqualTo((99.0 * (1 << 20) + 4096) / 0.5);
    assertThat(result.blocksPerSec()).isEqualTo(200.0);
    assertThat(result.headlines())
        .extracting(Metric::name)
        .containsExactly("bytes_per_sec", "blocks_per_sec");
    assertThat(result.metric("records_out.partial").orElseThrow().value()).isEqualTo(1);
    assertThat(result.report())
        .startsWith("100+0 records in\n99+1 records out\n")
        .contains("bytes copied, 0.500000000 s");
  }
}
