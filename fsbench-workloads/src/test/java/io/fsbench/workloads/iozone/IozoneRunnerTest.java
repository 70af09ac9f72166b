package io.fsbench.workloads.iozone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IozoneResult;
import io.fsbench.api.IozoneResult.Measurement;
import io.fsbench.api.IozoneSpec;
import io.fsbench.api.Size;
import io.fsbench.core.engine.DirectoryContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IozoneRunnerTest {

  @TempDir Path dir;

  private final IozoneRunner runner = new IozoneRunner();

  private static IozoneSpec spec(Map<String, String> params) {
    return IozoneSpec.fromParams(params);
  }

  @Test
  void everyColumnMovesTheWholeFileInOneCallPerRecordAndTheFileIsGoneAfterwards() {
    IozoneSpec spec = spec(Map.of("size", "256k", "record", "4k", "tests", "0,1,2,3,4,5,6,7,9,10"));

    IozoneResult result = runner.run(spec, new DirectoryContext(dir));

    IozoneResult.Cell cell = result.cells().get(0);
    assertThat(cell.measurements())
        .extracting(Measurement::column)
        .containsExactly(
            "write",
            "rewrite",
            "read",
            "reread",
            "random-read",
            "random-write",
            "bkwd-read",
            "record-rewrite",
            "stride-read",
            "fwrite",
            "frewrite",
            "fread",
            "freread",
            "pwrite",
            "re-pwrite",
            "pread",
            "re-pread");
    assertThat(cell.measurements())
        .allSatisfy(
            m -> {
              assertThat(m.bytes()).as(m.column()).isEqualTo(256 * 1024);
              assertThat(m.ios()).as(m.column()).isEqualTo(64);
              assertThat(m.nanos()).as(m.column()).isPositive();
              assertThat(m.kbPerSec()).isEqualTo(((long) (m.bytes() / m.seconds())) >> 10);
            });
    assertThat(dir.resolve(IozoneRunner.FILE)).doesNotExist();
  }

  @Test
  void aVolumeHoldsTheFileTwiceForTheRewriteOfACopyOnWriteFilesystem() {
    // btrfs ran out of room rewriting an 8 GiB file on an 11 GiB volume sized for it once
    assertThat(
            runner.footprint(spec(Map.of("size", "8g", "record", "1m", "tests", "0,1,2"))).bytes())
        .isGreaterThanOrEqualTo(2L * (8L << 30));
    assertThat(
            runner
                .footprint(
                    spec(Map.of("size", "64m", "record", "4k", "threads", "3", "tests", "0")))
                .bytes())
        .isGreaterThanOrEqualTo(2L * 3 * (64L << 20));
  }

  @Test
  void writeLeavesAFileOfWholeRecordsOfZerosAndKeepLeavesItThere() throws Exception {
    IozoneSpec spec = spec(Map.of("size", "10000b", "record", "4k", "tests", "0", "keep", "true"));

    IozoneResult result = runner.run(spec, new DirectoryContext(dir));

    Path file = dir.resolve(IozoneRunner.FILE);
    assertThat(Files.size(file)).isEqualTo(8192);
    assertThat(Files.readAllBytes(file)).containsOnly(0);
    assertThat(result.cells().get(0).measurement("write").orElseThrow().ios()).isEqualTo(2);
  }

  @Test
  void eachRecordIsOneSystemCallCountedInProcSelfIo() throws Exception {
    IozoneSpec spec = spec(Map.of("size", "40m", "record", "4k", "tests", "0,1"));
    long[] before = syscalls();

    runner.run(spec, new DirectoryContext(dir));

    long[] after = syscalls();
    long records = 40 * 256;
    // write + rewrite: a write per record; read + reread: a read per record, plus one priming read
    // each; the JVM's other threads make a few calls meanwhile.
    assertThat(after[1] - before[1]).isBetween(2 * records, 2 * records + 300);
    assertThat(after[0] - before[0]).isBetween(2 * records + 2, 2 * records + 300);
  }

  @Test
  void theAutoMatrixRunsEveryCaseInOrderAndReportsIozonesTableAndExcelBlocks() {
    IozoneSpec spec =
        spec(Map.of("auto", "true", "max_size", "256k", "max_record", "64k", "tests", "0,1"));

    IozoneResult result = runner.run(spec, new DirectoryContext(dir));

    assertThat(result.cells()).extracting(IozoneResult.Cell::size).isEqualTo(spec.matrix());
    assertThat(result.cells()).hasSize(5 + 5 + 5);
    assertThat(result.notes()).isEmpty();
    String text = result.report();
    assertThat(text)
        .contains("Output is in Kbytes/sec")
        .containsPattern(
            " +KB +reclen +write +rewrite +read +reread +read +write +read +rewrite +read +fwrite"
                + " +frewrite +fread +freread\n")
        .containsPattern("\n +64 +4 +\\d+ +\\d+ +\\d+ +\\d+ *\n")
        .contains("\"Writer report\"\n        \"4\"  \"8\"  \"16\"  \"32\"  \"64\"\n\"64\"   ")
        .contains("\"Re-Reader report\"")
        .doesNotContain("\"Random read report\"");
    String csv = result.toolCsv().orElseThrow();
    assertThat(csv).startsWith("\"Writer report\"\nKB,4,8,16,32,64\n64,");
    assertThat(csv.lines().filter(l -> l.startsWith("256,"))).hasSize(4);
    assertThat(result.metric("f256k.r64k.reread")).isPresent();
    assertThat(result.headlines()).hasSize(15 * 4);
  }

  @Test
  void anAutoMatrixLargerThanTheVolumeStopsAtTheLargestFileThatFitsAndSaysSo() {
    IozoneSpec spec = spec(Map.of("auto", "true", "max_size", "8m"));
    List<String> notes = new ArrayList<>();

    List<IozoneSpec.Case> fit = IozoneRunner.fitting(spec, Size.mib(5).bytes(), notes);

    assertThat(fit)
        .extracting(IozoneSpec.Case::fileSize)
        .allMatch(s -> s.compareTo(Size.mib(4)) <= 0);
    assertThat(fit).extracting(IozoneSpec.Case::fileSize).contains(Size.mib(4));
    assertThat(notes)
        .singleElement()
        .asString()
        .contains("stops at 4m files, not 8m")
        .contains("the volume has 5m free");
  }

  @Test
  void aSingleFileLargerThanTheVolumeIsRefusedBeforeAnyIo() {
    IozoneSpec spec = spec(Map.of("size", "64m"));

    assertThatThrownBy(() -> IozoneRunner.fitting(spec, Size.mib(16).bytes(), new ArrayList<>()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("iozone needs 64m of files but the volume has 16m free");
  }

  @Test
  void throughputModeRunsEachPhaseOnEveryThreadsOwnFile() throws Exception {
    IozoneSpec spec = spec(Map.of("size", "1m", "record", "16k", "tests", "0,1", "threads", "3"));

    IozoneResult result = runner.run(spec, new DirectoryContext(dir));

    assertThat(result.throughput())
        .extracting(IozoneResult.Throughput::column)
        .containsExactly("write", "rewrite", "read", "reread");
    for (IozoneResult.Throughput t : result.throughput()) {
      assertThat(t.children()).hasSize(3);
      // A child stonewalled before its first record has 0 bytes, as in IOzone; none has more
      // than its file, and together they did I/O.
      assertThat(t.children()).allSatisfy(c -> assertThat(c.bytes()).isBetween(0L, 1L << 20));
      assertThat(t.children().stream().mapToLong(IozoneResult.Child::bytes).sum()).isPositive();
      assertThat(t.childrenKbPerSec()).isPositive();
      assertThat(t.parentKbPerSec()).isPositive();
    }
    // Writers finish their files even when stonewalled, so that the readers find them whole.
    assertThat(result.throughput().get(0).children())
        .allSatisfy(c -> assertThat(c.totalBytes()).isEqualTo(1 << 20));
    assertThat(result.report())
        .contains("Children see throughput for  3 initial writers")
        .contains("Parent sees throughput for  3 re-readers");
    try (var left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void throughputModeWithoutStonewallTakesEveryThreadsFiguresAtItsEnd() {
    IozoneSpec spec =
        spec(
            Map.of(
                "size",
                "512k",
                "record",
                "4k",
                "tests",
                "0,1",
                "threads",
                "2",
                "stonewall",
                "false"));

    IozoneResult result = runner.run(spec, new DirectoryContext(dir));

    assertThat(result.throughput())
        .allSatisfy(
            t ->
                assertThat(t.children())
                    .allSatisfy(c -> assertThat(c.bytes()).isEqualTo(512 * 1024)));
  }

  @Test
  void throughputModeRefusesTestsIozoneHasNoPhaseFor() {
    IozoneSpec spec = spec(Map.of("tests", "0,6", "threads", "2"));

    assertThatThrownBy(() -> runner.check(spec))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("test 6 is not run in throughput mode");
  }

  /** This process's read and write system calls so far, from /proc/self/io. */
  private static long[] syscalls() throws Exception {
    long[] counts = new long[2];
    for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
      if (line.startsWith("syscr:")) {
        counts[0] = Long.parseLong(line.substring(6).strip());
      } else if (line.startsWith("syscw:")) {
        counts[1] = Long.parseLong(line.substring(6).strip());
      }
    }
    return counts;
  }
}
