package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code --status-interval} and the clat histogram log end to end, on fresh ext4 loop volumes: the
 * cumulative fio documents stdout holds, the per-interval ndjson stream that adds up to the final
 * result, and a histogram log with fio's columns.
 */
class StatusIntervalAndHistLogIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  private FsBenchProcess fsbench;
  private Path workDir;

  @BeforeEach
  void setUp() throws Exception {
    assumeTrue(FsBenchProcess.isRoot(), "needs root: it makes loop devices and mounts");
    workDir = Files.createTempDirectory(Path.of("/var/tmp"), "fsbench-statusit-");
    fsbench = new FsBenchProcess(workDir);
    assumeTrue(fsbench.available("ext4"), "ext4 is not available here");
  }

  @AfterEach
  void tearDown() throws Exception {
    if (fsbench != null) {
      fsbench.cleanUp();
      FsBenchProcess.deleteRecursively(workDir);
    }
  }

  private static List<JsonNode> documents(String text) throws Exception {
    List<JsonNode> docs = new ArrayList<>();
    try (MappingIterator<JsonNode> it = JSON.readerFor(JsonNode.class).readValues(text)) {
      it.forEachRemaining(docs::add);
    }
    return docs;
  }

  private static final String[] JOB = {
    "--name=fsbench-status",
    "--rw=randread",
    "--bs=4k",
    "--size=8m",
    "--rate_iops=400",
    "--time_based",
    "--runtime=3500ms"
  };

  private FsBenchProcess.Finished run(String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of("run", "--fs", "ext4"));
    args.addAll(List.of(JOB));
    args.addAll(List.of(extra));
    FsBenchProcess.Finished run = fsbench.run(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    return run;
  }

  @Test
  void jsonStatusIsAStreamOfCumulativeFioDocumentsBeforeTheFinalOne() throws Exception {
    FsBenchProcess.Finished run = run("--status-interval", "1s", "--output-format", "json");

    List<JsonNode> docs = documents(run.stdout());
    // reports at 1, 2 and 3 s of a run of 3.5 s and its set-up (a slow set-up adds a fourth),
    // then the result. A report used to go missing now and then: one that copied a histogram in
    // the middle of a record was inconsistent and dropped (LatencyRecorderTest)
    assertThat(docs).hasSizeBetween(4, 5);
    long previous = -1;
    for (JsonNode doc : docs) {
      assertThat(doc.path("fio version").asText()).startsWith("fsbench-");
      long bytes = doc.at("/jobs/0/read/io_bytes").asLong();
      assertThat(bytes).as("cumulative").isGreaterThanOrEqualTo(previous);
      previous = bytes;
    }
    assertThat(docs.get(docs.size() - 1).at("/jobs/0/read/bw_samples").asLong()).isPositive();
  }

  @Test
  void ndjsonStatusGivesEachIntervalsOwnIoAddingUpToTheResult() throws Exception {
    Path result = workDir.resolve("fsbench-result.json");
    FsBenchProcess.Finished run =
        run(
            "--status-interval",
            "1s",
            "--status-format",
            "ndjson",
            "--output-format",
            "json",
            "--output",
            result.toString());

    List<String> lines = run.stdout().lines().toList();
    assertThat(lines).hasSizeBetween(4, 5);
    long bytes = 0;
    long ios = 0;
    for (String line : lines) {
      JsonNode interval = JSON.readTree(line);
      assertThat(interval.path("jobname").asText()).isEqualTo("fsbench-status");
      bytes += interval.at("/read/io_bytes").asLong();
      ios += interval.at("/read/total_ios").asLong();
    }
    JsonNode middle = JSON.readTree(lines.get(1));
    assertThat(middle.at("/read/iops").asDouble()).as("rate_iops=400").isBetween(300.0, 500.0);
    assertThat(middle.at("/read/clat_ns/percentile/99.000000").asLong()).isPositive();
    JsonNode job = JSON.readTree(result.toFile()).at("/jobs/0");
    assertThat(bytes).isEqualTo(job.at("/read/io_bytes").asLong());
    assertThat(ios).isEqualTo(job.at("/read/total_ios").asLong());
  }

  @Test
  void textStatusPrintsACumulativeLinePerIntervalToStderr() throws Exception {
    FsBenchProcess.Finished run = run("--status-interval", "1s");

    assertThat(run.stderr().lines().filter(l -> l.startsWith("fsbench: status ")))
        .as("status lines; stderr: %s", run.stderr())
        .hasSizeBetween(3, 4)
        .allSatisfy(l -> assertThat(l).contains("fsbench-status: read"));
    assertThat(run.stdout()).contains("fsbench-status: (groupid=0");
  }

  @Test
  void histogramLogHasFiosColumnsPerClone() throws Exception {
    Path logs = Files.createDirectory(workDir.resolve("fsbench-logs"));
    run(
        "--numjobs=2",
        "--write_hist_log=" + logs.resolve("fsbench"),
        "--log_hist_msec=500",
        "--log_hist_coarseness=4");

    for (int clone = 1; clone <= 2; clone++) {
      List<String> lines = Files.readAllLines(logs.resolve("fsbench_clat_hist." + clone + ".log"));
      assertThat(lines).as("a line each 500 ms of 3.5 s").hasSizeBetween(5, 7);
      long before = -1;
      for (String line : lines) {
        String[] columns = line.split(", ");
        assertThat(columns).as("time, ddir, bs and 1856 / 2^4 bins").hasSize(3 + 116);
        assertThat(Long.parseLong(columns[0])).isGreaterThan(before);
        before = Long.parseLong(columns[0]);
        assertThat(columns[1]).as("reads").isEqualTo("0");
        assertThat(columns[2]).isEqualTo("4096");
        long completions = 0;
        for (int i = 3; i < columns.length; i++) {
          completions += Long.parseLong(columns[i]);
        }
        assertThat(completions).as("about 200 reads in 500 ms").isBetween(100L, 300L);
      }
    }
  }
}
