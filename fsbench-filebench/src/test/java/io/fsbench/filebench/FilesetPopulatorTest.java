package io.fsbench.filebench;

import static io.fsbench.filebench.FilesetTestSpecs.gammaSizes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Population on disk, as {@code fileset.c: fileset_create} makes a fileset. */
class FilesetPopulatorTest {

  @TempDir Path work;

  private static FilesetSpec spec(
      long entries, long leafDirs, int prealloc, boolean paralloc, boolean reuse, boolean trust) {
    Rand48 drand48 = Rand48.srand48(9);
    return new FilesetSpec(
        "fsbench-set",
        "/tmp",
        false,
        entries,
        leafDirs,
        RandomVariable.constant(5),
        Optional.empty(),
        1500,
        gammaSizes(3000, drand48),
        prealloc,
        paralloc,
        reuse,
        trust,
        false,
        false);
  }

  private static Fileset build(FilesetSpec spec) {
    return Fileset.build(spec, Rand48.srand48(9), 21);
  }

  private static Map<String, Long> filesOnDisk(Path root) throws IOException {
    Map<String, Long> found = new TreeMap<>();
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        if (Files.isRegularFile(p)) {
          found.put(root.relativize(p).toString(), Files.size(p));
        }
      }
    }
    return found;
  }

  private static Map<String, Long> expectedFiles(Fileset fileset) {
    Map<String, Long> expected = new TreeMap<>();
    for (int f = 0; f < fileset.tree().fileCount(); f++) {
      if (fileset.files().exists(f)) {
        expected.put(fileset.tree().filePath(f), fileset.tree().size(f));
      }
    }
    return expected;
  }

  private static long openDescriptors() throws IOException {
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return fds.count();
    }
  }

  @Test
  void createsExactlyTheExistingFilesWithTheirSizesAndEveryDirectory() throws IOException {
    Fileset fileset = build(spec(300, 0, 70, false, false, false));
    FilesetPopulator.Population made =
        FilesetPopulator.standard(() -> false).populate(fileset, work);

    Map<String, Long> expected = expectedFiles(fileset);
    assertThat(expected.size()).isBetween(150, 280);
    assertThat(filesOnDisk(made.root())).isEqualTo(expected);
    assertThat(made.filesAllocated()).isEqualTo(expected.size());
    assertThat(made.bytesWritten()).isEqualTo(expected.values().stream().mapToLong(l -> l).sum());
    for (int d = 0; d < fileset.tree().directoryCount(); d++) {
      assertThat(fileset.directory(work, d)).isDirectory();
    }
    assertThat(made.root()).isEqualTo(work.resolve("fsbench-set"));
  }

  @Test
  void parallelAllocationMakesTheSameFiles() throws IOException {
    Fileset fileset = build(spec(300, 0, 70, true, false, false));
    long before = openDescriptors();
    new FilesetPopulator(4, () -> false).populate(fileset, work);
    assertThat(filesOnDisk(fileset.root(work))).isEqualTo(expectedFiles(fileset));
    assertThat(openDescriptors()).isEqualTo(before);
  }

  @Test
  void withoutReuseTheOldTreeIsRemoved() throws IOException {
    Fileset fileset = build(spec(50, 0, 100, false, false, false));
    Path stale = Files.createDirectories(fileset.root(work).resolve("fsbench-old")).resolve("x");
    Files.writeString(stale, "left over");
    FilesetPopulator.standard(() -> false).populate(fileset, work);
    assertThat(stale).doesNotExist();
    assertThat(filesOnDisk(fileset.root(work))).isEqualTo(expectedFiles(fileset));
  }

  @Test
  void reuseKeepsMatchingFilesCutsLongOnesAndRefillsShortOnes() throws IOException {
    FilesetPopulator populator = FilesetPopulator.standard(() -> false);
    Fileset first = build(spec(50, 0, 100, false, true, false));
    populator.populate(first, work);
    Path kept = first.file(work, 0);
    Path longer = first.file(work, 1);
    Path shorter = first.file(work, 2);
    byte[] marked = Files.readAllBytes(kept);
    marked[0] = 42;
    Files.write(kept, marked);
    Files.write(longer, new byte[(int) first.tree().size(1) + 100]);
    Files.write(shorter, new byte[1]);

    Fileset again = build(spec(50, 0, 100, false, true, false));
    FilesetPopulator.Population made = populator.populate(again, work);
    assertThat(made.reused()).isTrue();
    assertThat(Files.readAllBytes(kept)[0]).isEqualTo((byte) 42);
    assertThat(filesOnDisk(again.root(work))).isEqualTo(expectedFiles(again));
  }

  @Test
  void trusttreeDoesNotLookAtSizes() throws IOException {
    FilesetPopulator populator = FilesetPopulator.standard(() -> false);
    populator.populate(build(spec(20, 0, 100, false, false, false)), work);
    Fileset trusting = build(spec(20, 0, 100, false, false, true));
    Files.write(trusting.file(work, 3), new byte[7]);
    FilesetPopulator.Population made = populator.populate(trusting, work);
    assertThat(made.reused()).isTrue();
    assertThat(made.bytesWritten()).isZero();
    assertThat(Files.size(trusting.file(work, 3))).isEqualTo(7);
  }

  @Test
  void trusttreeWithoutATreeSaysWhatToDo() {
    Fileset trusting = build(spec(20, 0, 100, false, false, true));
    assertThatThrownBy(() -> FilesetPopulator.standard(() -> false).populate(trusting, work))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("drop trusttree");
  }

  @Test
  void leafDirectoriesAreMadeForTheExistingOnes() throws IOException {
    Fileset fileset = build(spec(0, 60, 60, false, false, false));
    FilesetPopulator.Population made =
        FilesetPopulator.standard(() -> false).populate(fileset, work);
    int expected = fileset.leafDirs().existingCount();
    assertThat(made.leafDirsMade()).isEqualTo(expected);
    for (int l = 0; l < 60; l++) {
      assertThat(Files.isDirectory(fileset.leafDir(work, l)))
          .isEqualTo(fileset.leafDirs().exists(l));
    }
  }

  @Test
  void filesAndLeafDirectoriesInOneFilesetCollideAsInFilebench() {
    // the root's second pass (leaf directories) starts its names at 1 again: with dirgamma 0 the
    // leaf directories 00000001/00000001.. land on the files 00000001/00000001..
    FilesetSpec both = FilesetTestSpecs.fileset(10, 10, 10, 0, RandomVariable.constant(100), 100);
    Fileset fileset = Fileset.build(both, Rand48.unseeded(), 1);
    assertThat(fileset.tree().leafDirPath(0)).isEqualTo(fileset.tree().filePath(0));
    assertThatThrownBy(() -> FilesetPopulator.standard(() -> false).populate(fileset, work))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("could not make leaf directory " + fileset.leafDir(work, 0))
        .hasMessageContaining("the name is taken");
  }

  @Test
  void aReadonlyFilesetCannotResizeAReusedFile() throws IOException {
    FilesetSpec plain = FilesetTestSpecs.fileset(5, 0, 10, 0, RandomVariable.constant(100), 100);
    FilesetPopulator.standard(() -> false)
        .populate(Fileset.build(plain, Rand48.unseeded(), 1), work);
    FilesetSpec readonly =
        new FilesetSpec(
            plain.name(),
            plain.path(),
            false,
            5,
            0,
            plain.dirWidth(),
            Optional.empty(),
            0,
            RandomVariable.constant(200),
            100,
            false,
            true,
            false,
            true,
            false);
    Fileset reused = Fileset.build(readonly, Rand48.unseeded(), 1);
    assertThatThrownBy(() -> FilesetPopulator.standard(() -> false).populate(reused, work))
        .hasMessageContaining(
            "of readonly fileset fsbench-set: it has 100 bytes where 200 are wanted");
  }

  @Test
  void aDefinedFileIsWrittenTwoNamesDown() throws IOException {
    FilesetSpec file =
        FilesetSpec.file(
            "fsbench-file",
            "/tmp",
            RandomVariable.constant(3 * FilesetPopulator.BLOCK + 5),
            100,
            false,
            false,
            false,
            false,
            false);
    Fileset fileset = Fileset.build(file, Rand48.unseeded(), 1);
    FilesetPopulator.standard(() -> false).populate(fileset, work);
    assertThat(work.resolve("fsbench-file/00000001/00000001"))
        .hasSize(3L * FilesetPopulator.BLOCK + 5);
  }

  @Test
  void cancellationStopsPopulationAndLeavesNoFileOpen() throws IOException {
    for (boolean paralloc : new boolean[] {false, true}) {
      Fileset fileset = build(spec(400, 0, 100, paralloc, false, false));
      AtomicInteger checks = new AtomicInteger();
      long before = openDescriptors();
      FilesetPopulator populator = new FilesetPopulator(4, () -> checks.incrementAndGet() > 150);
      assertThatThrownBy(() -> populator.populate(fileset, work))
          .isInstanceOf(FsBenchException.class)
          .hasMessageContaining("fileset fsbench-set was cancelled");
      assertThat(openDescriptors()).isEqualTo(before);
      assertThat(filesOnDisk(fileset.root(work)).size()).isLessThan(400);
    }
  }

  @Test
  void aMissingWorkDirectoryIsNamed() {
    Fileset fileset = build(spec(5, 0, 100, false, false, false));
    Path missing = work.resolve("fsbench-missing");
    assertThatThrownBy(() -> FilesetPopulator.standard(() -> false).populate(fileset, missing))
        .hasMessageContaining(missing.toString())
        .hasMessageContaining("is missing");
  }
}
