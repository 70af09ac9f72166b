package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.bench.RatioTable.Run;
import org.junit.jupiter.api.Test;

class RatioTableTest {

  @Test
  void theRatioIsFsbenchsMeanRateOverTheCToolsPerWorkloadAndFilesystem() {
    RatioTable table = new RatioTable();
    table.add(new Run("postmark", "transactions/s", "ext4", true, 100));
    table.add(new Run("postmark", "transactions/s", "ext4", false, 80));
    table.add(new Run("postmark", "transactions/s", "ext4", false, 100));
    table.add(new Run("postmark", "transactions/s", "ext4", true, 100));
    table.add(new Run("postmark", "transactions/s", "xfs", true, 50));
    table.add(new Run("postmark", "transactions/s", "xfs", false, 100));

    String text = table.render();

    assertThat(text.lines())
        .hasSize(3)
        .anySatisfy(l -> assertThat(l).contains("ext4", "100.0", "90.0", "0.90", "≈", "80.0 100.0"))
        .anySatisfy(l -> assertThat(l).contains("xfs", "50.0", "100.0", "2.00", ">"));
  }

  @Test
  void theMedianRatioIsLessMovedByOneDisturbedRunThanTheMeanRatio() {
    RatioTable table = new RatioTable();
    for (double rate : new double[] {100, 100, 100}) {
      table.add(new Run("dd-write-1m", "MB/s", "ext4", true, rate));
    }
    for (double rate : new double[] {100, 100, 10}) {
      table.add(new Run("dd-write-1m", "MB/s", "ext4", false, rate));
    }

    assertThat(table.render().lines().skip(1).findFirst().orElseThrow()).contains("0.70", "1.00");
  }

  @Test
  void theCpuRatioIsFsbenchsMedianCpuPerUnitOverTheCToolsAndADashWithoutOne() {
    RatioTable table = new RatioTable();
    table.add(new Run("rewrite", "KiB/s", "ext4", true, 1000, 4e-6));
    table.add(new Run("rewrite", "KiB/s", "ext4", false, 900, 5e-6));
    table.add(new Run("block read", "KiB/s", "ext4", true, 1000));
    table.add(new Run("block read", "KiB/s", "ext4", false, 1000));

    assertThat(table.render().lines())
        .anySatisfy(l -> assertThat(l).startsWith("rewrite").contains("0.90", "1.25"))
        .anySatisfy(l -> assertThat(l).startsWith("block read").matches(".*1\\.00 +- +≈.*"));
  }

  @Test
  void bonniesCpuPercentOverItsRateIsCpuSecondsPerUnitAndPlusesGiveNone() {
    assertThat(BonnieDiff.cpuPerUnit("50", 1000)).isEqualTo(5e-4);
    assertThat(BonnieDiff.cpuPerUnit("+++", 1000)).isNaN();
    assertThat(BonnieDiff.cpuPerUnit("", 1000)).isNaN();
  }

  @Test
  void saysWhenEveryRunOfOneSideWasSlowerThanEveryRunOfTheOther() {
    assertThat(RatioTable.apart(java.util.List.of(10.0, 12.0), java.util.List.of(8.0, 9.9)))
        .isEqualTo("<");
    assertThat(RatioTable.apart(java.util.List.of(10.0, 12.0), java.util.List.of(9.0, 10.0)))
        .isEqualTo("≈");
    assertThat(RatioTable.apart(java.util.List.of(), java.util.List.of(9.0))).isEqualTo("-");
  }
}
