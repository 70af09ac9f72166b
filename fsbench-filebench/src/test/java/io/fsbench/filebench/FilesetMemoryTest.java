package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A ten-million-file fileset's model fits in a few bytes per file: no object per file. No file is
 * made.
 */
class FilesetMemoryTest {

  private static final int ENTRIES = 10_000_000;

  @Test
  void tenMillionFilesWithGammaSizesTakeAboutFiveBytesEach() {
    Rand48 drand48 = Rand48.unseeded();
    FilesetSpec spec =
        FilesetTestSpecs.fileset(
            ENTRIES, 0, 20, 1500, FilesetTestSpecs.gammaSizes(16384, drand48), 80);
    long before = usedAfterGc();
    Fileset fileset = Fileset.build(spec, drand48, 1);
    long after = usedAfterGc();

    assertThat(fileset.tree().fileCount()).isEqualTo(ENTRIES);
    double perFile = (double) fileset.retainedBytes() / ENTRIES;
    assertThat(perFile).isLessThan(6);
    // the heap agrees with the arrays' count, give or take the collector's accounting
    assertThat((double) (after - before) / ENTRIES).isLessThan(8);
    assertThat(fileset.tree().filePath(ENTRIES - 1)).matches("(\\d{8}/)+\\d{8}");
  }

  @Test
  void aConstantSizeTakesNoArrayAtAll() {
    FilesetSpec spec =
        FilesetTestSpecs.fileset(ENTRIES, 0, 20, 1500, RandomVariable.constant(4096), 100);
    Fileset fileset = Fileset.build(spec, Rand48.unseeded(), 1);
    assertThat((double) fileset.retainedBytes() / ENTRIES).isLessThan(1.5);
    assertThat(fileset.tree().totalBytes()).isEqualTo(4096L * ENTRIES);
  }

  private static long usedAfterGc() {
    Runtime runtime = Runtime.getRuntime();
    System.gc();
    System.gc();
    return runtime.totalMemory() - runtime.freeMemory();
  }
}
