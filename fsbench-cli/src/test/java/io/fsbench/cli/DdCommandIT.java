package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The dd family through the command line on fresh ext4 loop volumes: {@code fsbench run --workload
 * dd} prints the records and bytes dd would and its rates with their units; {@code fsbench compare
 * --workloads dd-...} gives each preset its bandwidth and IOPS rows.
 */
class DdCommandIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  private FsBenchProcess fsbench;
  private Path out;

  @BeforeEach
  void setUp() throws Exception {
    fsbench = FsBenchProcess.onExt4("fsbench-ddit-");
    out = fsbench.reportDirectory();
  }

  @AfterEach
  void tearDown() throws Exception {
    if (fsbench != null) {
      fsbench.cleanUp();
    }
  }

  @Test
  void runPrintsDdsRecordsBytesAndRatesWithUnits() throws Exception {
    FsBenchProcess.Finished run =
        fsbench.run(
            "run",
            "--fs",
            "ext4",
            "--workload",
            "dd",
            "--param",
            "bs=1m",
            "--param",
            "count=24",
            "--param",
            "conv=fdatasync",
            "--param",
            "oflag=direct",
            "--output-format",
            "json");

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    JsonNode json = JSON.readTree(run.stdout());
    assertThat(json.get("workload").asText()).isEqualTo("dd-write-1m");
    assertThat(json.at("/metrics/bytes/value").asLong()).isEqualTo(24L << 20);
    assertThat(json.at("/metrics/records_in.full/value").asLong()).isEqualTo(24);
    assertThat(json.at("/metrics/records_out.full/value").asLong()).isEqualTo(24);
    assertThat(json.at("/metrics/records_out.partial/value").asLong()).isZero();
    assertThat(json.at("/metrics/bytes_per_sec/unit").asText()).isEqualTo("bytes_per_sec");
    assertThat(json.at("/metrics/blocks_per_sec/unit").asText()).isEqualTo("iops");
    assertThat(json.at("/metrics/bytes_per_sec/value").asDouble())
        .isCloseTo(
            json.at("/metrics/bytes/value").asDouble()
                / json.at("/metrics/seconds/value").asDouble(),
            org.assertj.core.data.Percentage.withPercentage(0.001));
    assertThat(json.at("/parameters/direct").asText()).isEqualTo("true");
    assertThat(fsbench.attached()).isEmpty();
  }

  @Test
  void runRefusesAFlagOnTheWrongSideWithWhatToDo() throws Exception {
    FsBenchProcess.Finished run =
        fsbench.run("run", "--fs", "ext4", "--workload", "dd-read-1m", "--param", "oflag=direct");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.stderr()).contains("oflag=direct").contains("iflag=").doesNotContain("\tat ");
    assertThat(fsbench.attached()).isEmpty();
  }

  @Test
  void compareGivesEachPresetItsBandwidthAndIopsRows() throws Exception {
    FsBenchProcess.Finished run =
        fsbench.run(
            "compare",
            "--fs",
            "ext4",
            "--workloads",
            "dd-write-1m,dd-read-1k",
            "--param",
            "dd-write-1m:count=16",
            "--param",
            "dd-read-1k:count=8192",
            "--repeat",
            "1",
            "--no-progress",
            "--out",
            out.toString());

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
    assertThat(report.get("cells")).hasSize(2);
    for (JsonNode cell : report.get("cells")) {
      assertThat(cell.get("failure").isNull()).as(cell.toString()).isTrue();
      assertThat(cell.get("row_metrics").toString()).contains("bytes_per_sec", "blocks_per_sec");
    }
    assertThat(run.stdout()).contains("dd-write-1m").contains("dd-read-1k");
    assertThat(fsbench.attached()).isEmpty();
  }
}
