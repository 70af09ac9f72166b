package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.Reports;
import io.fsbench.Reports.ComparisonFormat;
import io.fsbench.api.CellId;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.LifecycleResult;
import io.fsbench.api.Tuning;
import io.fsbench.api.Unit;
import io.fsbench.core.compare.CellRecorder;
import io.fsbench.core.compare.ComparisonRecorder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadTableTest {

  /**
   * ext4 makes its filesystem in 1 s, mounts in 0.1 s, unmounts in 0.2 s; xfs takes 2, 0.1, 0.1.
   */
  private static Comparison lifecycles() {
    ComparisonFixture.StepClock clock = new ComparisonFixture.StepClock(ComparisonFixture.START);
    ComparisonRecorder recorder =
        new ComparisonRecorder(
            ComparisonFixture.settings(),
            ComparisonFixture.environment(),
            ComparisonFixture.plugins(),
            clock,
            ComparisonListener.none());
    record(recorder, clock, "ext4", 1000, 100, 200);
    record(recorder, clock, "xfs", 2000, 100, 100);
    return recorder.finish();
  }

  private static void record(
      ComparisonRecorder recorder,
      ComparisonFixture.StepClock clock,
      String fs,
      long mkfsMs,
      long mountMs,
      long unmountMs) {
    CellRecorder cell = recorder.cell(new CellId(fs, Tuning.defaults(), "fs-lifecycle"), Map.of());
    for (int run = 0; run < 3; run++) {
      long jitter = run; // a millisecond apart, so that intervals are narrow but not empty
      cell.measured(
          new LifecycleResult(
              "fs-lifecycle",
              Duration.ofMillis(mkfsMs + jitter),
              Duration.ofMillis(mountMs + jitter),
              Duration.ofMillis(unmountMs + jitter),
              Duration.ofMillis(50)),
          clock.instant(),
          Duration.ofSeconds(1));
    }
  }

  @Test
  void showsARowPerTimedStepOfAWorkload() {
    List<WorkloadTable> tables = WorkloadTable.of(lifecycles());

    assertThat(tables)
        .extracting(WorkloadTable::metric)
        .containsExactly("mkfs.seconds", "mount.seconds", "unmount.seconds");
    assertThat(tables).extracting(WorkloadTable::workload).containsOnly("fs-lifecycle");
  }

  @Test
  void comparesEachStepWithTheBaselinesSameStep() {
    List<WorkloadTable> tables = WorkloadTable.of(lifecycles());

    assertThat(tables.get(0).rows().get(1).vsBaseline()).isEqualTo("0.50× ext4");
    assertThat(tables.get(1).rows().get(1).vsBaseline()).startsWith("≈ ext4");
    assertThat(tables.get(2).rows().get(1).vsBaseline()).isEqualTo("1.99× ext4");
    assertThat(tables.get(2).ratio(tables.get(2).rows().get(1))).isPresent();
  }

  @Test
  void theConsoleTableNamesEachStep() {
    String text = Reports.format(lifecycles(), ComparisonFormat.TEXT);

    assertThat(text)
        .contains("fs-lifecycle · mkfs.seconds")
        .containsPattern(
            "mkfs\\.seconds \\([^)]*; (on a \\S+ image sized for all workloads|at the target's"
                + " size)\\)")
        .contains("fs-lifecycle · mount.seconds")
        .contains("fs-lifecycle · unmount.seconds")
        .doesNotContain("remount.seconds");
  }

  @Test
  void theOverviewLinesUpFourFileSystemsWithinTheConsoleWidth() {
    ComparisonFixture.StepClock clock = new ComparisonFixture.StepClock(ComparisonFixture.START);
    ComparisonRecorder recorder =
        new ComparisonRecorder(
            ComparisonFixture.settings(),
            ComparisonFixture.environment(),
            ComparisonFixture.plugins(),
            clock,
            ComparisonListener.none());
    double[] rates = {21003.4, 21912.8, 19650.1, 1422.7};
    List<String> fileSystems = List.of("ext4", "xfs", "btrfs", "zfs");
    for (int i = 0; i < fileSystems.size(); i++) {
      record(recorder, clock, fileSystems.get(i), 1000 + i, 100 + i, 10 + i);
      CellRecorder postmark =
          recorder.cell(new CellId(fileSystems.get(i), Tuning.defaults(), "postmark"), Map.of());
      postmark.measured(
          SimpleResult.of("postmark", "transactions_per_sec", rates[i], Unit.TRANSACTIONS_PER_SEC),
          clock.instant(),
          Duration.ofSeconds(1));
    }

    List<String> lines = Reports.format(recorder.finish(), ComparisonFormat.TEXT).lines().toList();

    assertThat(lines).anyMatch(l -> l.matches("  step +unit +ext4 +xfs +btrfs +zfs"));
    assertThat(lines).anyMatch(l -> l.matches("  fs-lifecycle mkfs +s ↓ +1 +1 ≈1.00× .*"));
    assertThat(lines).anyMatch(l -> l.matches("  postmark +transactions/s ↑ +21003 +21913 .*"));
    assertThat(lines).allMatch(l -> l.length() <= ConsoleTableWriter.WIDTH);
  }
}
