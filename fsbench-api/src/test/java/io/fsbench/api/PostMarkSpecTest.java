package io.fsbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PostMarkSpecTest {

  @Test
  void defaultsArePostMark153s() {
    PostMarkSpec spec = PostMarkSpec.builder().build();

    assertThat(spec.files()).isEqualTo(500);
    assertThat(spec.transactions()).isEqualTo(500);
    assertThat(spec.sizeLow()).isEqualTo(Size.bytes(500));
    assertThat(spec.sizeHigh()).isEqualTo(Size.bytes(10_000));
    assertThat(spec.readBlockSize()).isEqualTo(Size.bytes(512));
    assertThat(spec.writeBlockSize()).isEqualTo(Size.bytes(512));
    assertThat(spec.biasRead()).isEqualTo(5);
    assertThat(spec.biasCreate()).isEqualTo(5);
    assertThat(spec.buffering()).isTrue();
    assertThat(spec.seed()).isEqualTo(42);
    assertThat(spec.usesExtensions()).isFalse();
  }

  @Test
  void readsPostMarksSetCommandsAsParameters() {
    PostMarkSpec spec =
        PostMarkSpec.fromParams(
            Map.of(
                "number", "5000",
                "transactions", "300000",
                "size_low", "1k",
                "size_high", "64k",
                "buffering", "false",
                "subdirectories", "10"));

    assertThat(spec.files()).isEqualTo(5000);
    assertThat(spec.transactions()).isEqualTo(300_000);
    assertThat(spec.sizeHigh()).isEqualTo(Size.kib(64));
    assertThat(spec.buffering()).isFalse();
    assertThat(spec.subdirectories()).isEqualTo(10);
  }

  @Test
  void extensionsAreOffByDefaultAndMarkedWhenOn() {
    assertThat(PostMarkSpec.fromParams(Map.of("threads", "2")).usesExtensions()).isTrue();
    assertThat(PostMarkSpec.fromParams(Map.of("fsync", "true")).usesExtensions()).isTrue();
  }

  @Test
  void refusesUnknownParameters() {
    assertThatThrownBy(() -> PostMarkSpec.fromParams(Map.of("files", "5000")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("parameter files")
        .hasMessageContaining("known parameters: number, transactions");
  }

  @Test
  void refusesAHighSizeBelowTheLowOne() {
    assertThatThrownBy(() -> PostMarkSpec.builder().size(Size.kib(4), Size.kib(1)).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("size_high (1k) must not be below size_low (4k)");
  }

  @Test
  void resultRatesUsePostMarksDenominators() {
    PostMarkResult r =
        new PostMarkResult(
            PostMarkSpec.builder().build(),
            Duration.ofSeconds(10),
            Duration.ofSeconds(2),
            Duration.ofSeconds(5),
            Duration.ofSeconds(3),
            500,
            800,
            500,
            250,
            240,
            800,
            450,
            10 * 1024 * 1024,
            20 * 1024 * 1024);

    assertThat(r.transactionsPerSec()).isEqualTo(100.0);
    assertThat(r.createdPerSec()).isEqualTo(80.0); // total time
    assertThat(r.createdAlonePerSec()).isEqualTo(250.0); // creation time
    assertThat(r.createdMixedPerSec()).isEqualTo(60.0); // transaction time
    assertThat(r.readPerSec()).isEqualTo(50.0);
    assertThat(r.deletedAlonePerSec()).isEqualTo(150.0); // deletion time
    assertThat(r.deletedMixedPerSec()).isEqualTo(70.0);
    assertThat(r.readMibPerSec()).isEqualTo(1.0); // data over total time
    assertThat(r.writtenMibPerSec()).isEqualTo(2.0);
    assertThat(r.headline().name()).isEqualTo("transactions_per_sec");
    assertThat(r.metric("written.bytes_per_sec").orElseThrow().value()).isEqualTo(2 * 1048576.0);
    assertThat(r.report()).contains("800 created (80.0 per second)");
  }
}
