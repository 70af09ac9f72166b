package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.CellId;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.LifecycleResult;
import io.fsbench.api.Repetition;
import io.fsbench.api.SkippedFileSystem;
import io.fsbench.api.Tuning;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProgressBarTest {

  private static final long SECOND = 1_000_000_000L;

  private final StringWriter text = new StringWriter();
  private long now;
  private final ProgressBar bar = new ProgressBar(new PrintWriter(text), 1, false, () -> now);

  private static CellId cell(String workload, String fs) {
    return new CellId(fs, Tuning.defaults(), workload);
  }

  /** Runs a cell for {@code seconds} of the fake clock and finishes it. */
  private void run(CellId id, int position, int cells, long seconds) {
    bar.cellStarted(id, position, cells);
    now += seconds * SECOND;
    LifecycleResult result =
        new LifecycleResult(
            id.workload(), Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO);
    Repetition repetition = new Repetition(1, result, Instant.EPOCH, Duration.ZERO, false);
    bar.repetitionFinished(id, repetition);
    bar.cellFinished(
        new ComparisonCell(
            id.fileSystem(),
            id.tuning(),
            id.workload(),
            Map.of(),
            Optional.empty(),
            List.of(repetition),
            Map.of(),
            Map.of(),
            ""));
  }

  private List<String> lines() {
    return text.toString().lines().toList();
  }

  @Test
  void countsFinishedRunsAndNamesTheCellRunning() {
    run(cell("tree", "ext4"), 1, 4, 10);
    run(cell("tree", "xfs"), 2, 4, 10);

    assertThat(lines().get(1)).startsWith("[#####...............] 1/4 runs done");
    assertThat(lines().get(1)).endsWith("running tree on xfs (defaults)");
  }

  @Test
  void estimatesEachWorkloadFromItsOwnRuns() {
    run(cell("lifecycle", "ext4"), 1, 4, 1);
    run(cell("files", "ext4"), 2, 4, 100);
    run(cell("lifecycle", "xfs"), 3, 4, 1);
    bar.cellStarted(cell("files", "xfs"), 4, 4);

    // The million files ahead take as long as the last time, not the average of 34 s.
    assertThat(lines().get(3)).contains("3/4 runs done, ETA ~1m40s");
  }

  @Test
  void countsRunsOfCellsThatAreNotFinishedAsRoundsGoOn() {
    ProgressBar rounds = new ProgressBar(new PrintWriter(text), 3, false, () -> now);
    CellId ext4 = cell("seqwrite", "ext4");
    CellId xfs = cell("seqwrite", "xfs");
    LifecycleResult result =
        new LifecycleResult("seqwrite", Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO);
    // Round one: each cell runs once, and none is finished.
    rounds.cellStarted(ext4, 1, 2);
    rounds.repetitionFinished(ext4, new Repetition(1, result, Instant.EPOCH, Duration.ZERO, false));
    rounds.cellStarted(xfs, 2, 2);
    rounds.repetitionFinished(xfs, new Repetition(1, result, Instant.EPOCH, Duration.ZERO, false));
    rounds.cellStarted(ext4, 1, 2);

    assertThat(lines().get(2)).startsWith("[######..............] 2/6 runs done");
  }

  @Test
  void showsHowFarTheAgingIsAtEachTenthInALog() {
    CellId aged = cell("seqread-128k-aged", "ext4");
    bar.cellStarted(aged, 1, 1);
    for (double f = 0.01; f < 1; f += 0.01) {
      bar.agingProgress(aged, f);
    }
    bar.agingProgress(aged, 1.0);

    List<String> aging = lines().stream().filter(l -> l.contains("aging")).toList();
    assertThat(aging).hasSize(10);
    assertThat(aging.get(0)).endsWith("— aging ext4 on seqread-128k-aged: 10%");
    assertThat(aging.get(9)).startsWith("[....................] 0/1 runs done").endsWith(": 100%");
  }

  @Test
  void leavesTheAgingOutOfTheEstimateOfTheRuns() {
    CellId aged = cell("seqread-128k-aged", "ext4");
    bar.cellStarted(aged, 1, 2);
    now += 600 * SECOND; // ten minutes of aging
    bar.agingProgress(aged, 1.0);
    now += 10 * SECOND;
    bar.repetitionFinished(
        aged,
        new Repetition(
            1,
            new LifecycleResult(
                aged.workload(), Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO),
            Instant.EPOCH,
            Duration.ZERO,
            false));
    bar.cellStarted(cell("seqread-128k-aged", "xfs"), 2, 2);

    assertThat(lines().get(lines().size() - 1)).contains("1/2 runs done, ETA ~10s");
  }

  @Test
  void saysWhyAFileSystemIsSkippedAndHowToInstallIt() {
    bar.fileSystemSkipped(
        new SkippedFileSystem("xfs", "mkfs.xfs not found", "apt-get install xfsprogs"));

    assertThat(lines())
        .containsExactly("skipped xfs: mkfs.xfs not found (apt-get install xfsprogs)");
  }
}
