package io.fsbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.CacheState;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.LifecycleResult;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Unit;
import io.fsbench.core.report.compare.ComparisonFixture;
import io.fsbench.core.report.compare.HumanUnits;
import io.fsbench.core.report.compare.SimpleResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a report says of runs that cannot carry the weight a table gives them. */
class ReportingHonestyTest {

  private static ComparisonRecorder recorder(ComparisonSettings settings) {
    return new ComparisonRecorder(
        settings,
        ComparisonFixture.environment(),
        List.of(),
        new ComparisonFixture.StepClock(Instant.EPOCH),
        ComparisonListener.none());
  }

  private static ComparisonSettings settings(int repeat) {
    return ComparisonSettings.builder()
        .target(Target.loop(Size.gib(2)))
        .cache(CacheState.WARM)
        .repeat(repeat)
        .baseline("ext4")
        .build();
  }

  @Test
  void aSingleRunIsReportedAsHavingNoIntervalNotAsIndistinguishable() {
    ComparisonRecorder recorder = recorder(settings(1));
    recorder
        .cell("ext4", Tuning.defaults(), "seqwrite-128k", Map.of())
        .measured(
            SimpleResult.of("seqwrite-128k", "write.bw", 100, Unit.BYTES_PER_SEC),
            Instant.EPOCH,
            Duration.ofSeconds(8));
    recorder
        .cell("xfs", Tuning.defaults(), "seqwrite-128k", Map.of())
        .measured(
            SimpleResult.of("seqwrite-128k", "write.bw", 4000, Unit.BYTES_PER_SEC),
            Instant.EPOCH,
            Duration.ofSeconds(8));
    Comparison comparison = recorder.finish();
    ComparisonCell xfs =
        comparison.cells().stream().filter(c -> c.fileSystem().equals("xfs")).findFirst().get();

    assertThat(xfs.headlineRatio().get().singleRun()).isTrue();
    assertThat(HumanUnits.vsBaseline(xfs, "ext4"))
        .isEqualTo("40.00× ext4 (n=1)")
        .doesNotContain("distinguishable");
  }

  @Test
  void warnsAboutRunsTooShortToTime() {
    ComparisonRecorder recorder = recorder(settings(3));
    CellRecorder cell = recorder.cell("ext4", Tuning.defaults(), "postmark", Map.of());
    for (int i = 0; i < 3; i++) {
      cell.measured(
          SimpleResult.of("postmark", "transactions_per_sec", 26000 + i, Unit.TRANSACTIONS_PER_SEC),
          Instant.EPOCH,
          Duration.ofMillis(12));
    }

    assertThat(recorder.finish().warnings())
        .anySatisfy(
            w ->
                assertThat(w)
                    .startsWith("runs of postmark (12 ms) took under 1 s")
                    .contains("--param"));
  }

  @Test
  void saysThatMkfsTimeIsTheTimeAtTheImageSizeChosenForTheOtherWorkloads() {
    ComparisonRecorder recorder = recorder(settings(3));
    CellRecorder cell = recorder.cell("ext4", Tuning.defaults(), "fs-lifecycle", Map.of());
    for (int i = 0; i < 3; i++) {
      cell.measured(
          new LifecycleResult(
              "fs-lifecycle",
              Duration.ofMillis(300 + i),
              Duration.ofMillis(20),
              Duration.ofMillis(10),
              Duration.ofMillis(20)),
          Instant.EPOCH,
          Duration.ofSeconds(2));
    }

    assertThat(recorder.finish().warnings())
        .anySatisfy(
            w ->
                assertThat(w)
                    .startsWith("fs-lifecycle: mkfs time grows")
                    .contains("2g loop image"));
  }
}
