package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.FsBench;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input to {@code fsbench run} and {@code fsbench fio}: exit code 2, a message naming the bad
 * value, nothing on stdout, and nothing made.
 */
class RunCommandTest {

  @TempDir Path temp;

  private Path workDir;
  private final AtomicInteger instances = new AtomicInteger();
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @BeforeEach
  void setUp() {
    workDir = temp.resolve("fsbench-work");
  }

  private int fsbench(String... args) {
    return Main.run(
        args,
        new PrintWriter(out, true),
        new PrintWriter(err, true),
        () -> {
          instances.incrementAndGet();
          return FsBench.builder().workDir(workDir).build();
        });
  }

  /** Files and directories under the work dir other than the resource registry. */
  private List<Path> made() throws IOException {
    if (!Files.exists(workDir)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(workDir)) {
      return walk.filter(p -> !p.equals(workDir))
          .filter(p -> !workDir.relativize(p).startsWith("registry"))
          .filter(p -> !Files.isDirectory(p) || !isEmptyDirectory(p))
          .toList();
    }
  }

  private static boolean isEmptyDirectory(Path p) {
    try (Stream<Path> entries = Files.list(p)) {
      return entries.findAny().isEmpty();
    } catch (IOException e) {
      return false;
    }
  }

  private void assertRefused(int exit, String... named) throws IOException {
    assertThat(exit).as(err.toString()).isEqualTo(2);
    assertThat(err.toString()).contains(named);
    assertThat(out.toString()).isEmpty();
    assertThat(made()).isEmpty();
  }

  @Test
  void refusesAnUnknownFileSystemByName() throws IOException {
    assertRefused(fsbench("run", "--fs", "xfz", "--rw=write", "--bs=4k"), "'xfz'");
  }

  @Test
  void refusesANegativeSize() throws IOException {
    assertRefused(fsbench("run", "--fs", "ext4", "--rw=write", "--size=-1g"), "size (-1g)");
  }

  @Test
  void refusesASizeWithAnUnknownUnit() throws IOException {
    assertRefused(fsbench("run", "--fs", "ext4", "--rw=write", "--size", "12q"), "size (12q)");
  }

  @Test
  void refusesAnImageSizeWithAnUnknownUnit() throws IOException {
    assertRefused(
        fsbench("run", "--fs", "ext4", "--image-size", "12q", "--rw=write"),
        "--image-size",
        "(12q)");
  }

  @Test
  void refusesAnOptionTheEngineDoesNotImplementByName() throws IOException {
    assertRefused(fsbench("run", "--fs", "ext4", "--rw=write", "--pre_read=1"), "--pre_read");
    assertThat(instances).hasValue(0);
  }

  @Test
  void refusesAQueueDepthASynchronousEngineCannotKeep() throws IOException {
    assertRefused(
        fsbench(
            "run",
            "--fs",
            "ext4",
            "--rw=randread",
            "--size=64m",
            "--iodepth=32",
            "--ioengine=psync"),
        "iodepth (32)",
        "io_uring");
  }

  @Test
  void refusesAnUnknownOutputFormat() throws IOException {
    assertRefused(
        fsbench("run", "--fs", "ext4", "--rw=write", "--output-format", "xml"), "format (xml)");
  }

  @Test
  void refusesCsvForABlockJobWhichFioHasNoCsvFor() throws IOException {
    assertRefused(
        fsbench("run", "--fs", "ext4", "--rw=write", "--output-format", "csv"),
        "csv is for named workloads such as iozone");
    assertRefused(
        fsbench("run", "--fs", "ext4", "--workload", "seqread", "--output-format", "csv"),
        "csv is for named workloads such as iozone");
  }

  @Test
  void refusesAnIozoneSizeWithoutAUnitNamingIt() throws IOException {
    assertRefused(
        fsbench("run", "--fs", "ext4", "--workload", "iozone", "--param", "record=4"),
        "record (4) needs a unit");
  }

  @Test
  void refusesARunWithoutATarget() throws IOException {
    assertRefused(fsbench("run", "--rw=write", "--bs=4k"), "--fs ID");
  }

  @Test
  void refusesAnUnknownWorkloadParameterByName() throws IOException {
    assertRefused(
        fsbench("run", "--fs", "ext4", "--workload", "postmark", "--param", "numbr=5"), "numbr");
  }

  @Test
  void resolvesAFilebenchPersonalityAndRefusesABadVariableName() throws IOException {
    assertRefused(
        fsbench("run", "--fs", "ext4", "--workload", "filebench:varmail", "--param", "n-files=5"),
        "n-files");
  }

  @Test
  void refusesAnUnknownFilebenchPersonalityListingTheKnownOnes() throws IOException {
    assertRefused(
        fsbench("run", "--fs", "ext4", "--workload", "filebench:mailserver"),
        "mailserver",
        "varmail");
  }

  @Test
  void refusesFioFlagsGivenWithAWorkload() throws IOException {
    assertRefused(
        fsbench("run", "--fs", "ext4", "--workload", "postmark", "--bs=4k"), "--param", "--bs");
  }

  @Test
  void refusesAParameterWithoutAWorkload() throws IOException {
    assertRefused(fsbench("run", "--fs", "ext4", "--param", "number=5"), "--workload");
  }

  @Test
  void refusesAJobFileThatDoesNotExist() throws IOException {
    Path missing = temp.resolve("fsbench-missing.fio");
    assertRefused(fsbench("fio", missing.toString(), "--fs", "ext4"), missing.toString());
  }

  @Test
  void refusesAJobFileWithAnOptionTheEngineDoesNotImplement() throws IOException {
    Path jobFile =
        Files.writeString(
            temp.resolve("fsbench-pattern.fio"),
            "[global]\nsize=16m\n[pattern]\nrw=write\npre_read=1\n");
    assertRefused(fsbench("fio", jobFile.toString(), "--fs", "ext4"), "'pre_read'");
  }
}
