package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.Reports;
import io.fsbench.Reports.ComparisonFormat;
import io.fsbench.api.CellId;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.Tuning;
import io.fsbench.core.compare.ComparisonRecorder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Comparisons with little in them still give a readable report in every format. */
class SparseComparisonTest {

  private static ComparisonRecorder recorder(String baseline) {
    return new ComparisonRecorder(
        ComparisonSettings.builder().baseline(baseline).build(),
        ComparisonFixture.environment(),
        List.of(),
        new ComparisonFixture.StepClock(ComparisonFixture.START),
        ComparisonListener.none());
  }

  @ParameterizedTest
  @EnumSource(ComparisonFormat.class)
  void rendersAComparisonWithoutCells(ComparisonFormat format) {
    String report = Reports.format(recorder("").finish(), format);

    assertThat(report).isNotBlank();
  }

  @ParameterizedTest
  @EnumSource(ComparisonFormat.class)
  void rendersACellThatFailedBeforeItsFirstRun(ComparisonFormat format) {
    ComparisonRecorder recorder = recorder("ext4");
    recorder
        .cell(new CellId("xfs", Tuning.defaults(), "randwrite-4k"), Map.of())
        .failed("mkfs failed");
    Comparison comparison = recorder.finish();

    String report = Reports.format(comparison, format);

    assertThat(report).contains("xfs").contains("mkfs failed");
  }

  @ParameterizedTest
  @EnumSource(
      value = ComparisonFormat.class,
      names = {"TEXT", "MARKDOWN", "HTML"})
  void leavesTheBaselineColumnEmptyWithoutABaseline(ComparisonFormat format) {
    ComparisonRecorder recorder = recorder("");
    var cell = recorder.cell(new CellId("xfs", Tuning.defaults(), "randwrite-4k"), Map.of());
    cell.measured(
        SimpleResult.of("randwrite-4k", "write.iops", 100, io.fsbench.api.Unit.IOPS),
        ComparisonFixture.START,
        java.time.Duration.ofSeconds(1));

    String report = Reports.format(recorder.finish(), format);

    assertThat(report).contains("100").doesNotContain("baseline)").doesNotContain("≈");
  }
}
