package io.fsbench.workloads.fsmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FileLayoutTest {

  private static final Path ROOT = Path.of("/work/dir");

  @Test
  void namesAreFortyCharactersLikeFsMarksAndDifferPerFileAndGeneration() {
    FileLayout layout = new FileLayout(ROOT, 10_000, 0, 1, 42);
    Set<String> names = new HashSet<>();
    for (long g = 0; g < 10_000; g++) {
      String name = layout.name(g, 0);
      assertThat(name).hasSize(40).matches("[0-9a-f]{16}[0-9A-Z]{24}");
      names.add(name);
      names.add(layout.name(g, 1));
    }
    assertThat(names).hasSize(20_000);
  }

  @Test
  void theSameSeedGivesTheSameNamesAndAnotherSeedOthers() {
    assertThat(new FileLayout(ROOT, 10, 0, 1, 7).name(3, 0))
        .isEqualTo(new FileLayout(ROOT, 10, 0, 1, 7).name(3, 0))
        .isNotEqualTo(new FileLayout(ROOT, 10, 0, 1, 8).name(3, 0));
  }

  @Test
  void withoutSubdirectoriesEveryFileIsInTheRoot() {
    FileLayout layout = new FileLayout(ROOT, 1000, 0, 3, 42);

    assertThat(Path.of(layout.file(999, 0)).getParent()).isEqualTo(ROOT);
  }

  @Test
  void spreadsFilesOverLeavesAtTheRequestedDepth() {
    // 1,000,000 files, 100 per directory: 10,000 leaves, fanout 100 at depth 2.
    FileLayout layout = new FileLayout(ROOT, 1_000_000, 100, 2, 42);

    assertThat(layout.fanout()).isEqualTo(100);
    assertThat(layout.file(0, 0)).startsWith("/work/dir/00/00/");
    assertThat(layout.file(99, 0)).startsWith("/work/dir/00/00/");
    assertThat(layout.file(100, 0)).startsWith("/work/dir/00/01/");
    assertThat(layout.file(999_999, 0)).startsWith("/work/dir/63/63/");
    assertThat(ROOT.relativize(Path.of(layout.file(123_456, 0))).getNameCount()).isEqualTo(3);
  }

  @Test
  void fanoutIsTheSmallestThatHoldsEveryLeaf() {
    assertThat(FileLayout.fanoutFor(1, 3)).isEqualTo(1);
    assertThat(FileLayout.fanoutFor(8, 3)).isEqualTo(2);
    assertThat(FileLayout.fanoutFor(9, 3)).isEqualTo(3);
    assertThat(FileLayout.fanoutFor(10_001, 2)).isEqualTo(101);
  }

  @Test
  void leavesShareParentsExactlyWhenTheirPrefixesMatch() {
    FileLayout layout = new FileLayout(ROOT, 10_000, 10, 2, 42); // 1000 leaves, fanout 32

    assertThat(layout.samePrefix(0, 31, 1)).isTrue();
    assertThat(layout.samePrefix(0, 32, 1)).isFalse();
    assertThat(layout.samePrefix(5, 5, 2)).isTrue();
    assertThat(layout.samePrefix(5, 6, 2)).isFalse();
  }

  @Test
  void aSharedLayoutStartsEveryNameWithTheClientsPrefixAndKeepsTheRest() {
    FileLayout own = new FileLayout(ROOT, 100, 0, 1, 42);
    FileLayout shared = new FileLayout(ROOT, 100, 0, 1, 42, "7.");

    assertThat(shared.name(5, 0)).isEqualTo("7." + own.name(5, 0));
    assertThat(shared.file(5, 1)).isEqualTo(ROOT + "/7." + own.name(5, 1));
  }
}
