package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.PostMarkResult;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.RunResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void parsesFioOutputFormatNames() {
    assertThat(Reports.Format.parse("json+")).isEqualTo(Reports.Format.JSON_PLUS);
    assertThat(Reports.Format.parse("JSON")).isEqualTo(Reports.Format.JSON);
    assertThat(Reports.Format.parse("normal")).isEqualTo(Reports.Format.TEXT);
    assertThatThrownBy(() -> Reports.Format.parse("xml"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("(xml)");
  }

  @Test
  void aBlockRunIsWrittenInFiosShape() throws Exception {
    RunResult run =
        RunResult.ofJobs(
            "0.1.0",
            1_800_000_000_000L,
            "randwrite-4k",
            Map.of(),
            List.of(FakeBlockJobs.result("randwrite-4k", 0)),
            RunFixtures.environment(),
            RunFixtures.volume("xfs", "rw,noatime"));

    JsonNode json = JSON.readTree(Reports.format(run, Reports.Format.JSON));

    assertThat(json.get("fio version").asText()).isEqualTo("fsbench-0.1.0");
    assertThat(json.at("/jobs/0/jobname").asText()).isEqualTo("randwrite-4k");
    assertThat(json.at("/fsbench/volume/filesystem").asText()).isEqualTo("xfs");
    assertThat(Reports.format(run, Reports.Format.TEXT)).startsWith("fsbench-0.1.0");
  }

  @Test
  void anotherWorkloadsJsonNamesEveryMetricsUnit() throws Exception {
    RunResult run = postMarkRun();

    JsonNode json = JSON.readTree(Reports.format(run, Reports.Format.JSON));

    assertThat(json.get("workload").asText()).isEqualTo("postmark");
    assertThat(json.at("/headline/name").asText()).isEqualTo("transactions_per_sec");
    assertThat(json.at("/metrics/transactions_per_sec/unit").asText())
        .isEqualTo("transactions_per_sec");
    assertThat(json.at("/metrics/transactions_per_sec/value").asDouble()).isEqualTo(250.0);
    assertThat(json.at("/metrics/created.files_per_sec/unit").asText()).isEqualTo("files_per_sec");
    assertThat(json.at("/metrics/read.bytes_per_sec/unit").asText()).isEqualTo("bytes_per_sec");
    assertThat(json.at("/metrics/seconds/unit").asText()).isEqualTo("seconds");
    assertThat(json.at("/volume/filesystem").asText()).isEqualTo("ext4");
    assertThat(json.at("/parameters/files").asText()).isEqualTo("500");
  }

  @Test
  void anotherWorkloadsTextListsEveryMetricWithItsUnit() {
    String text = Reports.format(postMarkRun(), Reports.Format.TEXT);

    assertThat(text).startsWith("postmark: ext4 on /dev/loop7 (rw,relatime)");
    assertThat(text).containsPattern("transactions_per_sec +250 transactions/s");
  }

  private static RunResult postMarkRun() {
    PostMarkSpec spec = PostMarkSpec.builder().build();
    PostMarkResult result =
        new PostMarkResult(
            spec,
            Duration.ofSeconds(4),
            Duration.ofSeconds(1),
            Duration.ofSeconds(2),
            Duration.ofSeconds(1),
            500,
            750,
            500,
            250,
            250,
            750,
            500,
            1_000_000,
            2_000_000);
    return new RunResult(
        "0.1.0",
        1_800_000_000_000L,
        "postmark",
        Map.of("files", "500", "workload", "postmark"),
        List.of(result),
        RunFixtures.environment(),
        RunFixtures.volume("ext4", "rw,relatime"));
  }
}
