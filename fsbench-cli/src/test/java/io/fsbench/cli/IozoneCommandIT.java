package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code fsbench run --workload iozone} on fresh ext4 loop volumes, and its rows in compare. */
class IozoneCommandIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  private FsBenchProcess fsbench;
  private Path out;

  @BeforeEach
  void setUp() throws Exception {
    fsbench = FsBenchProcess.onExt4("fsbench-iozit-");
    out = fsbench.reportDirectory();
  }

  @AfterEach
  void tearDown() throws Exception {
    if (fsbench != null) {
      fsbench.cleanUp();
    }
  }

  private FsBenchProcess.Finished iozone(String format, String... params) throws Exception {
    java.util.List<String> args =
        new java.util.ArrayList<>(java.util.List.of("run", "--fs", "ext4", "--workload", "iozone"));
    for (String p : params) {
      args.add("--param");
      args.add(p);
    }
    args.add("--output-format");
    args.add(format);
    return fsbench.run(args.toArray(String[]::new));
  }

  @Test
  void runPrintsIozonesTableTheExcelReportAsCsvAndTheTypedResultAsJson() throws Exception {
    String[] params = {"size=4m", "record=64k", "tests=0,1,2", "fsync=true"};

    FsBenchProcess.Finished text = iozone("text", params);
    FsBenchProcess.Finished csv = iozone("csv", params);
    FsBenchProcess.Finished json = iozone("json", params);

    assertThat(text.exitCode()).as(text.stderr()).isZero();
    assertThat(text.stdout())
        .contains("Output is in Kbytes/sec")
        .containsPattern("KB +reclen +write +rewrite +read +reread +read +write")
        .containsPattern("\n +4096 +64 +\\d+ +\\d+ +\\d+ +\\d+ +\\d+ +\\d+ *\n")
        .contains("\"Random write report\"");
    assertThat(csv.exitCode()).as(csv.stderr()).isZero();
    assertThat(csv.stdout()).startsWith("\"Writer report\"\nKB,64\n4096,");
    assertThat(json.exitCode()).as(json.stderr()).isZero();
    JsonNode result = JSON.readTree(json.stdout());
    assertThat(result.get("workload").asText()).isEqualTo("iozone");
    assertThat(result.at("/metrics/random_write.ios/value").asLong()).isEqualTo(64);
    assertThat(result.at("/metrics/reread.bytes/value").asLong()).isEqualTo(4L << 20);
    assertThat(result.at("/metrics/write/unit").asText()).isEqualTo("bytes_per_sec");
    assertThat(result.at("/metrics/write.ns/unit").asText()).isEqualTo("ns");
    assertThat(result.at("/parameters/tests").asText()).isEqualTo("0,1,2");
    assertThat(fsbench.attached()).isEmpty();
  }

  @Test
  void anAutoMatrixOnASmallVolumeIsCappedAndSaysSo() throws Exception {
    FsBenchProcess.Finished run =
        fsbench.run(
            "run",
            "--fs",
            "ext4",
            "--image-size",
            "64m",
            "--workload",
            "iozone",
            "--param",
            "auto=true",
            "--param",
            "min_size=8m",
            "--param",
            "record=1m",
            "--param",
            "tests=0");

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout())
        .contains("Note: the auto matrix stops at 32m files, not 512m")
        .containsPattern("\n +32768 +1024 +\\d+ +\\d+ *\n")
        .doesNotContainPattern("\n +65536 +1024");
  }

  @Test
  void badParametersAreRefusedNamingTheValueBeforeAnyVolumeIsMade() throws Exception {
    FsBenchProcess.Finished run = iozone("text", "size=512");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.stderr()).contains("size (512) needs a unit").doesNotContain("Exception");
  }

  @Test
  void compareRunsItAndReportsEachColumnAsARow() throws Exception {
    FsBenchProcess.Finished run =
        fsbench.run(
            "compare",
            "--fs",
            "ext4",
            "--workloads",
            "iozone",
            "--param",
            "size=4m",
            "--param",
            "record=64k",
            "--param",
            "tests=0,1",
            "--repeat",
            "1",
            "--no-progress",
            "--out",
            out.toString());

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    JsonNode cell = JSON.readTree(out.resolve("report.json").toFile()).at("/cells/0");
    assertThat(cell.get("failure").isNull()).as(cell.toString()).isTrue();
    assertThat(cell.get("row_metrics").toString()).contains("write", "rewrite", "read", "reread");
    assertThat(fsbench.attached()).isEmpty();
  }
}
