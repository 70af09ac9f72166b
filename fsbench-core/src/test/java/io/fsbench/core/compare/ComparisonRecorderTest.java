package io.fsbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import io.fsbench.api.CellId;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.RepetitionPolicy;
import io.fsbench.api.SkippedFileSystem;
import io.fsbench.api.Tuning;
import io.fsbench.api.Unit;
import io.fsbench.core.report.compare.ComparisonFixture;
import io.fsbench.core.report.compare.SimpleResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonRecorderTest {

  private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");
  private static final Tuning NOATIME = Tuning.builder().atime(false).build();

  private final ComparisonListener listener = mock(ComparisonListener.class);

  private ComparisonRecorder recorder(ComparisonSettings settings) {
    return new ComparisonRecorder(
        settings,
        ComparisonFixture.environment(),
        List.of(),
        new ComparisonFixture.StepClock(T0),
        listener);
  }

  private ComparisonRecorder recorder() {
    return recorder(ComparisonSettings.builder().baseline("ext4").build());
  }

  private static SimpleResult iops(String workload, double value) {
    return SimpleResult.of(workload, "write.iops", value, Unit.IOPS);
  }

  private static void run(CellRecorder cell, double... values) {
    for (double v : values) {
      cell.measured(iops(cell.id().workload(), v), T0, Duration.ofSeconds(1));
    }
  }

  @Test
  void leavesWarmUpRunsOutOfTheStatisticsButKeepsThemOnRecord() {
    ComparisonRecorder recorder = recorder();
    CellRecorder cell = recorder.cell("ext4", Tuning.defaults(), "randwrite-4k", Map.of());
    cell.warmUp(iops("randwrite-4k", 1_000_000), T0, Duration.ofSeconds(1));
    run(cell, 10, 12, 14);

    ComparisonCell result = recorder.finish().cells().get(0);

    assertThat(result.repetitions()).hasSize(4);
    assertThat(result.repetitions().get(0).warmUp()).isTrue();
    assertThat(result.repetitions()).extracting(r -> r.index()).containsExactly(1, 2, 3, 4);
    assertThat(result.headline().orElseThrow().mean()).isEqualTo(12);
    assertThat(result.headline().orElseThrow().n()).isEqualTo(3);
  }

  @Test
  void ordersCellsByWorkloadThenFileSystemThenTuningAsFirstSeen() {
    ComparisonRecorder recorder = recorder();
    // interleaved, as a runner that alternates cells records them
    CellRecorder a = recorder.cell("xfs", Tuning.defaults(), "seq", Map.of());
    CellRecorder b = recorder.cell("ext4", NOATIME, "rand", Map.of());
    CellRecorder c = recorder.cell("ext4", Tuning.defaults(), "seq", Map.of());
    CellRecorder d = recorder.cell("xfs", Tuning.defaults(), "rand", Map.of());
    CellRecorder e = recorder.cell("ext4", Tuning.defaults(), "rand", Map.of());
    for (CellRecorder cell : List.of(a, b, c, d, e)) {
      run(cell, 1, 2);
    }

    Comparison comparison = recorder.finish();

    assertThat(comparison.cells())
        .extracting(ComparisonCell::id)
        .containsExactly(
            new CellId("xfs", Tuning.defaults(), "seq"),
            new CellId("ext4", Tuning.defaults(), "seq"),
            new CellId("xfs", Tuning.defaults(), "rand"),
            new CellId("ext4", Tuning.defaults(), "rand"),
            new CellId("ext4", NOATIME, "rand"));
  }

  @Test
  void comparesEachCellWithTheBaselineOfTheSameTuningElseItsDefaults() {
    ComparisonRecorder recorder = recorder();
    run(recorder.cell("ext4", Tuning.defaults(), "w", Map.of()), 100, 101, 102);
    run(recorder.cell("ext4", NOATIME, "w", Map.of()), 110, 111, 112);
    run(recorder.cell("xfs", NOATIME, "w", Map.of()), 220, 222, 224);
    run(recorder.cell("btrfs", Tuning.builder().copyOnWrite(false).build(), "w", Map.of()), 50);

    List<ComparisonCell> cells = recorder.finish().cells();

    assertThat(cells.get(0).baselineRatios()).as("the baseline itself").isEmpty();
    assertThat(cells.get(1).headlineRatio().orElseThrow().baselineTuning())
        .as("a tuned baseline against plain ext4")
        .isEqualTo("defaults");
    assertThat(cells.get(1).headlineRatio().orElseThrow().ratio()).isCloseTo(111.0 / 101, within());
    assertThat(cells.get(2).headlineRatio().orElseThrow().baselineTuning())
        .as("xfs noatime against ext4 noatime")
        .isEqualTo("atime=off");
    assertThat(cells.get(2).headlineRatio().orElseThrow().ratio()).isCloseTo(2.0, within());
    assertThat(cells.get(3).headlineRatio().orElseThrow().baselineTuning())
        .as("a tuning the baseline did not run falls back to its defaults")
        .isEqualTo("defaults");
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-12);
  }

  @Test
  void decidesRepetitionsByThePolicyAndStopsAfterAFailure() {
    ComparisonRecorder recorder =
        recorder(
            ComparisonSettings.builder()
                .repetitions(RepetitionPolicy.untilPrecise(2.0, 2, 5))
                .build());
    CellRecorder cell = recorder.cell("xfs", Tuning.defaults(), "w", Map.of());

    assertThat(cell.needsAnother()).isTrue();
    run(cell, 100, 120);
    assertThat(cell.needsAnother()).as("±127% after two runs").isTrue();
    cell.failed("ENOSPC");
    assertThat(cell.needsAnother()).isFalse();
    assertThat(cell.isFailed()).isTrue();
  }

  @Test
  void tellsTheListenerAboutSkipsRunsCellsAndTheEnd() {
    ComparisonRecorder recorder = recorder();
    SkippedFileSystem zfs = new SkippedFileSystem("zfs", "no module", "modprobe zfs");
    recorder.skipped(zfs);
    CellRecorder cell = recorder.cell("ext4", Tuning.defaults(), "w", Map.of());
    run(cell, 1, 2, 3);
    cell.finished();
    Comparison comparison = recorder.finish();

    verify(listener).fileSystemSkipped(zfs);
    verify(listener, times(3)).repetitionFinished(eq(cell.id()), any());
    verify(listener).cellFinished(any());
    verify(listener).done(comparison);
    assertThat(comparison.skipped()).containsExactly(zfs);
  }

  @Test
  void refusesAResultOfAnotherWorkloadAndACellOpenedTwice() {
    ComparisonRecorder recorder = recorder();
    CellRecorder cell = recorder.cell("ext4", Tuning.defaults(), "w", Map.of());

    assertThatThrownBy(() -> cell.measured(iops("other", 1), T0, Duration.ZERO))
        .hasMessageContaining("result of workload other recorded in cell w on ext4 (defaults)");
    assertThatThrownBy(() -> recorder.cell("ext4", Tuning.defaults(), "w", Map.of()))
        .hasMessageContaining("opened twice");
  }

  @Test
  void addsTheRunnersWarningsAfterItsOwn() {
    ComparisonRecorder recorder = recorder();
    run(recorder.cell("ext4", Tuning.defaults(), "w", Map.of()), 1, 2, 3);
    recorder.warn("drop_caches needs root; caches were not dropped");

    List<String> warnings = recorder.finish().warnings();

    assertThat(warnings).last().isEqualTo("drop_caches needs root; caches were not dropped");
    assertThat(warnings.get(0)).startsWith("volumes are on loop devices");
  }

  @Test
  void startsAndFinishesOnTheInjectedClock() {
    ComparisonRecorder recorder = recorder();
    Comparison comparison = recorder.finish();

    assertThat(comparison.started()).isEqualTo(T0);
    assertThat(comparison.finished()).isEqualTo(T0.plusSeconds(1));
  }
}
