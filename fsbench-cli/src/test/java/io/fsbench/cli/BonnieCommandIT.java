package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code fsbench run --workload bonnie} on a fresh ext4 loop volume: its CSV line read by Debian's
 * bon_csv2txt and bon_csv2html, its JSON with the I/O each test did, and its rows in compare.
 */
class BonnieCommandIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** 8 MiB under -r 4m; 1 MiB per char (a million one-byte calls, about a second each way). */
  private static final List<String> PARAMS =
      List.of(
          "--param", "size=8m:4k:500:3",
          "--param", "ram=4m",
          "--param", "per_char=1m",
          "--param", "files=1:4k:1k:3",
          "--param", "fsync=true",
          "--param", "seed=42",
          "--param", "machine=fsbench-it");

  private FsBenchProcess fsbench;
  private Path out;

  @BeforeEach
  void setUp() throws Exception {
    fsbench = FsBenchProcess.onExt4("fsbench-bonnieit-");
    out = fsbench.reportDirectory();
  }

  @AfterEach
  void tearDown() throws Exception {
    if (fsbench != null) {
      fsbench.cleanUp();
    }
  }

  private FsBenchProcess.Finished run(String format) throws Exception {
    List<String> args =
        new java.util.ArrayList<>(
            List.of("run", "--fs", "ext4", "--image-size", "256m", "--workload", "bonnie"));
    args.addAll(PARAMS);
    args.addAll(List.of("--output-format", format));
    return fsbench.run(args.toArray(String[]::new));
  }

  @Test
  void itsCsvLineIsReadByBonCsv2txtAndBonCsv2htmlWithFsbenchsFigures() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/bon_csv2txt")), "apt-get install bonnie++");
    FsBenchProcess.Finished run = run("csv");

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    List<String> lines = run.stdout().lines().toList();
    assertThat(lines).as("the CSV line alone on stdout").hasSize(1);
    String[] csv = lines.get(0).split(",", -1);
    assertThat(csv).hasSize(50);
    assertThat(csv[0]).isEqualTo("1.98");
    assertThat(csv[2]).isEqualTo("fsbench-it");
    assertThat(csv[4]).isEqualTo("42");
    assertThat(csv[5]).isEqualTo("8M");
    assertThat(csv[7]).isEqualTo("500");
    assertThat(csv[8]).isEqualTo("3");
    assertThat(csv[21]).isEqualTo("1");
    // One-byte calls over 1 MiB and 1024 fsynced creates take more than bonnie++'s half second.
    String putc = csv[9];
    String create = csv[26];
    assumeTrue(!putc.startsWith("+") && !create.startsWith("+"), "a machine too fast to time");

    String text = filter("bon_csv2txt", run.stdout());
    assertThat(text)
        .contains("fsbench-i", "8M::500:3", speed(Integer.parseInt(putc))); // it cuts names
    assertThat(text).contains(" " + create + " ");
    String html = filter("bon_csv2html", run.stdout());
    assertThat(html).contains("<html", "fsbench-it", ">" + putc + "<", ">" + create + "<");
  }

  @Test
  void itsJsonHasEveryTestsRateCpuLatencyAndTheIoItDid() throws Exception {
    FsBenchProcess.Finished run = run("json");

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    JsonNode json = JSON.readTree(run.stdout());
    assertThat(json.get("workload").asText()).isEqualTo("bonnie");
    JsonNode m = json.get("metrics");
    assertThat(m.at("/put_block.bytes_written/value").asLong()).isEqualTo(8 << 20);
    assertThat(m.at("/put_block.ops/value").asLong()).isEqualTo(2048);
    assertThat(m.at("/rewrite.bytes_read/value").asLong()).isEqualTo(8 << 20);
    assertThat(m.at("/get_block.bytes_read/value").asLong()).isEqualTo(8 << 20);
    assertThat(m.at("/putc.bytes_written/value").asLong()).isEqualTo(1 << 20);
    assertThat(m.at("/getc.ops/value").asLong()).isEqualTo(1 << 20);
    assertThat(m.at("/seeks.ops/value").asLong()).isEqualTo(500);
    assertThat(m.at("/seeks.updates/value").asLong()).isPositive();
    assertThat(m.at("/seq_create.ops/value").asLong()).isEqualTo(1024);
    assertThat(m.at("/ran_del.ops/value").asLong()).isEqualTo(1024);
    assertThat(m.at("/seq_create.fsyncs/value").asLong()).isEqualTo(2048);
    assertThat(m.at("/seq_stat.bytes_read/value").asLong())
        .isEqualTo(m.at("/seq_create.bytes_written/value").asLong())
        .isBetween(1024L * 1024, 1024L * 4096);
    assertThat(m.at("/put_block.latency/unit").asText()).isEqualTo("ns");
    assertThat(m.at("/put_block.cpu/unit").asText()).isEqualTo("percent");
    assertThat(m.at("/seeks.iops/value").asDouble()).isPositive();
    assertThat(json.get("tool_csv").asText()).startsWith("1.98,2.00a,fsbench-it,1,42,8M,,500,3,");
    assertThat(json.at("/parameters/size").asText()).isEqualTo("8m");
    assertThat(fsbench.attached()).isEmpty();
  }

  @Test
  void textShowsBonniesTableAndTheFiguresItHidesAsPluses() throws Exception {
    FsBenchProcess.Finished run = run("text");

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout())
        .contains("Version 2.00a       ------Sequential Output------")
        .contains("fsbench- 8M:4k::500") // bonnie++ cuts the name and drops a 1-digit procs
        .contains("      1:4096:1024/3")
        .contains("Block output")
        .contains("Random seeks");
  }

  @Test
  void compareGivesBonniesRows() throws Exception {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "compare",
                "--fs",
                "ext4",
                "--workloads",
                "bonnie",
                "--repeat",
                "1",
                "--no-progress",
                "--out",
                out.toString()));
    args.addAll(List.of("--param", "size=8m", "--param", "ram=4m", "--param", "fast=true"));
    args.addAll(List.of("--param", "files=1"));
    FsBenchProcess.Finished run = fsbench.run(args.toArray(String[]::new));

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    JsonNode cell = JSON.readTree(out.resolve("report.json").toFile()).at("/cells/0");
    assertThat(cell.get("failure").isNull()).as(cell.toString()).isTrue();
    assertThat(cell.get("row_metrics").toString())
        .contains("put_block.bytes_per_sec", "seeks.iops", "seq_create.files_per_sec");
    assertThat(cell.at("/parameters/size").asText()).isEqualTo("8m");
    assertThat(fsbench.attached()).isEmpty();
  }

  @Test
  void refusesAFileBelowTwiceTheRamBeforeMakingAVolume() throws Exception {
    FsBenchProcess.Finished run =
        fsbench.run("run", "--fs", "ext4", "--workload", "bonnie", "--param", "size=16m");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.stderr()).contains("size (16m) is below twice the RAM", "ram=");
    assertThat(run.stderr()).doesNotContain("Exception");
    assertThat(fsbench.attached()).isEmpty();
  }

  @Test
  void csvIsRefusedForABlockJob() throws Exception {
    FsBenchProcess.Finished run =
        fsbench.run("run", "--fs", "ext4", "--workload", "randread-4k", "--output-format", "csv");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.stderr()).contains("a block job is written as fio writes it");
    assertThat(fsbench.attached()).isEmpty();
  }

  /** bon_csv2txt's {@code convSpd} for a KiB/s figure. */
  private static String speed(int kib) {
    if (kib < 10000) {
      return String.format(java.util.Locale.ROOT, "%4dk", kib);
    }
    double m = kib / 1024.0;
    return m < 100
        ? String.format(java.util.Locale.ROOT, "%4.1fm", m)
        : String.format(java.util.Locale.ROOT, "%4dm", (int) (m + 0.5));
  }

  private static String filter(String tool, String input) throws Exception {
    Process p = new ProcessBuilder(tool).redirectErrorStream(true).start();
    try (OutputStream stdin = p.getOutputStream()) {
      stdin.write(input.getBytes(StandardCharsets.UTF_8));
    }
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    try (InputStream stdout = p.getInputStream()) {
      stdout.transferTo(text);
    }
    assertThat(p.waitFor()).as(tool + " exit status").isZero();
    String output = text.toString(StandardCharsets.UTF_8);
    assertThat(output).as(tool + " complaints").doesNotContain("Expected 1.98");
    return output;
  }
}
