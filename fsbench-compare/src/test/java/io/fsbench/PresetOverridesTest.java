package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;

import io.fsbench.api.CacheState;
import io.fsbench.api.Comparison;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Target;
import io.fsbench.api.Workload;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Presets and the settings that adjust them: a name, a parameter or a comparison's runtime each
 * says what it says, and where one replaces a preset's default the result says so.
 */
class PresetOverridesTest {

  @TempDir Path temp;

  private static JobSpec job(Workload w) {
    return (JobSpec) w;
  }

  @Test
  void aBlockSizeInTheNameIsTheBlockSizeThatRuns() {
    JobSpec spec = job(Workloads.named("seqread-1m", Map.of()));
    assertThat(spec.readBlockSize().toString()).isEqualTo("1m");
    assertThat(spec.name()).isEqualTo("seqread-1m");
  }

  @Test
  void refusesABlockSizeSuffixOnAWorkloadThatIsNoBlockPreset() {
    assertThatThrownBy(() -> Workloads.named("postmark-4k", Map.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'postmark-4k'");
  }

  @Test
  void aSizeBoundedPresetRunIsNotCutShortByThePresetsEightSeconds() {
    JobSpec spec = job(Workloads.named("seqwrite", Map.of("time_based", "0", "size", "512m")));
    assertThat(spec.timeBased()).isFalse();
    assertThat(spec.runtime()).isEqualTo(Duration.ZERO);
    JobSpec capped = job(Workloads.named("seqwrite", Map.of("time_based", "0", "runtime", "3s")));
    assertThat(capped.runtime()).isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void namesTheParametersThatDifferFromThePreset() {
    assertThat(Workloads.differencesFromPreset(Workloads.named("files-1m", Map.of()))).isEmpty();
    assertThat(
            Workloads.differencesFromPreset(Workloads.named("files-1m", Map.of("files", "250000"))))
        .anySatisfy(d -> assertThat(d).startsWith("generatedFiles=250000").contains("1000000"));
    assertThat(
            Workloads.differencesFromPreset(Workloads.named("randread", Map.of("iodepth", "32"))))
        .anySatisfy(d -> assertThat(d).contains("iodepth=32"));
  }

  @Test
  void aComparisonRuntimeRefusesASizeBoundedJobRatherThanCappingIt() throws IOException {
    FsBench fsbench = NonRootFixture.fsbench(mock(Host.class), temp);
    Path dir = Files.createDirectory(temp.resolve("target"));
    assertThatThrownBy(
            () ->
                fsbench
                    .compare()
                    .target(Target.directory(dir))
                    .runtime(Duration.ofSeconds(2))
                    .workloads(Workloads.named("seqwrite", Map.of("time_based", "0")))
                    .run())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("runtime (2 s)")
        .hasMessageContaining("seqwrite-128k")
        .hasMessageContaining("time_based off");
  }

  @Test
  void refusesTwoWaysOfSayingHowOftenCellsRun() {
    FsBench fsbench = NonRootFixture.fsbench(mock(Host.class), temp);
    assertThatThrownBy(() -> fsbench.compare().repeat(3).repeatUntilPrecise(2, 3, 10))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("repeat(3)");
  }

  @Test
  void theReportSaysWhereAPresetsDefaultWasReplaced() throws IOException {
    FsBench fsbench = NonRootFixture.fsbench(mock(Host.class), temp);
    Path dir = Files.createDirectory(temp.resolve("target"));
    Comparison comparison =
        fsbench
            .compare()
            .target(Target.directory(dir))
            .cache(CacheState.WARM)
            .repeat(1)
            .workloads(Workloads.named("postmark", Map.of("number", "20", "transactions", "40")))
            .run();
    assertThat(comparison.warnings())
        .anySatisfy(
            w -> assertThat(w).startsWith("postmark differs from its preset").contains("files=20"));
  }
}
