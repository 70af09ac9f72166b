package io.fsbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class AgingSummaryTest {

  private static final AgingResult RESULT =
      new AgingResult(
          AgingSpec.parse("desktop:fullness=80%"),
          Duration.ofSeconds(40),
          Duration.ofSeconds(5),
          2_000_000_000L,
          1800,
          856,
          90,
          18,
          944,
          0.803,
          0.01,
          0.02,
          0.03,
          true,
          "converged after 2.01 volume sizes written");

  private static final Fragmentation AFTER =
      new Fragmentation(
          List.of("e2freefrag /dev/loop0"),
          OptionalLong.of(556),
          OptionalLong.of(9 << 20),
          OptionalDouble.of(0.19),
          Map.of());

  @Test
  void readsTheAgingsFiguresByName() {
    AgingSummary summary =
        new AgingSummary(RESULT, Duration.ofSeconds(41), Optional.empty(), Optional.of(AFTER));

    assertThat(summary.profile()).startsWith("desktop:fullness=80.00%");
    assertThat(summary.fullness()).isEqualTo(0.803);
    assertThat(summary.bytesWritten()).isEqualTo(2_000_000_000L);
    assertThat(summary.files()).isEqualTo(944);
    assertThat(summary.converged()).isTrue();
    assertThat(summary.stopReason()).isEqualTo("converged after 2.01 volume sizes written");
    assertThat(summary.after().flatMap(f -> f.freeExtents().stream().boxed().findFirst()))
        .contains(556L);
  }

  @Test
  void refusesANegativeAgingTime() {
    assertThatThrownBy(
            () ->
                new AgingSummary(
                    RESULT, Duration.ofSeconds(-1), Optional.empty(), Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("took (PT-1S) must not be negative");
  }

  @Test
  void refusesMissingParts() {
    assertThatThrownBy(
            () -> new AgingSummary(null, Duration.ZERO, Optional.empty(), Optional.empty()))
        .hasMessage("result");
    assertThatThrownBy(() -> new AgingSummary(RESULT, null, Optional.empty(), Optional.empty()))
        .hasMessage("took");
    assertThatThrownBy(() -> new AgingSummary(RESULT, Duration.ZERO, null, Optional.empty()))
        .hasMessage("before");
    assertThatThrownBy(() -> new AgingSummary(RESULT, Duration.ZERO, Optional.empty(), null))
        .hasMessage("after");
  }

  @Test
  void aCellMadeWithoutAnAgingIsFreshAndOneWithItSaysHowItWasAged() {
    AgingSummary summary =
        new AgingSummary(RESULT, Duration.ofSeconds(41), Optional.empty(), Optional.of(AFTER));
    ComparisonCell fresh =
        new ComparisonCell(
            "ext4",
            Tuning.defaults(),
            "seqread-128k",
            Map.of(),
            Optional.empty(),
            List.of(),
            Map.of(),
            Map.of(),
            "");
    ComparisonCell aged =
        new ComparisonCell(
            "ext4",
            Tuning.defaults(),
            "seqread-128k-aged",
            Map.of(),
            Optional.empty(),
            List.of(),
            Map.of(),
            Map.of(),
            "",
            Optional.of(summary));

    assertThat(fresh.aging()).isEmpty();
    assertThat(aged.aging()).contains(summary);
  }
}
