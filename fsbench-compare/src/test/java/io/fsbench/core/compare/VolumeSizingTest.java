package io.fsbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.fsbench.api.FileSystemLifecycle;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.LargeFileSpec;
import io.fsbench.api.NamedWorkload;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.TreeSpec;
import io.fsbench.api.Tuning;
import io.fsbench.api.Workload;
import io.fsbench.core.engine.WorkloadRunners;
import io.fsbench.core.plugin.WorkloadFamilies;
import io.fsbench.spi.FileSystemPlugin;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class VolumeSizingTest {

  private static final WorkloadRunners FAMILIES = WorkloadFamilies.standard();

  private static final Workload MILLION_EMPTY_FILES =
      new NamedWorkload(
          "files-1m",
          TreeSpec.builder()
              .generatedFiles(1_000_000)
              .medianFileSize(Size.bytes(0))
              .filesPerDir(1000)
              .build());

  /** A filesystem with an inode per 16 KiB of device, fixed at mkfs, as ext4. */
  private static FileSystemPlugin fixedInodes() {
    FileSystemPlugin plugin = mock(FileSystemPlugin.class);
    when(plugin.id()).thenReturn("ext4");
    when(plugin.fileLimit(any(), any()))
        .thenAnswer(a -> OptionalLong.of(a.<Size>getArgument(0).bytes() / 16384));
    return plugin;
  }

  /** A filesystem that allocates inodes as needed, as XFS, Btrfs and ZFS. */
  private static FileSystemPlugin dynamicInodes() {
    FileSystemPlugin plugin = mock(FileSystemPlugin.class);
    when(plugin.id()).thenReturn("xfs");
    when(plugin.fileLimit(any(), any())).thenReturn(OptionalLong.empty());
    return plugin;
  }

  private static Map<FileSystemPlugin, List<Tuning>> only(FileSystemPlugin plugin) {
    return Map.of(plugin, List.of(Tuning.defaults()));
  }

  @Test
  void keepsTheDefaultSizeForSmallWorkloads() {
    Size size =
        VolumeSizing.automatic(List.of(FileSystemLifecycle.DEFAULT), FAMILIES, only(fixedInodes()));

    assertThat(size).isEqualTo(Target.DEFAULT_LOOP_SIZE);
  }

  @Test
  void makesRoomForALargeFileAndItsCopy() {
    Workload fourGib = LargeFileSpec.builder().size(Size.gib(4)).build();

    Size size = VolumeSizing.automatic(List.of(fourGib), FAMILIES, only(dynamicInodes()));

    assertThat(size.bytes()).isGreaterThanOrEqualTo(Size.gib(10).bytes());
    assertThat(size.bytes()).isLessThanOrEqualTo(Size.gib(12).bytes());
    assertThat(size.bytes() % Size.gib(1).bytes()).isZero();
  }

  @Test
  void growsTheImageUntilAFixedInodeCountHoldsEveryFile() {
    Size size = VolumeSizing.automatic(List.of(MILLION_EMPTY_FILES), FAMILIES, only(fixedInodes()));

    long inodes = size.bytes() / 16384;
    assertThat(inodes)
        .as("inodes for two million files and their directories")
        .isGreaterThan(2_002_000);
    assertThat(size.bytes()).isLessThan(Size.gib(40).bytes());
  }

  @Test
  void needsNoMoreThanTheDataWhereInodesAreAllocatedAsNeeded() {
    Size size =
        VolumeSizing.automatic(List.of(MILLION_EMPTY_FILES), FAMILIES, only(dynamicInodes()));

    assertThat(size.bytes()).isLessThan(Size.gib(16).bytes());
  }

  @Test
  void refusesAGivenSizeWithTooFewInodesBeforeAnythingRuns() {
    assertThatThrownBy(
            () ->
                VolumeSizing.check(
                    Size.gib(12), List.of(MILLION_EMPTY_FILES), FAMILIES, only(fixedInodes())))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("image size (12g)")
        .hasMessageContaining("ext4 room for 786432 files")
        .hasMessageContaining("--image-size");
  }

  @Test
  void refusesAGivenSizeTooSmallForTheData() {
    Workload fourGib = LargeFileSpec.builder().size(Size.gib(4)).build();

    assertThatThrownBy(
            () ->
                VolumeSizing.check(Size.gib(4), List.of(fourGib), FAMILIES, only(dynamicInodes())))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("8g of data");
  }

  @Test
  void acceptsAGivenSizeThatFits() {
    VolumeSizing.check(Size.gib(40), List.of(MILLION_EMPTY_FILES), FAMILIES, only(fixedInodes()));
  }
}
