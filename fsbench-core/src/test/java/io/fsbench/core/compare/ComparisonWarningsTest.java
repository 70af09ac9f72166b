package io.fsbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.CacheState;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.DataLossConsent;
import io.fsbench.api.RepetitionPolicy;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Unit;
import io.fsbench.core.report.compare.ComparisonFixture;
import io.fsbench.core.report.compare.SimpleResult;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonWarningsTest {

  private static final Target DISK =
      Target.device(Path.of("/dev/sdz"), DataLossConsent.ERASE_ALL_DATA_ON_DEVICE);

  private static ComparisonSettings.Builder onDisk() {
    return ComparisonSettings.builder().target(DISK).cache(CacheState.WARM);
  }

  private static List<String> warnings(ComparisonSettings settings, double... runs) {
    return comparison(settings, Map.of(), runs).warnings();
  }

  private static Comparison comparison(
      ComparisonSettings settings, Map<String, Long> workingSets, double... runs) {
    ComparisonRecorder recorder =
        new ComparisonRecorder(
            settings,
            ComparisonFixture.environment(),
            List.of(),
            new ComparisonFixture.StepClock(Instant.EPOCH),
            ComparisonListener.none());
    workingSets.forEach(recorder::workingSet);
    CellRecorder cell = recorder.cell("xfs", Tuning.defaults(), "randwrite-4k", Map.of());
    for (double v : runs) {
      cell.measured(
          SimpleResult.of("randwrite-4k", "write.iops", v, Unit.IOPS),
          Instant.EPOCH,
          Duration.ZERO);
    }
    return recorder.finish();
  }

  @Test
  void aCleanRunOnARealDiskHasNoWarnings() {
    assertThat(warnings(onDisk().build(), 100, 101, 102)).isEmpty();
  }

  @Test
  void warnsWhenTheWorkingSetFitsInRam() {
    // the fixture's machine has 24 GiB
    Comparison small =
        comparison(onDisk().build(), Map.of("randwrite-4k", Size.gib(1).bytes()), 100, 101, 102);
    Comparison large =
        comparison(onDisk().build(), Map.of("randwrite-4k", Size.gib(64).bytes()), 100, 101, 102);

    assertThat(small.warnings())
        .singleElement()
        .asString()
        .startsWith("working set fits in RAM (24 GiB) for randwrite-4k (1 GiB)");
    assertThat(large.warnings()).isEmpty();
  }

  @Test
  void warnsAboutLoopDevices() {
    assertThat(warnings(onDisk().target(Target.loop()).build(), 100, 101, 102))
        .singleElement()
        .asString()
        .contains("loop devices");
  }

  @Test
  void warnsAboutOneOrTwoRuns() {
    assertThat(warnings(onDisk().repeat(1).build(), 100))
        .singleElement()
        .asString()
        .startsWith("only 1 measured run in some cells: one run gives no confidence interval");
    assertThat(warnings(onDisk().repeat(2).build(), 100, 101))
        .singleElement()
        .asString()
        .contains("t(1) = 12.7");
  }

  @Test
  void warnsWhenRunsVaryByMoreThanTenPercent() {
    // mean 100, s = 15: CV 15%
    assertThat(warnings(onDisk().build(), 85, 100, 115))
        .singleElement()
        .asString()
        .startsWith(
            "runs vary by more than 10.0% (coefficient of variation) in 1 cell:"
                + " randwrite-4k on xfs (defaults) 15.0%");
  }

  @Test
  void warnsWhenTheCiTargetWasNotReachedWithinTheMaximum() {
    ComparisonSettings settings =
        onDisk().repetitions(RepetitionPolicy.untilPrecise(1.0, 3, 3)).build();

    assertThat(warnings(settings, 98, 100, 102))
        .singleElement()
        .asString()
        .startsWith(
            "1 cell did not reach the CI target of ±1.0% within 3 runs: randwrite-4k on"
                + " xfs (defaults) 5.0%");
  }

  @Test
  void warnsWhenTheBaselineDidNotRun() {
    assertThat(warnings(onDisk().baseline("zfs").build(), 100, 101, 102))
        .singleElement()
        .asString()
        .isEqualTo(
            "the baseline zfs did not run, so no ratios are given; choose another baseline with"
                + " --baseline");
  }
}
