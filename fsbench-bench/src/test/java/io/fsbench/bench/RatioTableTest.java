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
  void saysWhenEveryRunOfOneSideWasSlowerThanEveryRunOfTheOther() {
    assertThat(RatioTable.apart(java.util.List.of(10.0, 12.0), java.util.List.of(8.0, 9.9)))
        .isEqualTo("<");
    assertThat(RatioTable.apart(java.util.List.of(10.0, 12.0), java.util.List.of(9.0, 10.0)))
        .isEqualTo("≈");
    assertThat(RatioTable.apart(java.util.List.of(), java.util.List.of(9.0))).isEqualTo("-");
  }
}
