package io.fsbench.workloads.dd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.DdResult;
import io.fsbench.api.DdSpec;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.Size;
import io.fsbench.core.engine.DirectoryContext;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.NativeFile;
import io.fsbench.core.nativeio.OpenFlag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DdRunnerTest {

  @TempDir Path dir;

  private final DdRunner runner = new DdRunner();

  @Test
  void aWriteMakesCountBlocksOfZerosAndCountsEachAsAFullRecord() throws Exception {
    DdSpec spec = DdSpec.write(Size.bytes(1000), 300).fdatasync(true).build();

    DdResult result = runner.run(spec, new DirectoryContext(dir));

    Path file = dir.resolve(DdRunner.FILE);
    assertThat(Files.size(file)).isEqualTo(300_000);
    assertThat(Files.readAllBytes(file)).containsOnly(0);
    assertThat(result.recordsInFull()).isEqualTo(300);
    assertThat(result.recordsOutFull()).isEqualTo(300);
    assertThat(result.recordsInPartial() + result.recordsOutPartial()).isZero();
    assertThat(result.bytes()).isEqualTo(300_000);
    assertThat(result.layoutTime()).isZero();
    assertThat(result.syncTime()).isLessThanOrEqualTo(result.elapsed());
    assertThat(result.bytesPerSec()).isEqualTo(300_000 / result.seconds());
  }

  @Test
  void aDirectWriteTruncatesWhatWasThereAndADirectReadReadsItBlockByBlock() throws Exception {
    Files.write(dir.resolve(DdRunner.FILE), new byte[3 << 20]);
    DdSpec write = DdSpec.write(Size.kib(64), 16).direct(true).build();

    DdResult written = runner.run(write, new DirectoryContext(dir));

    assertThat(Files.size(dir.resolve(DdRunner.FILE))).isEqualTo(1 << 20);
    assertThat(written.recordsOutFull()).isEqualTo(16);
    DdResult read =
        runner.run(DdSpec.read(Size.kib(64), 16).direct(true).build(), new DirectoryContext(dir));
    assertThat(read.recordsInFull()).isEqualTo(16);
    assertThat(read.recordsOutFull()).isEqualTo(16);
    assertThat(read.bytes()).isEqualTo(1 << 20);
  }

  @Test
  void aReadLaysItsFileOutBeforeTheClockStartsAndReportsThatApart() throws Exception {
    List<Double> progress = new ArrayList<>();
    DirectoryContext context = new DirectoryContext(dir);

    DdResult result = runner.run(DdSpec.read(Size.kib(1), 5000).build(), context);

    assertThat(Files.size(dir.resolve(DdRunner.FILE))).isEqualTo(5000 * 1024);
    assertThat(result.recordsInFull()).isEqualTo(5000);
    assertThat(result.recordsOutFull()).isEqualTo(5000);
    assertThat(result.bytes()).isEqualTo(5000 * 1024);
    assertThat(result.layoutTime()).isPositive();
    assertThat(result.metric("setup.layout.seconds").orElseThrow().value()).isPositive();
    assertThat(context.progressReports()).endsWith(1.0);
  }

  @Test
  void theCopyStopsAtTheEndOfItsInputAndCountsTheShortReadAsPartial() throws Exception {
    Path input = dir.resolve("fsbench-dd-short");
    Files.write(input, new byte[2 * 4096 + 100]);
    DdCopy copy = new DdCopy();

    try (NativeFile in = NativeFile.open(input);
        NativeFile out = NativeFile.open(Path.of("/dev/null"), OpenFlag.WRITE)) {
      copy.copy(in, out, AlignedBuffers.allocate(4096), 10, () -> false, fraction -> {});
    }

    assertThat(copy.recordsInFull).isEqualTo(2);
    assertThat(copy.recordsInPartial).isEqualTo(1);
    assertThat(copy.recordsOutFull).isEqualTo(2);
    assertThat(copy.recordsOutPartial).isEqualTo(1);
    assertThat(copy.bytes).isEqualTo(2 * 4096 + 100);
  }

  @Test
  void eachBlockIsOneReadAndOneWriteSystemCall() throws Exception {
    Path input = dir.resolve("fsbench-dd-calls");
    Files.write(input, new byte[20_000 * 512]);
    DdCopy copy = new DdCopy();

    long[] before;
    long[] after;
    try (NativeFile in = NativeFile.open(input);
        NativeFile out = NativeFile.open(Path.of("/dev/null"), OpenFlag.WRITE)) {
      before = syscalls();
      copy.copy(in, out, AlignedBuffers.allocate(512), 20_000, () -> false, fraction -> {});
      after = syscalls();
    }

    // The whole JVM's counts: the other threads make a few calls of their own meanwhile.
    assertThat(after[0] - before[0]).isBetween(20_000L, 20_000L + 200);
    assertThat(after[1] - before[1]).isBetween(20_000L, 20_000L + 200);
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

  @Test
  void aCancelledRunFailsSayingSo() {
    DirectoryContext cancelled = new DirectoryContext(dir).cancelWhen(() -> true);

    assertThatThrownBy(() -> runner.run(DdSpec.write(Size.mib(64), 4).build(), cancelled))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("dd-write-64m was cancelled");
  }

  @Test
  void aFileThatCannotBeMadeFailsTheRunNamingIt() {
    Path missing = dir.resolve("fsbench-not-there");

    assertThatThrownBy(
            () -> runner.run(DdSpec.write(Size.kib(4), 1).build(), new DirectoryContext(missing)))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("dd-write-4k failed")
        .hasMessageContaining(missing.resolve(DdRunner.FILE).toString());
  }

  @Test
  void needsRoomForItsOneFileAndWarnsOfTheCacheOnlyForABufferedRead() {
    DdSpec read = DdSpec.read(Size.mib(1), 4096).build();

    assertThat(runner.footprint(read)).isEqualTo(new Footprint(4L << 30, 1));
    assertThat(runner.workingSet(read)).isEmpty();
    assertThat(runner.workingSet(read.toBuilder().invalidate(false).build())).hasValue(4L << 30);
    assertThat(runner.workingSet(read.toBuilder().invalidate(false).direct(true).build()))
        .isEmpty();
    assertThat(runner.workingSet(DdSpec.write(Size.mib(1), 4096).build())).isEmpty();
  }
}
