package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code fsbench run --workload randomio} on a fresh ext4 loop volume, its rows in compare. */
class RandomIoCommandIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  private FsBenchProcess fsbench;
  private Path out;

  @BeforeEach
  void setUp() throws Exception {
    fsbench = FsBenchProcess.onExt4("fsbench-rioit-");
    out = fsbench.reportDirectory();
  }

  @AfterEach
  void tearDown() throws Exception {
    if (fsbench != null) {
      fsbench.cleanUp();
    }
  }

  @Test
  void runReportsRandomiosRatesLatenciesAndTheCreatePhase() throws Exception {
    FsBenchProcess.Finished run =
        fsbench.run(
            "run",
            "--fs",
            "ext4",
            "--workload",
            "randomio",
            "--param",
            "size=32m",
            "--param",
            "threads=4",
            "--param",
            "sample_seconds=1",
            "--param",
            "samples=2",
            "--output-format",
            "json");

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    JsonNode json = JSON.readTree(run.stdout());
    assertThat(json.get("workload").asText()).isEqualTo("randomio");
    long reads = json.at("/metrics/read.ios/value").asLong();
    long writes = json.at("/metrics/write.ios/value").asLong();
    assertThat(reads + writes).isPositive();
    assertThat(json.at("/metrics/iops/unit").asText()).isEqualTo("iops");
    assertThat(json.at("/metrics/read.lat_mean/unit").asText()).isEqualTo("ns");
    assertThat(json.at("/metrics/create.bytes_per_sec/value").asDouble()).isPositive();
    assertThat(json.at("/metrics/sample2.iops/value").asDouble()).isPositive();
    assertThat(json.at("/parameters/threads").asText()).isEqualTo("4");
    assertThat(fsbench.attached()).isEmpty();
  }

  @Test
  void compareRunsItForTheComparisonsRuntime() throws Exception {
    FsBenchProcess.Finished run =
        fsbench.run(
            "compare",
            "--fs",
            "ext4",
            "--workloads",
            "randomio",
            "--param",
            "size=32m",
            "--runtime",
            "2s",
            "--repeat",
            "1",
            "--no-progress",
            "--out",
            out.toString());

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    JsonNode cell = JSON.readTree(out.resolve("report.json").toFile()).at("/cells/0");
    assertThat(cell.get("failure").isNull()).as(cell.toString()).isTrue();
    assertThat(cell.at("/parameters/sampleTime").asText()).isEqualTo("PT2S");
    assertThat(cell.get("row_metrics").toString())
        .contains("iops", "create.bytes_per_sec", "read.lat_mean", "write.lat_stdev");
    assertThat(fsbench.attached()).isEmpty();
  }
}
