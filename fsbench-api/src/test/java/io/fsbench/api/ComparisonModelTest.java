package io.fsbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ComparisonModelTest {

  private static final Instant T0 = Instant.parse("2025-03-01T12:00:00Z");

  private record Result(String workload, List<Metric> metrics) implements WorkloadResult {
    @Override
    public Metric headline() {
      return metrics.get(0);
    }
  }

  private static Repetition run(int index, double iops, boolean warmUp) {
    return new Repetition(
        index,
        new Result("w", List.of(Metric.of("write.iops", iops, Unit.IOPS))),
        T0,
        Duration.ofSeconds(1),
        warmUp);
  }

  private static MetricSummary summary(double mean, double low, double high) {
    return new MetricSummary("write.iops", Unit.IOPS, 3, mean, mean, 1, low, high, 0.01);
  }

  @Test
  void aRepetitionPolicyIsFixedOrAdaptive() {
    assertThat(RepetitionPolicy.fixed(3).isAdaptive()).isFalse();
    assertThat(RepetitionPolicy.fixed(3)).hasToString("3 runs");
    assertThat(RepetitionPolicy.untilPrecise(2, 3, 10))
        .hasToString("3..10 runs until 95% CI ±2% of mean");
  }

  @Test
  void refusesRepetitionPoliciesThatCannotWork() {
    assertThatThrownBy(() -> RepetitionPolicy.fixed(0))
        .hasMessage("repetitions (0) must be at least 1");
    assertThatThrownBy(() -> new RepetitionPolicy(5, 3, 0))
        .hasMessage("maximum repetitions (3) must not be below the minimum (5)");
    assertThatThrownBy(() -> RepetitionPolicy.untilPrecise(2, 1, 5))
        .hasMessageContaining("needs at least 2 repetitions");
    assertThatThrownBy(() -> RepetitionPolicy.untilPrecise(0, 3, 5))
        .hasMessageContaining("CI target (0.0%) must be above 0");
    assertThatThrownBy(() -> RepetitionPolicy.untilPrecise(200, 3, 5))
        .hasMessageContaining("CI target (200.0%)")
        .hasMessageContaining("below 100");
  }

  @Test
  void settingsHaveSaneDefaultsAndRefuseARemountOfADirectory() {
    ComparisonSettings defaults = ComparisonSettings.builder().build();

    assertThat(defaults.repetitions()).isEqualTo(RepetitionPolicy.fixed(3));
    assertThat(defaults.cache()).isEqualTo(CacheState.COLD_DROP_CACHES);
    assertThat(defaults.volumes()).isEqualTo(VolumePolicy.FRESH_PER_CELL);
    assertThat(defaults.hasBaseline()).isFalse();
    assertThat(defaults.imageSize()).contains(Target.DEFAULT_LOOP_SIZE);
    assertThatThrownBy(
            () ->
                ComparisonSettings.builder()
                    .target(Target.directory(Path.of("/tmp")))
                    .cache(CacheState.COLD_REMOUNT)
                    .build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("cannot be remounted");
  }

  @Test
  void aSummaryWithoutIntervalOverlapsEverything() {
    MetricSummary one =
        new MetricSummary(
            "write.iops", Unit.IOPS, 1, 5, 5, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    assertThat(one.hasInterval()).isFalse();
    assertThat(one.overlaps(summary(100, 99, 101))).isTrue();
    assertThat(summary(100, 99, 101).overlaps(summary(103, 102, 104))).isFalse();
    assertThat(summary(100, 99, 101).overlaps(summary(102, 101, 103))).isTrue();
  }

  @Test
  void refusesASummaryWhoseIntervalMissesItsMean() {
    assertThatThrownBy(() -> summary(100, 101, 102)).hasMessageContaining("must hold the mean 100");
  }

  @Test
  void aBaselineRatioIsBetterOnlyWhenDistinguishable() {
    assertThat(new BaselineRatio("m", "ext4", "defaults", 1.07, 1.03, 1.1, true).better()).isTrue();
    assertThat(new BaselineRatio("m", "ext4", "defaults", 1.07, 0.9, 1.2, false).better())
        .isFalse();
    assertThat(new BaselineRatio("m", "ext4", "defaults", 0.9, 0.85, 0.95, true).worse()).isTrue();
    assertThatThrownBy(() -> new BaselineRatio("m", "ext4", "defaults", 0, 0, 0, false))
        .hasMessageContaining("must be > 0");
  }

  @Test
  void aCellExposesItsMeasuredRunsAndHeadline() {
    ComparisonCell cell =
        new ComparisonCell(
            "xfs",
            Tuning.defaults(),
            "w",
            Map.of("bs", "4k"),
            Optional.empty(),
            List.of(run(1, 999, true), run(2, 100, false), run(3, 102, false)),
            Map.of("write.iops", summary(101, 99, 103)),
            Map.of(),
            "");

    assertThat(cell.measured()).hasSize(2);
    assertThat(cell.headlineMetric()).contains("write.iops");
    assertThat(cell.headline().orElseThrow().mean()).isEqualTo(101);
    assertThat(cell.failed()).isFalse();
  }

  @Test
  void refusesRepetitionsOutOfOrder() {
    assertThatThrownBy(
            () ->
                new ComparisonCell(
                    "xfs",
                    Tuning.defaults(),
                    "w",
                    Map.of(),
                    Optional.empty(),
                    List.of(run(2, 1, false)),
                    Map.of(),
                    Map.of(),
                    ""))
        .hasMessageContaining("must be numbered 1, 2, ... in order; found 2 at position 1");
  }

  @Test
  void refusesAComparisonWithTheSameCellTwice() {
    ComparisonCell cell =
        new ComparisonCell(
            "xfs",
            Tuning.defaults(),
            "w",
            Map.of(),
            Optional.empty(),
            List.of(),
            Map.of(),
            Map.of(),
            "");
    Environment env = new Environment("6.1", "cpu", 1, 0, "dev", Map.of(), "h", T0);

    assertThatThrownBy(
            () ->
                new Comparison(
                    ComparisonSettings.builder().build(),
                    env,
                    List.of(cell, cell),
                    List.of(),
                    List.of(),
                    List.of(),
                    T0,
                    T0))
        .hasMessage("cell w on xfs (defaults) appears twice");
  }

  @Test
  void aSkippedFileSystemComesFromAnUnavailablePlugin() {
    SkippedFileSystem zfs =
        SkippedFileSystem.of("zfs", Availability.unavailable("no module", "modprobe zfs"));

    assertThat(zfs).isEqualTo(new SkippedFileSystem("zfs", "no module", "modprobe zfs"));
    assertThatThrownBy(() -> SkippedFileSystem.of("xfs", Availability.available()))
        .hasMessageContaining("xfs is available");
  }
}
