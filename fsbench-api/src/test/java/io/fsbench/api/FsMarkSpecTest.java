package io.fsbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class FsMarkSpecTest {

  @Test
  void defaultsAreFsMarks() {
    FsMarkSpec spec = FsMarkSpec.builder().build();

    assertThat(spec.name()).isEqualTo("fsmark");
    assertThat(spec.files()).isEqualTo(1000);
    assertThat(spec.fileSize()).isEqualTo(Size.bytes(51_200));
    assertThat(spec.writeChunk()).isEqualTo(Size.kib(16));
    assertThat(spec.sync()).isEqualTo(FsMarkSyncPolicy.FSYNC_BEFORE_CLOSE);
    assertThat(spec.threads()).isEqualTo(1);
    assertThat(spec.filesPerDir()).isZero();
    assertThat(spec.phases()).containsExactly(MetadataOperation.CREATE, MetadataOperation.DELETE);
    assertThat(spec.syncfs()).isFalse();
  }

  @Test
  void readsTheCommandLineParameters() {
    FsMarkSpec spec =
        FsMarkSpec.fromParams(
            Map.of(
                "files", "100000",
                "size", "0",
                "sync", "0",
                "threads", "4",
                "files_per_dir", "1000",
                "depth", "2",
                "operations", "create,stat,read,rename,delete",
                "write_chunk", "4k"));

    assertThat(spec.files()).isEqualTo(100_000);
    assertThat(spec.totalFiles()).isEqualTo(400_000);
    assertThat(spec.fileSize()).isEqualTo(Size.ZERO);
    assertThat(spec.sync()).isEqualTo(FsMarkSyncPolicy.NONE);
    assertThat(spec.writeChunk()).isEqualTo(Size.kib(4));
    assertThat(spec.phases()).containsExactly(MetadataOperation.values());
  }

  @Test
  void keepFilesDropsTheDeletePhase() {
    FsMarkSpec spec = FsMarkSpec.fromParams(Map.of("keep_files", "true"));

    assertThat(spec.keepFiles()).isTrue();
    assertThat(spec.phases()).containsExactly(MetadataOperation.CREATE);
  }

  @Test
  void refusesUnknownParametersNamingThemAndTheKnownOnes() {
    assertThatThrownBy(() -> FsMarkSpec.fromParams(Map.of("file", "10", "sink", "1")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("file, sink")
        .hasMessageContaining("known parameters: files, size, write_chunk");
  }

  @Test
  void refusesSyncMethodsFsMarkDoesNotHave() {
    assertThatThrownBy(() -> FsMarkSpec.fromParams(Map.of("sync", "7")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("(7) must be 0 to 6");
  }

  @Test
  void refusesPhasesWithoutCreate() {
    assertThatThrownBy(() -> FsMarkSpec.builder().operations(MetadataOperation.STAT).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("must include create");
  }

  @Test
  void refusesWriteChunksAboveFsMarksMaximum() {
    assertThatThrownBy(() -> FsMarkSpec.builder().writeChunk(Size.mib(2)).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("write_chunk (2m)");
  }

  @Test
  void syncPoliciesCarryFsMarksBits() {
    assertThat(FsMarkSyncPolicy.of(2).systemSync()).isTrue();
    assertThat(FsMarkSyncPolicy.of(2).fsyncFirstFile()).isTrue();
    assertThat(FsMarkSyncPolicy.of(4).postReverse()).isTrue();
    assertThat(FsMarkSyncPolicy.of(4).systemSync()).isTrue();
    assertThat(FsMarkSyncPolicy.of(5).postInOrder()).isTrue();
    assertThat(FsMarkSyncPolicy.of(5).systemSync()).isFalse();
    assertThat(FsMarkSyncPolicy.of(1).fsyncBeforeClose()).isTrue();
  }
}
