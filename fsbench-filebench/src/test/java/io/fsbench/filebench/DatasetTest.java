package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The dataset-to-RAM ratio, its warning below 2x, and MemTotal read from /proc/meminfo. */
class DatasetTest {

  private static final long GIB = 1L << 30;

  @Test
  void theRatioIsTheFilesetsBytesOverMemTotal() {
    FilebenchResult.Dataset dataset = new FilebenchResult.Dataset(6 * GIB, 4 * GIB);

    assertThat(dataset.ratio()).hasValueCloseTo(1.5, within(1e-9));
  }

  @Test
  void warnsBelowTwiceRamSayingHowMuchIsNeededAndHowToGetThere() {
    FilebenchResult.Dataset dataset = new FilebenchResult.Dataset(GIB / 2, 4 * GIB);

    assertThat(dataset.warning())
        .hasValueSatisfying(
            w ->
                assertThat(w)
                    .contains("the dataset (512.0 MiB) is 0.13x RAM (4.0 GiB), below 2x")
                    .contains("at least 8.0 GiB (about 16 times what they are)")
                    .contains("--set nfiles=N", "dataset=2xram"));
  }

  @Test
  void doesNotWarnFromTwiceRamUp() {
    assertThat(new FilebenchResult.Dataset(8 * GIB, 4 * GIB).warning()).isEmpty();
    assertThat(new FilebenchResult.Dataset(8 * GIB - 1, 4 * GIB).warning()).isPresent();
  }

  @Test
  void neitherRatioNorWarningWhenTheRamIsUnknown() {
    FilebenchResult.Dataset dataset = new FilebenchResult.Dataset(GIB, 0);

    assertThat(dataset.ratio()).isEmpty();
    assertThat(dataset.warning()).isEmpty();
  }

  @Test
  void anEmptyDatasetIsWarnedWithoutAFactor() {
    assertThat(new FilebenchResult.Dataset(0, 4 * GIB).warning())
        .hasValueSatisfying(
            w -> assertThat(w).contains("at least 8.0 GiB,").doesNotContain("times"));
  }

  @Test
  void showsARatioTooSmallForTwoDecimalsAsBelowOneHundredth() {
    assertThat(FilebenchResult.Dataset.times(0.004)).isEqualTo("<0.01x");
    assertThat(FilebenchResult.Dataset.times(0.006)).isEqualTo("0.01x");
    assertThat(FilebenchResult.Dataset.times(0)).isEqualTo("0.00x");
  }

  @Test
  void readsMemTotalInKibFromMeminfo() {
    List<String> meminfo =
        List.of("MemFree:          812344 kB", "MemTotal:       16318152 kB", "Buffers: 1 kB");

    assertThat(FilebenchPersonalities.memTotal(meminfo)).isEqualTo(16318152L * 1024);
  }

  @Test
  void memTotalIsUnknownWhenMeminfoLacksIt() {
    assertThat(FilebenchPersonalities.memTotal(List.of("MemFree: 1 kB"))).isZero();
    assertThat(FilebenchPersonalities.memTotal(List.of("MemTotal: kB"))).isZero();
  }
}
