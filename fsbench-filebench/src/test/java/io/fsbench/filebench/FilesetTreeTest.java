package io.fsbench.filebench;

import static io.fsbench.filebench.FilesetTestSpecs.fileset;
import static io.fsbench.filebench.FilesetTestSpecs.gammaSizes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The tree's shape against filebench's formulas ({@code fileset.c: fileset_populate_subdir}). */
class FilesetTreeTest {

  private static FilesetTree tree(FilesetSpec spec, UniformSource drand48) {
    return FilesetTree.build(spec, drand48);
  }

  @Test
  void meanDepthIsTheLogOfEntriesInTheBaseOfDirwidth() {
    FilesetTree tree = tree(fileset(10_000, 20, 80), Rand48.unseeded());
    assertThat(tree.meanDepth()).isEqualTo(Math.log(10_000) / Math.log(20));
    assertThat(tree.fileCount()).isEqualTo(10_000);
  }

  @Test
  void fileserversTreeFromTheUnseededDrand48StartsAsFilebenchsDoes() {
    // filebench's first draws (see RandomVariableTest): the root 1.02 deep, 9.15 wide; its first
    // subdirectory 7.42 deep (level 2 < 7: not a leaf), 12.29 wide; below that 0.39 deep (a leaf)
    // and 9.70 wide, so 10 files; then 1.20 deep and 32.31 wide, so 33 files
    FilesetTree tree = tree(fileset(10_000, 20, 80), Rand48.unseeded());
    assertThat(tree.filePath(0)).isEqualTo("00000001/00000001/00000001");
    assertThat(tree.filePath(9)).isEqualTo("00000001/00000001/00000010");
    assertThat(tree.filePath(10)).isEqualTo("00000001/00000002/00000001");
    assertThat(tree.filePath(42)).isEqualTo("00000001/00000002/00000033");
    assertThat(tree.fileDirectory(43)).isNotEqualTo(tree.fileDirectory(42));
  }

  @Test
  void withoutDirgammaEveryDirectoryIsDirwidthWideAndMeanDepthDeep() {
    FilesetSpec spec = fileset(100, 0, 10, 0, RandomVariable.constant(1024), 100);
    FilesetTree tree = tree(spec, Rand48.unseeded());
    assertThat(tree.directoryCount()).isEqualTo(11);
    assertThat(tree.filePath(0)).isEqualTo("00000001/00000001");
    assertThat(tree.filePath(9)).isEqualTo("00000001/00000010");
    assertThat(tree.filePath(10)).isEqualTo("00000002/00000001");
    assertThat(tree.filePath(99)).isEqualTo("00000010/00000010");
  }

  @Test
  void meanDepthIsTruncatedAsFilebenchTruncatesIt() {
    // ln(1000)/ln(10) is 2.9999999999999996 in doubles, so (int) gives 2: one level of directories
    FilesetSpec spec = fileset(1000, 0, 10, 0, RandomVariable.constant(1024), 100);
    FilesetTree tree = tree(spec, Rand48.unseeded());
    assertThat(tree.meanDepth()).isLessThan(3);
    assertThat(tree.directoryCount()).isEqualTo(101);
    assertThat(tree.filePath(999)).isEqualTo("00000100/00000010");
  }

  @Test
  void aDefinedFileLivesTwoNamesBelowItsFilesetDirectory() {
    FilesetSpec file =
        FilesetSpec.file(
            "fsbench-file",
            "/tmp",
            RandomVariable.constant(4096),
            100,
            false,
            false,
            false,
            false,
            false);
    FilesetTree tree = tree(file, Rand48.unseeded());
    assertThat(tree.fileCount()).isEqualTo(1);
    assertThat(tree.directoryCount()).isEqualTo(2);
    assertThat(tree.filePath(0)).isEqualTo("00000001/00000001");
    assertThat(tree.size(0)).isEqualTo(4096);
  }

  @Test
  void dirwidthOfAMillionPutsAllFilesInOneDirectory() {
    for (int seed = 0; seed < 20; seed++) {
      Rand48 drand48 = seed == 0 ? Rand48.unseeded() : Rand48.srand48(seed);
      FilesetSpec varmail = fileset(1000, 0, 1_000_000, 1500, gammaSizes(16384, drand48), 80);
      FilesetTree tree = tree(varmail, drand48);
      for (int f = 0; f < tree.fileCount(); f++) {
        assertThat(tree.fileDirectory(f)).as("seed %d file %d", seed, f).isEqualTo(1);
      }
      assertThat(tree.filePath(999)).isEqualTo("00000001/00001000");
    }
  }

  @Test
  void leafDirectoriesHoldAsManyFilesAsTheCeilingOfAGammaOfMeanDirwidth() {
    FilesetTree tree = tree(fileset(200_000, 20, 100), Rand48.srand48(11));
    int[] perDirectory = new int[tree.directoryCount()];
    for (int f = 0; f < tree.fileCount(); f++) {
      perDirectory[tree.fileDirectory(f)]++;
    }
    int last = tree.fileDirectory(tree.fileCount() - 1);
    long sum = 0;
    int full = 0;
    for (int d = 0; d < perDirectory.length; d++) {
      if (perDirectory[d] > 0 && d != last) {
        sum += perDirectory[d];
        full++;
      }
    }
    // a directory of drawn width w takes ceil(w) files: mean 20 + 1/2, variance 1.5 (20/1.5)^2
    double sd = Math.sqrt(1.5 * Math.pow(20 / 1.5, 2) + 1.0 / 12);
    assertThat((double) sum / full).isCloseTo(20.5, within(5 * sd / Math.sqrt(full)));
  }

