package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FilebenchCommandTest {

  static final String WORKLOAD =
      """
      set $nfiles=1000
      define fileset name=files,path=/tmp,size=4k,entries=$nfiles,dirwidth=100,prealloc=100
      define process name=p
      {
        thread name=t,memsize=1m,instances=2
        {
          flowop openfile name=open,filesetname=files,fd=1
          flowop readwholefile name=read,fd=1,iosize=4k
          flowop closefile name=close,fd=1
        }
      }
      run 60
      """;

  @TempDir Path temp;

  @Test
  void runsAWorkloadFileInAFreshDirectoryAndPrintsFilebenchsLines() throws IOException {
    Path file = Files.writeString(temp.resolve("reads.f"), WORKLOAD);
    Path dir = Files.createDirectories(temp.resolve("fsbench-dir"));
    RecordingCli cli = new RecordingCli(temp);

    int code =
        cli.run(
            "filebench",
            file.toString(),
            "--dir",
            dir.toString(),
            "--set",
            "nfiles=20",
            "--runtime",
            "1s");

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out()).contains("Per-Operation Breakdown", "IO Summary:", "read ", "p99.9");
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).isEmpty(); // the work directory is removed
    }
  }

  @Test
  void printsCleanJsonOnStdoutWithTheWholeReportAndProgressOnStderr() throws IOException {
    Path file = Files.writeString(temp.resolve("reads.f"), WORKLOAD);
    Path dir = Files.createDirectories(temp.resolve("fsbench-dir"));
    RecordingCli cli = new RecordingCli(temp);

    int code =
        cli.run(
            "filebench",
            file.toString(),
            "--dir",
            dir.toString(),
            "--set",
            "nfiles=20",
            "--runtime",
            "1s",
            "--output-format",
            "json");

    assertThat(code).as(cli.err()).isZero();
    JsonNode json = new ObjectMapper().readTree(cli.out()); // the whole of stdout is one document
    assertThat(cli.err()).contains("reads.f").doesNotContain("\"tool\"");
    assertThat(cli.out()).doesNotContain("Per-Operation Breakdown");
    JsonNode tool = json.path("tool");
    assertThat(tool.path("flowops").findValuesAsText("name"))
        .containsExactlyInAnyOrder("open", "read", "close");
    long flowopOps = 0;
    for (JsonNode f : tool.path("flowops")) {
      String name = f.path("name").asText();
      flowopOps += f.path("ops").asLong();
      assertThat(f.path("ops").asDouble())
          .as(name)
          .isEqualTo(json.path("metrics").path("flowop." + name + ".ops").path("value").asDouble());
      assertThat(f.path("latency_ns").path("p99").asLong())
          .as(name)
          .isEqualTo(
              json.path("metrics").path("flowop." + name + ".latency_p99").path("value").asLong());
      assertThat(f.path("min_ms").asDouble()).isLessThanOrEqualTo(f.path("max_ms").asDouble());
    }
    JsonNode io = tool.path("io_summary");
    assertThat(io.path("ops").asLong())
        .isPositive()
        .isEqualTo(flowopOps) // open, read and close all count as ops
        .isEqualTo(json.path("metrics").path("io_summary.ops").path("value").asLong());
    assertThat(io.path("ops_per_sec").asDouble())
        .isCloseTo(io.path("ops").asDouble() / tool.path("seconds").asDouble(), within(1e-6));
    assertThat(tool.path("samples").path("ops_per_sec").size()).isEqualTo(2); // 1 s of 500 ms
    assertThat(tool.path("cpu").has("usr_percent")).isTrue();
    assertThat(tool.path("dataset").path("bytes").asLong()).isEqualTo(20 * 4096);
    assertThat(tool.path("seed").asLong()).isEqualTo(1);
  }

  @Test
  void aPersonalityRunWritesTheSameReportUnderToolInJson() throws IOException {
    Path dir = Files.createDirectories(temp.resolve("fsbench-dir"));
    RecordingCli cli = new RecordingCli(temp);

    int code =
        cli.run(
            "run",
            "--dir",
            dir.toString(),
            "--workload",
            "filebench:webserver",
            "--param",
            "nfiles=50",
            "--param",
            "nthreads=2",
            "--param",
            "runtime=1s",
            "--output-format",
            "json");

    assertThat(code).as(cli.err()).isZero();
    JsonNode tool = new ObjectMapper().readTree(cli.out()).path("tool");
    assertThat(tool.path("io_summary").path("ops").asLong()).isPositive();
    assertThat(tool.path("flowops").size()).isGreaterThan(3);
  }

  @Test
  void refusesASetWithoutAValue() throws IOException {
    Path file = Files.writeString(temp.resolve("reads.f"), WORKLOAD);
    RecordingCli cli = new RecordingCli(temp);

    int code = cli.run("filebench", file.toString(), "--dir", temp.toString(), "--set", "nfiles");

    assertThat(code).isEqualTo(2);
    assertThat(cli.err()).contains("--set (nfiles) must be VAR=VALUE");
  }

  /**
   * The scripted host runs no command, so its mount mounts nothing and the run fails there: what
   * this shows is the volume made as asked, and released on that failure path; the whole run on a
   * real volume is FilebenchCommandIT.
   */
  @Test
  void makesTheTunedVolumeAsFioDoesAndRemovesItsImageWhenTheRunFails() throws IOException {
    Path file = Files.writeString(temp.resolve("reads.f"), WORKLOAD);
    RecordingCli cli = new RecordingCli(temp);

    int code =
        cli.run(
            "filebench",
            file.toString(),
            "--fs",
            "ext4",
            "--tune",
            "atime=off",
            "--image-size",
            "256m",
            "--runtime",
            "1s");

    assertThat(cli.err()).contains("on a fresh ext4 volume (256m loop image, tuned atime=off)");
    assertThat(cli.commands())
        .anyMatch(c -> c.startsWith("losetup --find --show"))
        .anyMatch(c -> c.startsWith("mkfs.ext4 "))
        .anyMatch(c -> c.startsWith("mount -t ext4 -o noatime "));
    assertThat(code).as("the scripted mount mounts nothing").isEqualTo(1);
    try (Stream<Path> images = Files.walk(cli.workDir())) {
      assertThat(images.filter(p -> p.toString().endsWith(".img"))).isEmpty();
    }
  }

  @Test
  void sizesTheLoopImageFromThePlannedDatasetAndSaysWhy() throws IOException {
    Path file = Files.writeString(temp.resolve("reads.f"), WORKLOAD);
    RecordingCli cli = new RecordingCli(temp);

    int code =
        cli.run(
            "filebench",
            file.toString(),
            "--fs",
            "ext4",
            "--set",
            "nfiles=100000",
            "--runtime",
            "1s");

    // 100000 files of 4 KiB are 390.6 MiB: four times that is 1562.5 MiB, rounded up to whole MiB
    assertThat(cli.err())
        .contains("fsbench: loop image 1563m: 4x the planned dataset of 390.6 MiB")
        .contains("on a fresh ext4 volume (1563m loop image)");
    assertThat(code).as("the scripted mount mounts nothing").isEqualTo(1);
  }

  @Test
  void keepsTheFloorForASmallDatasetAndAGivenImageSizeAsItIs() throws IOException {
    Path file = Files.writeString(temp.resolve("reads.f"), WORKLOAD);
    RecordingCli cli = new RecordingCli(temp);

    cli.run("filebench", file.toString(), "--fs", "ext4", "--runtime", "1s");
    assertThat(cli.err()).contains("fsbench: loop image 1g: the floor of 1g");

    cli.run("filebench", file.toString(), "--fs", "ext4", "--image-size", "2g", "--runtime", "1s");
    assertThat(cli.err()).doesNotContain("loop image 1g").contains("(2g loop image)");
  }

  @Test
  void runSizesAFilebenchPersonalitysImageByTheSameRule() {
    RecordingCli cli = new RecordingCli(temp);

    cli.run("run", "--workload", "filebench:webserver", "--fs", "ext4", "--param", "runtime=1s");

    assertThat(cli.err())
        .contains("fsbench: loop image 1g: the floor of 1g (4x the planned dataset of")
        .contains("on a fresh ext4 volume (1g loop image)");
  }

  @Test
  void refusesADatasetTheWorkDirCannotHoldBeforeAnythingIsMade() throws IOException {
    Path file =
        Files.writeString(
            temp.resolve("big.f"),
            WORKLOAD
                .replace("size=4k", "size=$filesize")
                .replace("set $nfiles=1000", "set $nfiles=1000\nset $filesize=4k"));
    RecordingCli cli = new RecordingCli(temp);

    int code = cli.run("filebench", file.toString(), "--fs", "ext4", "--set", "filesize=1000g");

    assertThat(code).isEqualTo(3);
    assertThat(cli.err())
        .contains("2x the planned dataset of 976.6 TiB")
        .contains("free; shrink the filesets")
        .doesNotContain("running")
        .doesNotContain("Exception");
    assertThat(cli.commands()).isEmpty();
  }

  @Test
  void refusesFsAndDirTogetherBeforeAnythingIsMade() throws IOException {
    Path file = Files.writeString(temp.resolve("reads.f"), WORKLOAD);
    RecordingCli cli = new RecordingCli(temp);

    int code = cli.run("filebench", file.toString(), "--fs", "ext4", "--dir", temp.toString());

    assertThat(code).isEqualTo(2);
    assertThat(cli.err()).contains("--dir cannot be combined with --fs").doesNotContain("running");
    assertThat(cli.out()).isEmpty();
    assertThat(cli.commands()).isEmpty();
  }

  @Test
  void refusesARunWithNeitherFsNorDir() throws IOException {
    Path file = Files.writeString(temp.resolve("reads.f"), WORKLOAD);
    RecordingCli cli = new RecordingCli(temp);

    int code = cli.run("filebench", file.toString(), "--runtime", "1s");

    assertThat(code).isEqualTo(2);
    assertThat(cli.err()).contains("give --fs ID (a fresh loop volume), --dir PATH");
    assertThat(cli.commands()).isEmpty();
  }

  @Test
  void refusesATuningTheFileSystemCannotHonourBeforeTheVolumeIsMade() throws IOException {
    Path file = Files.writeString(temp.resolve("reads.f"), WORKLOAD);
    RecordingCli cli = new RecordingCli(temp);

    int code = cli.run("filebench", file.toString(), "--fs", "ext4", "--tune", "cow=off");

    assertThat(code).isEqualTo(2);
    assertThat(cli.err()).contains("cow").contains("ext4").doesNotContain("running");
    assertThat(cli.commands()).isEmpty();
  }

  @Test
  void refusesAWorkloadFileWithAnErrorBeforeTheVolumeIsMade() throws IOException {
    Path file = Files.writeString(temp.resolve("bad.f"), "define fileset name=x,entries=\n");
    RecordingCli cli = new RecordingCli(temp);

    int code = cli.run("filebench", file.toString(), "--fs", "ext4");

    assertThat(code).isEqualTo(2);
    assertThat(cli.err()).contains("bad.f").doesNotContain("running");
    assertThat(cli.commands()).isEmpty();
  }
}
