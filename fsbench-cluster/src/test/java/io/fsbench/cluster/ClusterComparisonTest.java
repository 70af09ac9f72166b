package io.fsbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a cluster comparison refuses when it is built, before any agent is contacted. */
class ClusterComparisonTest {

  private static final Path DIR = Path.of("/mnt/shared/fsbench");

  private static ClusterComparison.Builder one() {
    return ClusterComparison.builder(3).directory(DIR).workload("randwrite", Map.of());
  }

  @Test
  void theRuntimeBecomesTheRuntimeOfATimeBasedBlockWorkload() {
    ClusterComparison spec = one().runtime(Duration.ofMillis(1500)).build();

    assertThat(spec.workloads().get(0).parameters()).containsEntry("runtime", "1500ms");
  }

  @Test
  void theRuntimeLeavesAWorkloadThatEndsWhenItsWorkIsDoneAsItIs() {
    ClusterComparison spec =
        ClusterComparison.builder(2)
            .directory(DIR)
            .workload("fsmark", Map.of("files", "10"))
            .runtime(Duration.ofSeconds(2))
            .build();

    assertThat(spec.workloads().get(0).parameters()).isEqualTo(Map.of("files", "10"));
  }

  @Test
  void aRuntimeOnABlockWorkloadThatEndsWithItsSizeIsRefused() {
    assertThatThrownBy(
            () ->
                ClusterComparison.builder(2)
                    .directory(DIR)
                    .workload("randwrite", Map.of("time_based", "0"))
                    .runtime(Duration.ofSeconds(2))
                    .build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("conflicts with workload randwrite");
  }

  @Test
  void anUnknownWorkloadIsRefusedListingTheKnownOnes() {
    assertThatThrownBy(
            () -> ClusterComparison.builder(2).directory(DIR).workload("nosuch", Map.of()).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("nosuch")
        .hasMessageContaining("fsmark");
  }

  @Test
  void aComparisonWithoutADirectoryIsRefused() {
    assertThatThrownBy(() -> ClusterComparison.builder(2).workload("fsmark", Map.of()).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--dir PATH");
  }

  @Test
  void aRelativeDirectoryIsRefusedNamingIt() {
    assertThatThrownBy(() -> ClusterComparison.builder(2).directory(Path.of("shared")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("directory (shared) must be absolute");
  }

  @Test
  void oneDirectoryGivenTwiceIsRefused() {
    assertThatThrownBy(() -> one().directory("again", DIR).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("is given twice");
  }

  @Test
  void oneLabelOnTwoDirectoriesIsRefused() {
    assertThatThrownBy(
            () ->
                ClusterComparison.builder(2)
                    .directory("nfs", DIR)
                    .directory("nfs", Path.of("/mnt/other"))
                    .workload("fsmark", Map.of())
                    .build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("label nfs names two directories");
  }

  @Test
  void aBaselineThatNamesNoLabelIsRefusedWhenEveryColumnIsLabelled() {
    assertThatThrownBy(
            () ->
                ClusterComparison.builder(2)
                    .directory("nfs", DIR)
                    .workload("fsmark", Map.of())
                    .baseline("ceph")
                    .build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("baseline (ceph)")
        .hasMessageContaining("[nfs]");
  }

  @Test
  void aWorkloadThatMakesFilesystemsIsRefusedNamingIt() {
    assertThatThrownBy(
            () ->
                ClusterComparison.builder(2)
                    .directory(DIR)
                    .workload("fs-lifecycle", Map.of())
                    .build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("workload fs-lifecycle times mkfs");
  }

  @Test
  void aStonewallOnAWorkloadThatRunsToItsEndIsRefusedNamingIt() {
    assertThatThrownBy(
            () ->
                ClusterComparison.builder(2)
                    .directory(DIR)
                    .workload("bonnie", Map.of())
                    .stonewall()
                    .build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("workload bonnie runs to its end");
  }

  @Test
  void aSharedDirectoryForABlockWorkloadIsRefusedNamingIt() {
    assertThatThrownBy(() -> one().sharedDirectory().build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("workload randwrite cannot share one directory");
  }

  @Test
  void aNeighbourStrideReachesEveryRunAndIsRefusedWhereAJobRefusesIt() {
    ClusterComparison shared =
        ClusterComparison.builder(3)
            .directory(DIR)
            .workload("fsmark", Map.of("files", "10"))
            .sharedDirectory()
            .neighbourStride(1)
            .build();

    ClusterJob job = shared.job(shared.workloads().get(0), shared.directories().get(0));
    assertThat(job.neighbourStride()).isEqualTo(1);
    assertThat(job.phaseBarriers()).isTrue();
    assertThatThrownBy(() -> one().sharedDirectory().neighbourStride(1).build())
        .isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(
            () ->
                ClusterComparison.builder(3)
                    .directory(DIR)
                    .workload("fsmark", Map.of())
                    .sharedDirectory()
                    .neighbourStride(3)
                    .build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("neighbour stride (3)");
    assertThatThrownBy(() -> ClusterComparison.builder(3).neighbourStride(0))
        .hasMessageContaining("neighbour stride (0)");
  }

  @Test
  void withoutPhaseBarriersTheWorkloadsWithPhasesRunWithoutThemAndOnlyBlockOnesAreRefused() {
    ClusterComparison mixed =
        ClusterComparison.builder(2)
            .directory(DIR)
            .workload("fsmark", Map.of())
            .workload("randwrite", Map.of())
            .noPhaseBarriers()
            .build();

    assertThat(mixed.job(mixed.workloads().get(0), mixed.directories().get(0)).phaseBarriers())
        .isFalse();
    assertThatThrownBy(() -> one().noPhaseBarriers().build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("every workload of the comparison [randwrite] has no such phases");
  }

  @Test
  void aDirectoryPerClientAndASharedOneTogetherAreRefused() {
    assertThatThrownBy(
            () ->
                ClusterComparison.builder(2)
                    .directory(DIR)
                    .workload("fsmark", Map.of())
                    .perClientDir()
                    .sharedDirectory()
                    .build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("choose one");
  }

  @Test
  void noClientsAreRefused() {
    assertThatThrownBy(
            () -> ClusterComparison.builder(0).directory(DIR).workload("fsmark", Map.of()).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("clients (0)");
  }

  @Test
  void theCellsRunsCarryTheDirectoryModeTheStonewallAndTheMembersDeadline() {
    ClusterComparison spec =
        ClusterComparison.builder(2)
            .directory(DIR)
            .workload("fsmark", Map.of())
            .sharedDirectory()
            .stonewall()
            .membersWithin(Duration.ofSeconds(7))
            .build();

    ClusterJob job = spec.job(spec.workloads().get(0), spec.directories().get(0));

    assertThat(job.sharedDir()).isTrue();
    assertThat(job.stonewalled()).isTrue();
    assertThat(job.membersWithin()).isEqualTo(Duration.ofSeconds(7));
    assertThat(job.clients()).isEqualTo(2);
    assertThat(spec.check(spec.directories().get(0)).sharedDir()).isFalse();
  }
}
