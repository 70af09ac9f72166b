package io.fsbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BonnieSpecTest {

  @Test
  void defaultsAreBonnie200a() {
    BonnieSpec spec = BonnieSpec.fromParams(Map.of());

    assertThat(spec.fileSize()).isEmpty();
    assertThat(spec.chunkSize()).isEqualTo(Size.kib(8));
    assertThat(spec.seeks()).isEqualTo(8192);
    assertThat(spec.seekProcs()).isEqualTo(5);
    assertThat(spec.perCharSize()).isEqualTo(Size.mib(3));
    assertThat(spec.fileCount()).isEqualTo(16 * 1024);
    assertThat(spec.directories()).isEqualTo(1);
  }

  @Test
  void readsBonniesColonFormsOfSAndN() {
    BonnieSpec spec =
        BonnieSpec.fromParams(Map.of("size", "1g:64k:1000:3", "files", "2:4k:1k:8:512"));

    assertThat(spec.fileSize()).contains(Size.gib(1));
    assertThat(spec.chunkSize()).isEqualTo(Size.kib(64));
    assertThat(spec.seeks()).isEqualTo(1000);
    assertThat(spec.seekProcs()).isEqualTo(3);
    assertThat(spec.files()).isEqualTo(2);
    assertThat(spec.maxFileSize()).isEqualTo(4096);
    assertThat(spec.minFileSize()).isEqualTo(1024);
    assertThat(spec.directories()).isEqualTo(8);
    assertThat(spec.fileChunkSize()).isEqualTo(Size.bytes(512));
  }

  @Test
  void fastSkipsPerCharAndPerCharSetsItsSize() {
    assertThat(BonnieSpec.fromParams(Map.of("fast", "true")).perCharTests()).isFalse();
    assertThat(BonnieSpec.fromParams(Map.of("per_char", "5m")).perCharSize())
        .isEqualTo(Size.mib(5));
    assertThatThrownBy(() -> BonnieSpec.fromParams(Map.of("fast", "1", "per_char", "1m")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("give one");
  }

  @Test
  void refusesWhatBonnieRefusesNamingTheValue() {
    assertThatThrownBy(() -> BonnieSpec.fromParams(Map.of("chunk", "3000")))
        .hasMessageContaining("chunk (3000) must be a power of two from 256 to 1m");
    assertThatThrownBy(() -> BonnieSpec.fromParams(Map.of("size", "1000k")))
        .hasMessageContaining("size (1000k) must be whole MiB");
    assertThatThrownBy(() -> BonnieSpec.fromParams(Map.of("files", "1:100:200")))
        .hasMessageContaining("0 <= min_size <= max_size");
    assertThatThrownBy(() -> BonnieSpec.fromParams(Map.of("size", "0", "files", "0")))
        .hasMessageContaining("nothing to do");
    assertThatThrownBy(() -> BonnieSpec.fromParams(Map.of("dirs", "100000")))
        .hasMessageContaining("dirs (100000)");
    assertThatThrownBy(() -> BonnieSpec.fromParams(Map.of("seed", "-1")))
        .hasMessageContaining("seed (-1)");
    assertThatThrownBy(() -> BonnieSpec.fromParams(Map.of("max_size", "-1")))
        .hasMessageContaining("hard links");
    assertThatThrownBy(() -> BonnieSpec.fromParams(Map.of("sizes", "1g")))
        .hasMessageContaining("does not know the parameter sizes");
    assertThatThrownBy(() -> BonnieSpec.fromParams(Map.of("size", "1g:8k", "chunk", "4k")))
        .hasMessageContaining("chunk is given twice");
  }

  @Test
  void refusesDirectWithThePerCharTestsAsBonnieCannotRunThem() {
    assertThatThrownBy(() -> BonnieSpec.fromParams(Map.of("direct", "true")))
        .hasMessageContaining("add fast=true");
    assertThat(BonnieSpec.fromParams(Map.of("direct", "true", "fast", "true")).direct()).isTrue();
    assertThat(BonnieSpec.fromParams(Map.of("direct", "true", "size", "0", "files", "1")).direct())
        .isTrue();
  }

  @Test
  void machineMustFitACsvField() {
    assertThatThrownBy(() -> BonnieSpec.builder().machine("a,b").build())
        .hasMessageContaining("without commas");
    assertThat(BonnieSpec.builder().machine("box").build().machine()).isEqualTo(Optional.of("box"));
  }
}
