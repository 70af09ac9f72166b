package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.DdSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DdPresetsTest {

  @Test
  void theClassicRowsCopyFourGibibytesAndAWriteEndsWithFdatasync() {
    DdSpec write = (DdSpec) Workloads.named("dd-write-1k", Map.of());
    DdSpec read = (DdSpec) Workloads.named("dd-read-1m", Map.of());

    assertThat(write.bytes()).isEqualTo(4L << 30);
    assertThat(write.blockSize()).isEqualTo(Size.kib(1));
    assertThat(write.fdatasync()).isTrue();
    assertThat(write.name()).isEqualTo("dd-write-1k");
    assertThat(read.bytes()).isEqualTo(4L << 30);
    assertThat(read.mode()).isEqualTo(DdSpec.Mode.READ);
    assertThat(read.invalidate()).isTrue();
    assertThat(Workloads.names()).contains("dd", "dd-write-1k", "dd-read-1k", "dd-write-1m");
  }

  @Test
  void parametersAdjustAPresetAndAreListedAsDifferences() {
    DdSpec small = (DdSpec) Workloads.named("dd-write-1m", Map.of("count", "64", "conv", "fsync"));

    assertThat(small.count()).isEqualTo(64);
    assertThat(small.fsync()).isTrue();
    assertThat(small.fdatasync()).isFalse();
    assertThat(Workloads.differencesFromPreset(small))
        .contains("count=64 (preset: 4096)", "fdatasync=false (preset: true)");
  }

  @Test
  void aPresetRefusesABlockSizeItsNameFixes() {
    assertThatThrownBy(() -> Workloads.named("dd-read-1k", Map.of("bs", "4k")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("dd-read-1k fixes bs")
        .hasMessageContaining("bs=4k");
  }

  @Test
  void theGenericWorkloadIsNamedAfterItsModeAndBlockSize() {
    assertThat(Workloads.named("dd", Map.of("bs", "4k", "count", "8", "mode", "read")).name())
        .isEqualTo("dd-read-4k");
  }
}
