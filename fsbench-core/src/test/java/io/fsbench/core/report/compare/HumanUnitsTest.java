package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.Unit;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class HumanUnitsTest {

  @Test
  void showsAboutThreeSignificantDigitsWithoutGroupingOrExponent() {
    assertThat(HumanUnits.number(12345.6)).isEqualTo("12346");
    assertThat(HumanUnits.number(512)).isEqualTo("512");
    assertThat(HumanUnits.number(45.67)).isEqualTo("45.7");
    assertThat(HumanUnits.number(4.567)).isEqualTo("4.57");
    assertThat(HumanUnits.number(0.04567)).isEqualTo("0.0457");
    assertThat(HumanUnits.number(10)).isEqualTo("10");
    assertThat(HumanUnits.number(1.2e12)).isEqualTo("1200000000000");
    assertThat(HumanUnits.number(0)).isEqualTo("0");
    assertThat(HumanUnits.number(0.1)).isEqualTo("0.1");
    assertThat(HumanUnits.number(Double.NaN)).isEqualTo(HumanUnits.ABSENT);
  }

  @Test
  void showsBandwidthInMebibytesPerSecond() {
    Scale scale = Scale.of(Unit.BYTES_PER_SEC, 5e8);

    assertThat(scale.format(512 * 1024 * 1024)).isEqualTo("512 MiB/s");
    assertThat(scale.format(100 * 1024)).isEqualTo("0.0977 MiB/s");
  }

  @Test
  void showsLatencyInTheUnitOfItsMagnitude() {
    assertThat(Scale.of(Unit.NANOSECONDS, 850).format(850)).isEqualTo("850 ns");
    assertThat(Scale.of(Unit.NANOSECONDS, 80_200).format(80_200)).isEqualTo("80.2 µs");
    assertThat(Scale.of(Unit.NANOSECONDS, 2.5e6).format(2.5e6)).isEqualTo("2.5 ms");
    assertThat(Scale.of(Unit.NANOSECONDS, 3e9).format(3e9)).isEqualTo("3 s");
  }

  @Test
  void showsRatesPlainWithTheirSymbol() {
    assertThat(Scale.of(Unit.IOPS, 13290).format(13290)).isEqualTo("13290 IOPS");
    assertThat(Scale.of(Unit.FILES_PER_SEC, 2100).format(2100)).isEqualTo("2100 files/s");
    assertThat(Scale.of(Unit.SECONDS, 4.76).format(4.76)).isEqualTo("4.76 s");
    assertThat(Scale.of(Unit.PERCENT, 12.5).format(12.5)).isEqualTo("12.5%");
  }

  @Test
  void showsBytesInBinaryUnits() {
    assertThat(HumanUnits.bytes(24L << 30)).isEqualTo("24 GiB");
    assertThat(HumanUnits.bytes(Long.MAX_VALUE)).isEqualTo("8 EiB");
    assertThat(HumanUnits.bytes(512)).isEqualTo("512 B");
  }

  @Test
  void formatsRatiosPercentagesAndDurations() {
    assertThat(HumanUnits.ratio(1.0691)).isEqualTo("1.07×");
    assertThat(HumanUnits.percent(0.0196)).isEqualTo("2.0%");
    assertThat(HumanUnits.duration(Duration.ofSeconds(35))).isEqualTo("35 s");
    assertThat(HumanUnits.duration(Duration.ofSeconds(125))).isEqualTo("2 min 5 s");
    assertThat(HumanUnits.duration(Duration.ofMinutes(62))).isEqualTo("1 h 2 min");
  }
}
