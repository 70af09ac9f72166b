package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Unit;
import org.junit.jupiter.api.Test;

/** The expectation grammar: METRIC OP VALUE, with units, and refusals that say what to give. */
class ExpectationParseTest {

  @Test
  void readsARateWithAPlainNumberOrThousands() {
    Expectation e = Expectation.parse("write.iops>=50k");
    assertThat(e.measure()).isEqualTo(Measure.iops(Measure.Direction.WRITE));
    assertThat(e.comparator()).isEqualTo(Expectation.Comparator.AT_LEAST);
    assertThat(e.expected()).isEqualTo(50_000);
    assertThat(Expectation.parse("iops >= 1500").expected()).isEqualTo(1500);
  }

  @Test
  void readsLatenciesInNanoseconds() {
    Expectation e = Expectation.parse("fdatasync.p99<=10ms");
    assertThat(e.measure()).isEqualTo(Measure.syncPercentile(99));
    assertThat(e.measure().name()).isEqualTo("sync.p99");
    assertThat(e.comparator()).isEqualTo(Expectation.Comparator.AT_MOST);
    assertThat(e.expected()).isEqualTo(10e6);
    assertThat(Expectation.parse("read.clat.p99.9<=500us").expected()).isEqualTo(500e3);
    assertThat(Expectation.parse("read.p99.9<=500us").measure())
        .isEqualTo(Measure.clatPercentile(Measure.Direction.READ, 99.9));
    assertThat(Expectation.parse("p99<=2s").measure()).isEqualTo(Measure.latencyPercentile(99));
  }

  @Test
  void readsBandwidthInBinaryAndDecimalUnits() {
    assertThat(Expectation.parse("bw>=200MiB/s").expected()).isEqualTo(200.0 * 1024 * 1024);
    assertThat(Expectation.parse("bw>=200m").expected()).isEqualTo(200.0 * 1024 * 1024);
    assertThat(Expectation.parse("read.bw>=1GB/s").expected()).isEqualTo(1e9);
    assertThat(Expectation.parse("bw>=1GB/s").measure().unit()).isEqualTo(Unit.BYTES_PER_SEC);
  }

  @Test
  void readsFileRatesAndBands() {
    assertThat(Expectation.parse("files/s>=2k").measure()).isEqualTo(Measure.filesPerSec());
    assertThat(Expectation.parse("transactions/s>=900").expected()).isEqualTo(900);
    Expectation band = Expectation.parseBand("iops=50..80000");
    assertThat(band.role()).isEqualTo(Expectation.Role.PLAUSIBILITY);
    assertThat(band.expected()).isEqualTo(50);
    assertThat(band.upper()).isEqualTo(80_000);
    assertThat(band.test(49)).isFalse();
    assertThat(band.test(50)).isTrue();
  }

  @Test
  void everyMeasureNameReadsBack() {
    for (String name :
        new String[] {
          "iops",
          "read.iops",
          "write.bw",
          "clat.p99",
          "write.clat.p99.9",
          "sync.p99",
          "p50",
          "files/s",
          "transactions/s"
        }) {
      assertThat(Measure.parse(name).name()).isEqualTo(name);
    }
  }

  @Test
  void refusesAnUnknownMetricListingTheKnownOnes() {
    assertThatThrownBy(() -> Expectation.parse("latency<=10ms"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("unknown metric 'latency'")
        .hasMessageContaining("sync.p99");
    assertThatThrownBy(() -> Measure.parse("write.sync.p99"))
        .hasMessageContaining("unknown metric 'write.sync.p99'");
  }

  @Test
  void refusesAMissingOrWrongUnitNamingTheValue() {
    assertThatThrownBy(() -> Expectation.parse("fdatasync.p99<=10"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("unit '' in (10)")
        .hasMessageContaining("10ms");
    assertThatThrownBy(() -> Expectation.parse("bw>=200furlongs"))
        .hasMessageContaining("unit 'furlongs'")
        .hasMessageContaining("200MiB/s");
    assertThatThrownBy(() -> Expectation.parse("iops>=fast"))
        .hasMessageContaining("value (fast)")
        .hasMessageContaining("50000");
  }

  @Test
  void refusesAComparatorOtherThanAtLeastOrAtMost() {
    assertThatThrownBy(() -> Expectation.parse("iops>50000"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("comparator '>'")
        .hasMessageContaining("use >= (at least) or <= (at most)");
    assertThatThrownBy(() -> Expectation.parse("iops==5")).hasMessageContaining("comparator '=='");
    assertThatThrownBy(() -> Expectation.parse("iops"))
        .hasMessageContaining("must be METRIC OP VALUE");
  }

  @Test
  void refusesABandWithoutItsTwoEnds() {
    assertThatThrownBy(() -> Expectation.parseBand("iops=50"))
        .hasMessageContaining("METRIC=LOW..HIGH");
    assertThatThrownBy(() -> Expectation.parseBand("iops=500..50"))
        .hasMessageContaining("high end at or above its low end");
  }

  @Test
  void refusesATimeForARateAndADirectionOfSyncs() {
    assertThatThrownBy(() -> Measure.iops().atMost(java.time.Duration.ofMillis(1)))
        .hasMessageContaining("iops is in IOPS, not a time");
    assertThatThrownBy(() -> new Measure(Measure.Quantity.SYNC_LATENCY, Measure.Direction.READ, 99))
        .hasMessageContaining("sync has no direction (read)");
  }
}