  @Test
  void aDirectoryIsALeafWhenItsDrawnDepthIsBelowItsLevelPlusOne() {
    FilesetTree tree = tree(fileset(200_000, 20, 100), Rand48.srand48(12));
    boolean[] holdsFiles = new boolean[tree.directoryCount()];
    for (int f = 0; f < tree.fileCount(); f++) {
      holdsFiles[tree.fileDirectory(f)] = true;
    }
    // filebench's root is level 1 and never a leaf; a directory at level L is a leaf when (int)
    // of its gamma depth is at most L, that is when the depth drawn is below L + 1
    double scale = tree.meanDepth() / 1.5;
    double expected = 0;
    double variance = 0;
    int leaves = 0;
    for (int d = 1; d < tree.directoryCount(); d++) {
      int level = tree.level(d) + 1;
      double p = gammaThreeHalvesCdf((level + 1) / scale);
      expected += p;
      variance += p * (1 - p);
      leaves += holdsFiles[d] ? 1 : 0;
    }
    assertThat(tree.directoryCount()).isGreaterThan(5000);
    assertThat((double) leaves).isCloseTo(expected, within(5 * Math.sqrt(variance)));
  }

  /** P(Gamma(shape 3/2, scale 1) < y) = erf(sqrt y) - 2 sqrt(y/pi) e^-y. */
  private static double gammaThreeHalvesCdf(double y) {
    return erf(Math.sqrt(y)) - 2 * Math.sqrt(y / Math.PI) * Math.exp(-y);
  }

  /** Abramowitz and Stegun 7.1.26, within 1.5e-7. */
  private static double erf(double x) {
    double t = 1 / (1 + 0.3275911 * x);
    double poly =
        t
            * (0.254829592
                + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    return 1 - poly * Math.exp(-x * x);
  }

  @Test
  void eachFileDrawsItsSizeOnceFromTheSizeVariable() {
    Rand48 drand48 = Rand48.srand48(4);
    FilesetTree tree =
        tree(fileset(100_000, 0, 20, 1500, gammaSizes(131072, drand48), 80), drand48);
    double sum = 0;
    for (int f = 0; f < tree.fileCount(); f++) {
      sum += tree.size(f);
      assertThat(tree.size(f)).isEqualTo(tree.size(f));
    }
    double sd = 131072 / Math.sqrt(1.5);
    assertThat(sum / tree.fileCount()).isCloseTo(131072, within(5 * sd / Math.sqrt(100_000)));
    assertThat(tree.totalBytes()).isEqualTo((long) sum);
  }

  @Test
  void theSameDrand48GivesTheSameTree() {
    Rand48 a = Rand48.srand48(5);
    Rand48 b = Rand48.srand48(5);
    FilesetTree one = tree(fileset(5000, 0, 20, 1500, gammaSizes(16384, a), 80), a);
    FilesetTree two = tree(fileset(5000, 0, 20, 1500, gammaSizes(16384, b), 80), b);
    assertThat(one.directoryCount()).isEqualTo(two.directoryCount());
    for (int f = 0; f < 5000; f++) {
      assertThat(one.filePath(f)).isEqualTo(two.filePath(f));
      assertThat(one.size(f)).isEqualTo(two.size(f));
    }
  }

  @Test
  void aWidthWhoseMeanIsBelowTwoIsRefused() {
    Randvar narrow =
        Randvar.define("w", Randvar.Type.UNIFORM, 0, 0, 1500, 1L, List.of(), Rand48.unseeded());
    assertThatThrownBy(() -> withWidth(narrow))
        .hasMessageContaining("dirwidth (randvar $w (uniform)) has a mean of 1");
    // a cvar width is read once, when the tree is built
    Cvar below =
        Cvar.define(
            "c",
            "cvar-uniform",
            "lower:0;upper:1",
            null,
            null,
            null,
            UniformSource.seeded(1),
            Rand48.unseeded());
    FilesetSpec spec = withWidth(below);
    assertThatThrownBy(() -> tree(spec, Rand48.unseeded()))
        .hasMessageContaining("dirwidth (cvar $c (cvar-uniform)) has a mean of 0");
  }

  private static FilesetSpec withWidth(RandomVariable width) {
    return new FilesetSpec(
        "fsbench-narrow",
        "/tmp",
        false,
        100,
        0,
        width,
        Optional.empty(),
        1500,
        RandomVariable.constant(1),
        0,
        false,
        false,
        false,
        false,
        false);
  }

  @Test
  void leafDirectoriesAreLaidOutLikeFiles() {
    FilesetTree tree =
        tree(fileset(0, 1000, 20, 1500, RandomVariable.constant(0), 50), Rand48.unseeded());
    assertThat(tree.fileCount()).isZero();
    assertThat(tree.leafDirCount()).isEqualTo(1000);
    Set<String> paths = new HashSet<>();
    for (int l = 0; l < 1000; l++) {
      paths.add(tree.leafDirPath(l));
      assertThat(tree.level(tree.leafDirDirectory(l))).isGreaterThanOrEqualTo(1);
    }
    assertThat(paths).hasSize(1000);
  }
}
