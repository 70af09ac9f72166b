package io.fsbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TreeSpecTest {

  @Test
  void aSinglePhaseNamesTheWorkload() {
    TreeSpec spec = TreeSpec.fromParams("tree-extract", Map.of("archive", "/usr/src/linux.tar.xz"));

    assertThat(spec.name()).isEqualTo("tree-extract");
    assertThat(spec.archive()).isEqualTo(Path.of("/usr/src/linux.tar.xz"));
    assertThat(spec.orderedPhases()).containsExactly(TreePhase.EXTRACT);
  }

  @Test
  void theWholeTreeWorkloadRunsEveryPhaseInOrder() {
    TreeSpec spec = TreeSpec.fromParams("tree", Map.of());

    assertThat(spec.name()).isEqualTo("tree");
    assertThat(spec.generated()).isTrue();
    assertThat(spec.includeSync()).isTrue();
    assertThat(spec.orderedPhases()).containsExactly(TreePhase.values());
  }

  @Test
  void phasesRunInTheirOwnOrderWhateverOrderTheyAreGiven() {
    TreeSpec spec = TreeSpec.fromParams(Map.of("phases", "remove,extract"));

    assertThat(spec.orderedPhases()).containsExactly(TreePhase.EXTRACT, TreePhase.REMOVE);
  }

  @Test
  void refusesUnknownParametersAndPhases() {
    assertThatThrownBy(() -> TreeSpec.fromParams(Map.of("tarball", "x")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("tarball")
        .hasMessageContaining("known parameters: archive");
    assertThatThrownBy(() -> TreeSpec.fromParams("tree-untar", Map.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("untar");
    assertThatThrownBy(() -> TreeSpec.fromParams("tree-walk", Map.of("phases", "copy")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("drop phases=");
  }

  @Test
  void largeFileAcceptsOnlyItsPhases() {
    assertThat(LargeFileSpec.fromParams(Map.of("size", "8m")).size()).isEqualTo(Size.mib(8));
    assertThatThrownBy(() -> LargeFileSpec.fromParams(Map.of("phases", "walk")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("copy, recopy, remove");
  }

  @Test
  void phaseMetricsSayTheirUnitsAndOmitBytesWhenNoDataMoved() {
    TreePhaseResult extract =
        new TreePhaseResult(TreePhase.EXTRACT, 90, 10, 2_000_000, Duration.ofSeconds(2), true);
    TreePhaseResult remove =
        new TreePhaseResult(TreePhase.REMOVE, 90, 10, 0, Duration.ofSeconds(1), true);
    TreeResult result = new TreeResult(TreeSpec.builder().build(), false, List.of(extract, remove));

    assertThat(result.metric("extract.files_per_sec").orElseThrow().value()).isEqualTo(50.0);
    assertThat(result.metric("extract.bytes_per_sec").orElseThrow().value()).isEqualTo(1e6);
    assertThat(result.metric("remove.bytes_per_sec")).isEmpty();
    assertThat(result.headline().name()).isEqualTo("extract.seconds");
  }
}
