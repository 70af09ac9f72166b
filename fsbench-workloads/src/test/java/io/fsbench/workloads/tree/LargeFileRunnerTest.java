package io.fsbench.workloads.tree;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.LargeFileSpec;
import io.fsbench.api.Size;
import io.fsbench.api.TreePhase;
import io.fsbench.api.TreePhaseResult;
import io.fsbench.api.TreeResult;
import io.fsbench.core.engine.DirectoryContext;
import io.fsbench.workloads.fsmark.RecordingSyncer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LargeFileRunnerTest {

  @TempDir Path dir;

  private final RecordingSyncer syncer = new RecordingSyncer();

  @Test
  void copiesCopiesAgainAndRemovesTheWholeFile() throws IOException {
    LargeFileSpec spec =
        LargeFileSpec.builder()
            .size(Size.bytes(3 * 1024 * 1024 + 17))
            .bufferSize(Size.kib(64))
            .build();

    TreeResult result = new LargeFileRunner(syncer, () -> {}).run(spec, new DirectoryContext(dir));

    assertThat(result.workload()).isEqualTo("largefile");
    assertThat(result.phases())
        .extracting(TreePhaseResult::phase)
        .containsExactly(TreePhase.COPY, TreePhase.RECOPY, TreePhase.REMOVE);
    assertThat(result.phase(TreePhase.COPY).orElseThrow().bytes()).isEqualTo(3 * 1024 * 1024 + 17);
    assertThat(result.phase(TreePhase.RECOPY).orElseThrow().bytes())
        .isEqualTo(3 * 1024 * 1024 + 17);
    assertThat(result.phase(TreePhase.REMOVE).orElseThrow().files()).isEqualTo(1);
    assertThat(result.phases()).allMatch(TreePhaseResult::syncIncluded);
    assertThat(result.metric("copy.bytes_per_sec")).isPresent();
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }
}
