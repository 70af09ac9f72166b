package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.CellId;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.TreePhase;
import io.fsbench.api.TreePhaseResult;
import io.fsbench.api.TreeResult;
import io.fsbench.api.TreeSpec;
import io.fsbench.api.Tuning;
import io.fsbench.api.Unit;
import io.fsbench.core.compare.CellRecorder;
import io.fsbench.core.compare.ComparisonRecorder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecommendationTest {

  /** A recorder of a comparison with ext4 as its baseline. */
  private static ComparisonRecorder recorder(ComparisonFixture.StepClock clock) {
    return new ComparisonRecorder(
        ComparisonSettings.builder().baseline("ext4").build(),
        ComparisonFixture.environment(),
        List.of(),
        clock,
        ComparisonListener.none());
  }

  private static Comparison comparison(Unit unit, Map<String, double[]> runs) {
    ComparisonFixture.StepClock clock = new ComparisonFixture.StepClock(ComparisonFixture.START);
    ComparisonRecorder recorder = recorder(clock);
    runs.forEach(
        (fs, values) -> {
          CellRecorder cell =
              recorder.cell(new CellId(fs, Tuning.defaults(), "randwrite-4k"), Map.of());
          for (double v : values) {
            cell.measured(
                SimpleResult.of("randwrite-4k", "metric", v, unit),
                clock.instant(),
                Duration.ofSeconds(1));
          }
        });
    return recorder.finish();
  }

  private static String sentence(Comparison comparison) {
    List<Recommendation> all = Recommendation.of(comparison);
    assertThat(all).hasSize(1);
    assertThat(all.get(0).useCase()).isEqualTo(UseCase.RANDOM_WRITE);
    return all.get(0).sentence("ext4");
  }

  @Test
  void namesTheBestAndHowFarItIsAheadOfTheBaseline() {
    Comparison c =
        comparison(
            Unit.IOPS,
            Map.of(
                "ext4", new double[] {100, 101, 102},
                "xfs", new double[] {107, 108, 109}));

    assertThat(sentence(c)).isEqualTo("xfs, 1.07× ext4, the runner-up");
  }

  @Test
  void saysWhenTheBestIsNotDistinguishableFromTheRunnerUp() {
    Comparison c =
        comparison(
            Unit.IOPS,
            Map.of(
                "ext4", new double[] {100, 101, 102},
                "xfs", new double[] {120, 122, 124},
                "btrfs", new double[] {118, 121, 124}));

    assertThat(sentence(c))
        .isEqualTo("xfs, 1.21× ext4; not distinguishable from btrfs (1.01×), either will do");
  }

  @Test
  void ranksLatenciesLowestFirst() {
    Comparison c =
        comparison(
            Unit.NANOSECONDS,
            Map.of(
                "ext4", new double[] {200, 201, 202},
                "xfs", new double[] {100, 101, 102}));

    assertThat(sentence(c)).isEqualTo("xfs, 1.99× ext4, the runner-up");
  }

  @Test
  void namesTheStepItJudgedByWhenAWorkloadTimesSeveral() {
    ComparisonFixture.StepClock clock = new ComparisonFixture.StepClock(ComparisonFixture.START);
    ComparisonRecorder recorder = recorder(clock);
    TreeSpec spec = TreeSpec.builder().build();
    for (String fs : List.of("ext4", "xfs")) {
      CellRecorder cell = recorder.cell(new CellId(fs, Tuning.defaults(), "tree"), Map.of());
      List<TreePhaseResult> phases = new ArrayList<>();
      for (TreePhase phase : spec.orderedPhases()) {
        phases.add(new TreePhaseResult(phase, 10, 1, 100, Duration.ofSeconds(1), true));
      }
      cell.measured(new TreeResult(spec, false, phases), clock.instant(), Duration.ofSeconds(7));
    }

    List<Recommendation> all = Recommendation.of(recorder.finish());

    assertThat(all)
        .extracting(Recommendation::measuredWith)
        .containsExactly("tree extract.seconds");
  }

  @Test
  void reportsOneEntryPerUseCaseWhenSeveralWorkloadsStandForIt() {
    ComparisonFixture.StepClock clock = new ComparisonFixture.StepClock(ComparisonFixture.START);
    ComparisonRecorder recorder = recorder(clock);
    // xfs wins postmark, ext4 wins fsmark: both are small-file workloads
    Map<String, Map<String, Double>> rates =
        Map.of(
            "postmark", Map.of("ext4", 100.0, "xfs", 150.0),
            "fsmark", Map.of("ext4", 300.0, "xfs", 200.0));
    for (String workload : List.of("postmark", "fsmark")) {
      for (String fs : List.of("ext4", "xfs")) {
        CellRecorder cell = recorder.cell(new CellId(fs, Tuning.defaults(), workload), Map.of());
        double rate = rates.get(workload).get(fs);
        for (double v : new double[] {rate, rate + 1, rate + 2}) {
          cell.measured(
              SimpleResult.of(workload, "metric", v, Unit.IOPS),
              clock.instant(),
              Duration.ofSeconds(1));
        }
      }
    }
    Comparison c = recorder.finish();

    assertThat(Recommendation.byUseCase(c)).containsOnlyKeys(UseCase.SMALL_FILES);
    assertThat(Recommendation.picks(Recommendation.byUseCase(c).get(UseCase.SMALL_FILES)))
        .containsExactly("xfs", "ext4");
    String label = UseCase.SMALL_FILES.label();
    String html = new HtmlWriter().render(c);
    assertThat(html.split(java.util.regex.Pattern.quote(label), -1)).hasSize(2);
    assertThat(html)
        .contains("<div class=\"pick\">xfs or ext4</div>")
        .contains("postmark:</span> xfs, 1.50× ext4, the runner-up")
        .contains("fsmark:</span> ext4, the baseline; ahead of xfs by 1.50×");
    String markdown = new MarkdownWriter().render(c);
    assertThat(markdown)
        .contains("- **" + MarkdownWriter.escape(label) + "**: xfs or ext4\n")
        .contains("  - postmark: xfs, 1.50× ext4, the runner-up\n")
        .contains("  - fsmark: ext4, the baseline; ahead of xfs by 1.50×\n");
  }
}
