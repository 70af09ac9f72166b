package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;

import io.fsbench.api.CacheState;
import io.fsbench.api.Comparison;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.Target;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A comparison on a directory target: what it can run, it runs; what it cannot, it says. */
class CompareOnDirectoryTest {

  @TempDir Path temp;

  private final Host host = mock(Host.class);
  private FsBench fsbench;
  private Path target;

  @BeforeEach
  void setUp() throws IOException {
    fsbench = NonRootFixture.fsbench(host, temp);
    target = Files.createDirectory(temp.resolve("fsbench-target"));
  }

  @Test
  void leavesOutTheLifecycleWorkloadWithAWarningAndRunsTheRest() throws IOException {
    Comparison comparison =
        fsbench
            .compare()
            .target(Target.directory(target))
            .cache(CacheState.WARM)
            .repeat(1)
            .workloads(
                Workloads.named("fs-lifecycle", Map.of()),
                PostMarkSpec.builder().files(20).transactions(50).build())
            .run();

    assertThat(comparison.workloads()).containsExactly("postmark");
    assertThat(comparison.cellsOf("postmark")).hasSize(1);
    assertThat(comparison.cellsOf("postmark").get(0).failure()).isEmpty();
    assertThat(comparison.warnings())
        .anySatisfy(w -> assertThat(w).startsWith("fs-lifecycle was left out").contains("--fs"));
    try (Stream<Path> left = Files.list(target)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void refusesAComparisonOfNothingButTheLifecycleBeforeAnythingRuns() throws IOException {
    assertThatThrownBy(
            () ->
                fsbench
                    .compare()
                    .target(Target.directory(target))
                    .cache(CacheState.WARM)
                    .workloads(Workloads.named("fs-lifecycle", Map.of()))
                    .run())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(target.toString())
        .hasMessageContaining("fs-lifecycle")
        .hasMessageContaining("--fs");
    try (Stream<Path> left = Files.list(target)) {
      assertThat(left).isEmpty();
    }
  }
}
