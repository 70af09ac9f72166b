package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.FsMarkSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The fs_mark harness's case generator, its trace parser and its reading of fs_mark's row. */
class FsMarkDiffTest {

  @Test
  void theCasesStayWithinFsMarksLimitsAndTheWriteBudget() {
    List<FsMarkCase> cases = FsMarkCase.cases(1, 2000);

    assertThat(cases)
        .allSatisfy(
            c -> {
              assertThat(c.threads()).isBetween(1, 4);
              assertThat(c.chunk()).isBetween(1, 64 << 10);
              assertThat(c.sync()).isBetween(0, 6);
              long writes = Math.max(1, (c.size() + c.chunk() - 1) / c.chunk());
              assertThat(writes * c.files() * c.threads())
                  .isLessThanOrEqualTo(Math.max(FsMarkCase.MAX_WRITES, writes * c.threads()));
              if (c.subdirs() > 0) {
                assertThat(c.threads()).isEqualTo(1);
                assertThat(c.subdirs()).isGreaterThanOrEqualTo(2);
              }
              if (c.perSubdir() > 0) {
                assertThat((long) c.subdirs() * c.perSubdir()).isGreaterThanOrEqualTo(c.files());
              }
              if (c.sync() == 1 || c.sync() >= 3) {
                assertThat(c.files()).isLessThanOrEqualTo(FsMarkCase.MAX_FSYNCED_FILES);
              }
            });
  }

  @Test
  void theCasesCoverEmptyFilesOddChunksEverySyncMethodAndBothLayouts() {
    List<FsMarkCase> cases = FsMarkCase.cases(7, 200);

    assertThat(cases).anyMatch(c -> c.size() == 0);
    assertThat(cases).anyMatch(c -> c.size() > 0 && c.size() % c.chunk() != 0);
    assertThat(cases).anyMatch(c -> c.chunk() % 2 == 1);
    assertThat(cases.stream().map(FsMarkCase::sync).distinct()).hasSize(7);
    assertThat(cases).anyMatch(c -> c.perSubdir() > 0);
    assertThat(cases).anyMatch(c -> c.subdirs() > 0 && c.perSubdir() == 0);
    assertThat(cases).anyMatch(c -> c.threads() == 4);
    assertThat(cases).anyMatch(c -> !c.keep());
  }

  @Test
  void theCasesOfCiHaveEverySyncMethodBothLayoutsEmptyFilesAndDeletes() {
    List<FsMarkCase> cases = FsMarkCase.cases(FsMarkDiffIT.SEED, FsMarkDiffIT.COUNT);

    assertThat(cases.stream().map(FsMarkCase::sync).distinct()).hasSize(7);
    assertThat(cases).anyMatch(c -> c.perSubdir() > 0);
    assertThat(cases).anyMatch(c -> c.subdirs() > 0 && c.perSubdir() == 0);
    assertThat(cases).anyMatch(c -> c.size() == 0);
    assertThat(cases).anyMatch(c -> !c.keep());
  }

  @Test
  void aCaseMapsToFsMarksOptionsAndTheSpecThatLaysFilesOutAlike() {
    FsMarkCase c = new FsMarkCase(10, 5, 2, 1, 4, 4, 3, true);

    assertThat(c.arguments(Path.of("t")))
        .containsExactly(
            "-d", "t", "-n", "10", "-s", "5", "-w", "2", "-t", "1", "-S", "4", "-D", "4", "-N", "3",
            "-k");
    FsMarkSpec spec = c.spec();
    assertThat(spec.filesPerDir()).isEqualTo(3);
    assertThat(spec.depth()).isEqualTo(1);
    assertThat(spec.keepFiles()).isTrue();
    assertThat(spec.sync().level()).isEqualTo(4);
    assertThat(new FsMarkCase(10, 5, 2, 1, 0, 4, 0, false).spec().filesPerDir())
        .as("-D without -N: one subdirectory for all files")
        .isEqualTo(10);
  }

