package io.fsbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClusterJobPhasesTest {

  private static final Path DIR = Path.of("/mnt/shared/md");

  private static ClusterJob fsmark(int clients) {
    return ClusterJob.workload("fsmark", Map.of("files", "100"), DIR, clients);
  }

  @Test
  void phaseBarriersAreOnByDefaultAsInMdtest() {
    assertThat(fsmark(3).phaseBarriers()).isTrue();
    assertThat(fsmark(3).noPhaseBarriers().phaseBarriers()).isFalse();
    assertThat(fsmark(3).neighbourStride()).isZero();
  }

  @Test
  void turningBarriersOffForABlockJobIsRefusedAsDoingNothing() {
    assertThatThrownBy(
            () -> ClusterJob.fio(List.of("rw=write", "size=1m"), DIR, 2).noPhaseBarriers())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("a block job of fio options has no such phases")
        .hasMessageContaining("drop --no-phase-barrier");
  }

  @Test
  void aNeighbourStrideOfASharedDirectoryRunIsKept() {
    ClusterJob job = fsmark(4).sharedDirectory().neighbourStride(3);

    assertThat(job.neighbourStride()).isEqualTo(3);
  }

  @Test
  void aStrideOfZeroIsRefusedRatherThanTakenAsOff() {
    assertThatThrownBy(() -> fsmark(3).perClientDir().neighbourStride(0))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("neighbour stride (0) must be from 1 to 2")
        .hasMessageContaining("its own");
  }

  @Test
  void aStrideOfAsManyAsTheClientsIsRefusedNamingIt() {
    assertThatThrownBy(() -> fsmark(3).perClientDir().neighbourStride(3))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("neighbour stride (3) must be from 1 to 2 with 3 clients");
  }

  @Test
  void aStrideWithOneClientIsRefused() {
    assertThatThrownBy(() -> fsmark(1).perClientDir().neighbourStride(1))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("neighbour stride (1)")
        .hasMessageContaining("--clients 2");
  }

  @Test
  void aStrideForPostmarkIsRefusedNamingTheWorkload() {
    assertThatThrownBy(
            () ->
                ClusterJob.workload("postmark", Map.of(), DIR, 2).perClientDir().neighbourStride(1))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--neighbour-stride 1")
        .hasMessageContaining("workload postmark");
  }

  @Test
  void aStrideForATreeIsKept() {
    assertThat(
            ClusterJob.workload("tree", Map.of("files", "10"), DIR, 2)
                .sharedDirectory()
                .neighbourStride(1)
                .neighbourStride())
        .isEqualTo(1);
  }

  @Test
  void aStrideForFsMarkInSubdirectoriesIsRefusedNamingFilesPerDir() {
    assertThatThrownBy(
            () ->
                ClusterJob.workload("fsmark", Map.of("files", "100", "files_per_dir", "10"), DIR, 2)
                    .perClientDir()
                    .neighbourStride(1))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("files_per_dir (10)");
  }

  @Test
  void aStrideWithoutBarriersIsRefused() {
    assertThatThrownBy(() -> fsmark(2).perClientDir().neighbourStride(1).noPhaseBarriers())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("needs the phase barriers");
  }

  @Test
  void aStrideWithoutASharedOrPerClientDirectoryIsRefused() {
    assertThatThrownBy(() -> fsmark(2).neighbourStride(1))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--shared-dir")
        .hasMessageContaining("--per-client-dir");
  }
}
