package io.fsbench.workloads.bonnie;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.BonnieResult;
import io.fsbench.api.BonnieResult.Test;
import io.fsbench.api.BonnieResult.TestResult;
import io.fsbench.api.BonnieSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.core.engine.DirectoryContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;

class BonnieRunnerTest {

  @TempDir Path dir;

  /** A machine with 2 MiB of RAM, so that 4 MiB files are bonnie++'s twice-the-RAM. */
  private final BonnieRunner runner = new BonnieRunner(() -> 2);

  private static BonnieSpec small() {
    return BonnieSpec.fromParams(
        Map.of(
            "size", "4m:4k:100:3",
            "per_char", "1m",
            "files", "1:3000:100:4:1k",
            "seed", "42"));
  }

  private static TestResult test(BonnieResult r, Test t) {
    return r.test(t).orElseThrow();
  }

  @org.junit.jupiter.api.Test
  void doesTheIoOfEachTestAsBonnieDoesIt() throws Exception {
    BonnieResult r = runner.run(small(), new DirectoryContext(dir));

    assertThat(r.tests()).extracting(TestResult::test).containsExactly(Test.values());
    assertThat(test(r, Test.PUTC).operations()).isEqualTo(1 << 20);
    assertThat(test(r, Test.PUTC).bytesWritten()).isEqualTo(1 << 20);
    assertThat(test(r, Test.PUT_BLOCK).operations()).isEqualTo(1024); // 4 MiB of 4 KiB chunks
    assertThat(test(r, Test.PUT_BLOCK).bytesWritten()).isEqualTo(4 << 20);
    assertThat(test(r, Test.REWRITE).bytesRead()).isEqualTo(4 << 20);
    assertThat(test(r, Test.REWRITE).bytesWritten()).isEqualTo(4 << 20);
    assertThat(test(r, Test.GETC).bytesRead()).isEqualTo(1 << 20);
    assertThat(test(r, Test.GET_BLOCK).bytesRead()).isEqualTo(4 << 20);
    assertThat(test(r, Test.SEEKS).operations()).isEqualTo(100);
    rewroteTheSeeksWhoseTicketIsAMultipleOfTen(r);
    createdStatedAndDeletedEveryFileAndLeftNothing(r);
  }

  /** One run serves the three: a run makes a million one-byte calls each way. */
  private void rewroteTheSeeksWhoseTicketIsAMultipleOfTen(BonnieResult r) {
    int[] tickets = SeekTest.tickets(new GlibcRand(42), 100, 3);
    long updates = Arrays.stream(tickets).filter(t -> t < 0 && t != Integer.MIN_VALUE).count();
    assertThat(updates).isPositive();
    assertThat(r.seekUpdates()).isEqualTo(updates);
    assertThat(test(r, Test.SEEKS).bytesWritten()).isEqualTo(updates * 4096);
  }

  private void createdStatedAndDeletedEveryFileAndLeftNothing(BonnieResult r) throws Exception {
    for (Test t :
        new Test[] {
          Test.SEQ_CREATE, Test.SEQ_STAT, Test.SEQ_DEL, Test.RAN_CREATE, Test.RAN_STAT, Test.RAN_DEL
        }) {
      assertThat(test(r, t).operations()).as(t.key()).isEqualTo(1024);
    }
    long written = test(r, Test.SEQ_CREATE).bytesWritten();
    assertThat(written).isBetween(1024L * 100, 1024L * 3000);
    assertThat(test(r, Test.SEQ_STAT).bytesRead()).isEqualTo(written);
    assertThat(test(r, Test.RAN_STAT).bytesRead())
        .isEqualTo(test(r, Test.RAN_CREATE).bytesWritten());
    assertThat(r.directories()).isEqualTo(4);
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }

  @org.junit.jupiter.api.Test
  void withFsyncSyncsEachFileAndItsDirectoryOnCreateAndTheDirectoryOnDelete() throws Exception {
    BonnieSpec spec = BonnieSpec.fromParams(Map.of("size", "0", "files", "1", "fsync", "1"));

    BonnieResult r = runner.run(spec, new DirectoryContext(dir));

    assertThat(test(r, Test.SEQ_CREATE).fsyncs()).isEqualTo(2048);
    assertThat(test(r, Test.RAN_DEL).fsyncs()).isEqualTo(1024);
    assertThat(test(r, Test.SEQ_DEL).fsyncs()).isEqualTo(1024);
    assertThat(r.test(Test.PUT_BLOCK)).isEmpty();
  }

  @org.junit.jupiter.api.Test
  void fastSkipsThePerCharTestsAndTheirCsvFieldsStayEmpty() throws Exception {
    BonnieSpec spec = BonnieSpec.fromParams(Map.of("size", "4m", "fast", "true", "files", "0"));

    BonnieResult r = runner.run(spec, new DirectoryContext(dir));

    assertThat(r.test(Test.PUTC)).isEmpty();
    assertThat(r.test(Test.GETC)).isEmpty();
    String[] csv = r.csv().strip().split(",", -1);
    assertThat(csv).hasSize(50);
    assertThat(csv[9]).isEmpty();
    assertThat(csv[15]).isEmpty();
    assertThat(csv[11]).isNotEmpty();
    assertThat(csv[21]).isEmpty();
  }

  @org.junit.jupiter.api.Test
  void defaultsTheFileToTwiceTheRamAndSaysSo() {
    BonnieRunner withRam = new BonnieRunner(() -> 1000);
    BonnieSpec spec = BonnieSpec.builder().build();

    assertThat(withRam.parameters(spec)).containsEntry("size", "2g"); // 2000m rounds up to 2g
    assertThat(new BonnieRunner(() -> 100).parameters(spec)).containsEntry("size", "300m");
    assertThat(withRam.footprint(spec).bytes()).isEqualTo(2L << 30);
    BonnieRun run = BonnieSizing.resolve(spec, 1000, 1, "box", dir);
    assertThat(run.notes())
        .singleElement()
        .asString()
        .contains("file size 2g is bonnie++'s default: twice the RAM (1000m, the machine's)");
    assertThat(
            BonnieSizing.resolve(spec.toBuilder().fileSize(Size.gib(2)).build(), 1000, 1, "b", dir)
                .notes())
        .isEmpty();
  }

  @org.junit.jupiter.api.Test
  void refusesAFileBelowTwiceTheRamAsBonnieDoesAndSaysWhatToGive() {
    BonnieRunner withRam = new BonnieRunner(() -> 1024);
    BonnieSpec spec = BonnieSpec.fromParams(Map.of("size", "16m"));

    assertThatThrownBy(() -> withRam.check(spec))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("size (16m) is below twice the RAM (1g")
        .hasMessageContaining("size=2g")
        .hasMessageContaining("ram=8m");
    withRam.check(BonnieSpec.fromParams(Map.of("size", "16m", "ram", "8m")));
  }

  @org.junit.jupiter.api.Test
  void refusesARunTheVolumeHasNoRoomFor() {
    BonnieSpec spec =
        BonnieSpec.builder().fileSize(Size.gib(1L << 10)).ram(Size.ZERO).fast().build();

    assertThatThrownBy(() -> runner.run(spec, new DirectoryContext(dir)))
        .hasMessageContaining("bonnie needs about")
        .hasMessageContaining("a file of 1t")
        .hasMessageContaining("--param size=");
  }
}