  @Test
  void fsMarksAndFsbenchsTracesOfTheSameCallsGiveTheSameSequences() {
    // fs_mark: a relative -d, its "DIR//NAME" without -D, a process per thread
    List<String> fsMark =
        List.of(
            "7 mkdir(\"t\", 0777) = 0",
            "8 openat(AT_FDCWD</s>, \"t//6bAAA\", O_RDWR|O_CREAT|O_TRUNC, 0666) = 5</s/t/6bAAA>",
            "8 write(5</s/t/6bAAA>, \"\\0\\0\", 2) = 2",
            "8 write(5</s/t/6bAAA>, \"\\0\", 1) = 1",
            "8 close(5</s/t/6bAAA>) = 0",
            "8 sync() = 0",
            "8 openat(AT_FDCWD</s>, \"t//6bAAA\", O_RDONLY) = 5</s/t/6bAAA>",
            "8 fsync(5</s/t/6bAAA>) = 0",
            "8 close(5</s/t/6bAAA>) = 0",
            "8 unlink(\"t//6bAAA\") = 0",
            "9 openat(AT_FDCWD</s>, \"t//6bBBB\", O_RDWR|O_CREAT|O_TRUNC, 0666) = 5</s/t/6bBBB>",
            "9 write(5</s/t/6bBBB>, \"\\0\\0\", 2 <unfinished ...>",
            "9 <... write resumed>) = 2",
            "9 write(5</s/t/6bBBB>, \"\\0\", 1) = 1",
            "9 close(5</s/t/6bBBB>) = 0",
            "9 sync() = 0",
            "9 openat(AT_FDCWD</s>, \"t//6bBBB\", O_RDONLY) = 5</s/t/6bBBB>",
            "9 fsync(5</s/t/6bBBB>) = 0",
            "9 close(5</s/t/6bBBB>) = 0",
            "9 unlink(\"t//6bBBB\") = 0",
            "7 openat(AT_FDCWD</s>, \"fs_log.txt.8\", O_RDONLY) = 4</s/fs_log.txt.8>");
    // fsbench: threads, absolute paths, a warm-up directory, delete by threads of its own
    List<String> fsbench =
        List.of(
            "20 openat(AT_FDCWD</s>, \"/s/t/.fsbench-warm-up/x\", O_RDWR|O_CREAT, 0666) = 30</x>",
            "21 openat(AT_FDCWD</s>, \"/s/t/0000A\", O_RDWR|O_CREAT|O_TRUNC|O_CLOEXEC, 0666) = 31"
                + "</s/t/0000A>",
            "22 openat(AT_FDCWD</s>, \"/s/t/0001B\", O_RDWR|O_CREAT|O_TRUNC|O_CLOEXEC, 0666) = 33"
                + "</s/t/0001B>",
            "21 write(31</s/t/0000A>, \"\\0\\0\", 2) = 2",
            "22 write(33</s/t/0001B>, \"\\0\\0\", 2) = 2",
            "22 write(33</s/t/0001B>, \"\\0\", 1) = 1",
            "21 write(31</s/t/0000A>, \"\\0\", 1) = 1",
            "21 close(31</s/t/0000A>) = 0",
            "21 sync() = 0",
            "22 close(33</s/t/0001B>) = 0",
            "22 sync() = 0",
            "21 openat(AT_FDCWD</s>, \"/s/t/0000A\", O_RDONLY|O_CLOEXEC) = 31</s/t/0000A>",
            "21 fsync(31</s/t/0000A>) = 0",
            "22 openat(AT_FDCWD</s>, \"/s/t/0001B\", O_RDONLY|O_CLOEXEC) = 33</s/t/0001B>",
            "22 fsync(33</s/t/0001B>) = 0",
            "22 close(33</s/t/0001B>) = 0",
            "21 close(31</s/t/0000A>) = 0",
            "23 unlink(\"/s/t/0001B\") = 0",
            "24 unlink(\"/s/t/0000A\") = 0",
            "20 unlinkat(AT_FDCWD</s>, \"/s/t/.fsbench-warm-up\", AT_REMOVEDIR) = 0");

    List<String> a = FsMarkTrace.sequences(fsMark, "/s/t", "/s");
    List<String> b = FsMarkTrace.sequences(fsbench, "/s/t", "/s");

    assertThat(a).containsExactly("C0 W0:2 W0:1 X0 S O0 F0 X0 U0", "C0 W0:2 W0:1 X0 S O0 F0 X0 U0");
    assertThat(b).isEqualTo(a);
    assertThat(FsMarkTrace.creates(a)).isEqualTo(2);
    assertThat(FsMarkTrace.firstDifference(b, a)).isEqualTo("none");
  }

  @Test
  void aMissingFsyncIsNamedByCreatorAndCall() {
    List<String> once = List.of("C0 W0:0 F0 X0");
    List<String> never = List.of("C0 W0:0 X0");

    assertThat(FsMarkTrace.firstDifference(never, once))
        .isEqualTo("creator 0, call 2: fsbench X0, fs_mark F0 (calls: fsbench 3, fs_mark 4)");
  }

  @Test
  void aDifferentTreeOrATraceThatMissesFilesIsADisagreement() {
    FsMarkTree two =
        new FsMarkTree(
            2, 0, List.of(2), new TreeMap<>(Map.of(5L, 2)), new TreeMap<>(Map.of(40, 2)), 0);
    FsMarkTree oneEach =
        new FsMarkTree(
            2, 1, List.of(1, 1), new TreeMap<>(Map.of(5L, 2)), new TreeMap<>(Map.of(40, 2)), 0);
    List<String> calls = List.of("C0 W0:5 X0 C1 W1:5 X1");
    FsMarkDiff.Side fsMark = new FsMarkDiff.Side(2, 5, two, calls, null);

    assertThat(FsMarkDiff.differences(new FsMarkDiff.Side(2, 5, two, calls, null), fsMark))
        .isEmpty();
    assertThat(FsMarkDiff.differences(new FsMarkDiff.Side(2, 5, oneEach, calls, null), fsMark))
        .singleElement()
        .asString()
        .startsWith("tree: ");
    assertThat(
            FsMarkDiff.differences(
                new FsMarkDiff.Side(2, 5, two, List.of(), null),
                new FsMarkDiff.Side(2, 5, two, List.of(), null)))
        .containsExactly(
            "fsbench's trace shows 0 files created, its result 2",
            "fs_mark's trace shows 0 files created, its result 2");
  }

  @Test
  void fsMarksCountAndSizeAreReadFromItsLastResultRow() {
    String output =
        "#  fs_mark  -d  t  -n  3\n"
            + "\n"
            + "FSUse%        Count         Size    Files/sec     App Overhead\n"
            + "    68            6            5        187.4               44\n";

    assertThat(FsMarkDiff.resultRow(output)).containsExactly(6, 5);
    assertThat(FsMarkDiff.resultRow("fscanf read too few entries\n")).isNull();
  }
}
