package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code fsbench run} and {@code fsbench fio} end to end, each on a fresh loop volume: stdout holds
 * exactly one JSON document in fio's shape (or the workload's), progress goes to stderr, and
 * nothing stays attached afterwards. Sizes and run times are small: each run takes seconds.
 */
class RunCommandIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  private FsBenchProcess fsbench;
  private Path workDir;

  @BeforeEach
  void setUp() throws Exception {
    assumeTrue(FsBenchProcess.isRoot(), "needs root: it makes loop devices and mounts");
    workDir = Files.createTempDirectory(Path.of("/var/tmp"), "fsbench-runit-");
    fsbench = new FsBenchProcess(workDir);
  }

  @AfterEach
  void tearDown() throws Exception {
    if (fsbench != null) {
      fsbench.cleanUp();
    }
  }

  private void assumeAvailable(String fileSystem) throws Exception {
    assumeTrue(fsbench.available(fileSystem), fileSystem + " is not available here");
  }

  /** The whole of stdout as one JSON document: nothing else may be printed there. */
  private static JsonNode json(FsBenchProcess.Finished run) throws Exception {
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout()).startsWith("{").endsWith("}\n");
    return JSON.readTree(run.stdout());
  }

  @ParameterizedTest
  @CsvSource({"ext4, json", "zfs, json+"})
  void runPrintsFioShapedJsonOfARandomWriteJob(String fileSystem, String format) throws Exception {
    assumeAvailable(fileSystem);

    FsBenchProcess.Finished run =
        fsbench.run(
            "run",
            "--fs",
            fileSystem,
            "--name=fsbench-it",
            "--rw=randwrite",
            "--bs=4k",
            "--size=16m",
            "--runtime=1s",
            "--time-based",
            "--output-format",
            format);

    JsonNode json = json(run);
    JsonNode job = json.at("/jobs/0");
    assertThat(job.get("jobname").asText()).isEqualTo("fsbench-it");
    assertThat(job.at("/write/io_bytes").asLong()).isPositive();
    assertThat(job.at("/write/clat_ns/percentile").has("99.000000")).isTrue();
    assertThat(job.at("/write/clat_ns").has("bins")).isEqualTo(format.equals("json+"));
    assertThat(json.at("/fsbench/volume/filesystem").asText()).isEqualTo(fileSystem);
    assertThat(run.stderr()).contains("fsbench: running fsbench-it on a fresh " + fileSystem);
    assertThat(fsbench.attached()).isEmpty();
  }

  @Test
  void fioRunsAJobFileWithGlobalOptionsStonewallAndGroupReportingOnATunedVolume() throws Exception {
    assumeAvailable("ext4");
    Path jobFile =
        Files.writeString(
            workDir.resolve("fsbench-two-phases.fio"),
            String.join(
                "\n",
                "[global]",
                "size=16m",
                "bs=64k",
                "runtime=1",
                "time_based",
                "group_reporting",
                "",
                "[writers]",
                "rw=write",
                "numjobs=2",
                "",
                "[readers]",
                "stonewall",
                "rw=read",
                "numjobs=2",
                ""));

    JsonNode json =
        json(
            fsbench.run(
                "fio",
                jobFile.toString(),
                "--fs",
                "ext4",
                "--tune",
                "atime=off",
                "--output-format",
                "json"));

    assertThat(json.at("/global options/size").asText()).isEqualTo("16m");
    assertThat(json.at("/fsbench/volume/tuning").asText()).isEqualTo("atime=off");
    assertThat(json.at("/fsbench/volume/mount_options").asText()).contains("noatime");
    assertThat(json.get("jobs")).hasSize(2);
    JsonNode writers = json.at("/jobs/0");
    JsonNode readers = json.at("/jobs/1");
    assertThat(writers.get("jobname").asText()).isEqualTo("writers");
    assertThat(writers.get("groupid").asInt()).isZero();
    assertThat(writers.at("/fsbench/members").asInt()).isEqualTo(2);
    assertThat(writers.at("/write/io_bytes").asLong()).isPositive();
    assertThat(readers.get("groupid").asInt()).isEqualTo(1);
    assertThat(readers.at("/read/io_bytes").asLong()).isPositive();
    assertThat(readers.at("/write/io_bytes").asLong()).isZero();
    assertThat(fsbench.attached()).isEmpty();
  }

  @Test
  void runInADirectoryWritesItsResultToTheOutputFileAndLeavesTheDirectoryAsItWas()
      throws Exception {
    Path directory = Files.createDirectory(workDir.resolve("fsbench-dir-target"));
    Path output = workDir.resolve("fsbench-result.json");

    FsBenchProcess.Finished run =
        fsbench.run(
            "run",
            "--dir",
            directory.toString(),
            "--rw=write",
            "--bs=64k",
            "--size=8m",
            "--end-fsync",
            "--output-format=json+",
            "--output",
            output.toString());

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout()).isEmpty();
    JsonNode json = JSON.readTree(output.toFile());
    assertThat(json.at("/jobs/0/write/io_bytes").asLong()).isEqualTo(8L << 20);
    assertThat(json.at("/jobs/0/write/clat_ns").has("bins")).isTrue();
    assertThat(json.at("/fsbench/volume/target").asText()).isEqualTo("directory");
    try (var left = Files.list(directory)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void runMakesTheFileSystemOnADeviceItIsGiven() throws Exception {
    assumeAvailable("ext4");
    Path image = workDir.resolve("fsbench-device.img");
    try (var file = new java.io.RandomAccessFile(image.toFile(), "rw")) {
      file.setLength(512L << 20);
    }
    String device = FsBenchProcess.system("losetup", "--find", "--show", image.toString()).get(0);
    try {
      JsonNode json =
          json(
              fsbench.run(
                  "run",
                  "--fs",
                  "ext4",
                  "--device",
                  device,
                  "--yes-erase-device",
                  "--rw=write",
                  "--bs=64k",
                  "--size=16m",
                  "--output-format",
                  "json"));

      assertThat(json.at("/jobs/0/write/io_bytes").asLong()).isEqualTo(16L << 20);
      assertThat(json.at("/fsbench/volume/target").asText()).isEqualTo("device");
      assertThat(json.at("/fsbench/volume/device").asText()).isEqualTo(device);
      assertThat(Files.readString(Path.of("/proc/self/mounts"))).doesNotContain(device + " ");
    } finally {
      FsBenchProcess.system("losetup", "--detach", device);
    }
  }

  @Test
  void aPostMarkWorkloadNamesEachRateWithItsUnit() throws Exception {
    assumeAvailable("ext4");

    JsonNode json =
        json(
            fsbench.run(
                "run",
                "--fs",
                "ext4",
                "--workload",
                "postmark",
                "--param",
                "number=200",
                "--param",
                "transactions=1000",
                "--output-format",
                "json"));

    assertThat(json.get("workload").asText()).isEqualTo("postmark");
    assertThat(json.at("/parameters/transactions").asText()).isEqualTo("1000");
    assertThat(json.at("/metrics/transactions_per_sec/unit").asText())
        .isEqualTo("transactions_per_sec");
    assertThat(json.at("/metrics/transactions_per_sec/value").asDouble()).isPositive();
    assertThat(json.at("/metrics/created.files_per_sec/unit").asText()).isEqualTo("files_per_sec");
    assertThat(json.at("/metrics/seconds/unit").asText()).isEqualTo("seconds");
    assertThat(json.at("/volume/filesystem").asText()).isEqualTo("ext4");
    assertThat(fsbench.attached()).isEmpty();
  }
}
