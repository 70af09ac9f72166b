package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.Metric;
import io.fsbench.api.Repetition;
import io.fsbench.api.WorkloadResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JsonWriterTest {

  private final Comparison comparison = ComparisonFixture.comparison();
  private final String json = new JsonWriter().render(comparison);

  private JsonNode tree() throws Exception {
    return new ObjectMapper().readTree(json);
  }

  @Test
  void matchesTheGoldenFile() {
    Golden.assertMatches(json, "comparison.json");
  }

  @Test
  void holdsTheWholeResultTree() throws Exception {
    JsonNode root = tree();

    assertThat(root.path("format_version").asInt()).isEqualTo(JsonWriter.FORMAT_VERSION);
    assertThat(root.path("settings").path("baseline").asText()).isEqualTo("ext4");
    assertThat(root.path("settings").path("target").path("image_size_bytes").asLong())
        .isEqualTo(2L << 30);
    assertThat(root.path("environment").path("memory_bytes").asLong()).isEqualTo(24L << 30);
    assertThat(root.path("cells")).hasSize(comparison.cells().size());
    assertThat(root.path("skipped").get(0).path("hint").asText())
        .isEqualTo("apt-get install zfsutils-linux");
    assertThat(root.path("plugins")).hasSize(4);
    assertThat(root.path("warnings")).hasSize(comparison.warnings().size());
  }

  @Test
  void givesEachCellItsRunsSummariesAndRatiosWithUnits() throws Exception {
    JsonNode xfs = tree().path("cells").get(1);

    assertThat(xfs.path("filesystem").asText()).isEqualTo("xfs");
    assertThat(xfs.path("repetitions")).hasSize(3);
    assertThat(xfs.path("repetitions").get(0).path("metrics").get(0).path("unit").asText())
        .isEqualTo("iops");
    JsonNode iops = xfs.path("summaries").path("write.iops");
    assertThat(iops.path("unit").asText()).isEqualTo("iops");
    assertThat(iops.path("median").asDouble()).isEqualTo(13300);
    assertThat(xfs.path("baseline_ratios").path("write.iops").path("distinguishable").asBoolean())
        .isTrue();
    assertThat(xfs.path("applied").path("mount_options").asText()).contains("logbsize=32k");
  }

  @Test
  void writesAbsentNumbersAsNull() throws Exception {
    JsonNode failed = tree().path("cells").get(comparison.cells().size() - 1);

    assertThat(failed.path("failure").asText()).contains("ENOSPC");
    JsonNode summary = failed.path("summaries").path("create.files_per_sec");
    assertThat(summary.path("n").asInt()).isEqualTo(1);
    assertThat(summary.path("stddev").isNull()).isTrue();
    assertThat(summary.path("ci95_low").isNull()).isTrue();
    assertThat(json).doesNotContain("NaN").doesNotContain("Infinity");
  }

  @Test
  void aRunWithAStructureOfItsOwnKeepsItUnderTool() throws Exception {
    ComparisonCell cell = comparison.cells().get(0);
    Repetition first = cell.repetitions().get(0);
    WorkloadResult plain = first.result();
    WorkloadResult withTool =
        new WorkloadResult() {
          @Override
          public String workload() {
            return plain.workload();
          }

          @Override
          public List<Metric> metrics() {
            return plain.metrics();
          }

          @Override
          public Metric headline() {
            return plain.headline();
          }

          @Override
          public Optional<String> toolJson() {
            return Optional.of("{\"client_stats\": [{\"jobname\": \"All clients\"}]}");
          }
        };
    List<Repetition> repetitions = new ArrayList<>(cell.repetitions());
    repetitions.set(
        0,
        new Repetition(first.index(), withTool, first.start(), first.duration(), first.warmUp()));
    List<ComparisonCell> cells = new ArrayList<>(comparison.cells());
    cells.set(
        0,
        new ComparisonCell(
            cell.fileSystem(),
            cell.tuning(),
            cell.workload(),
            cell.parameters(),
            cell.applied(),
            repetitions,
            cell.summaries(),
            cell.baselineRatios(),
            cell.failure(),
            cell.aging()));
    Comparison changed =
        new Comparison(
            comparison.settings(),
            comparison.environment(),
            cells,
            comparison.skipped(),
            comparison.plugins(),
            comparison.warnings(),
            comparison.started(),
            comparison.finished());

    JsonNode runs =
        new ObjectMapper()
            .readTree(new JsonWriter().render(changed))
            .path("cells")
            .get(0)
            .path("repetitions");

    assertThat(runs.get(0).path("tool").path("client_stats").get(0).path("jobname").asText())
        .isEqualTo("All clients");
    assertThat(runs.get(1).has("tool")).isFalse();
  }

  @Test
  void hostileTextIsPlainJsonString() throws Exception {
    Comparison hostile = HostileFixture.comparison();
    JsonNode root = new ObjectMapper().readTree(new JsonWriter().render(hostile));

    assertThat(root.path("cells").get(1).path("failure").asText())
        .isEqualTo(hostile.cells().get(1).failure());
  }
}
