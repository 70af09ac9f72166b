package io.fsbench.ext4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.tck.Fixtures;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Parses dumpe2fs -h and tune2fs -l output captured from e2fsprogs 1.47.0 on loop devices. */
class SuperblockTest {

  @Test
  void readsFeaturesSizesAndJournalOfADefaultExt4() {
    Map<String, String> properties =
        Superblock.properties(Fixtures.text(SuperblockTest.class, "dumpe2fs-h-default.txt"));
    assertThat(Superblock.features(properties))
        .contains("has_journal", "extent", "64bit", "flex_bg", "metadata_csum");
    assertThat(properties)
        .containsEntry("block_size", "4096")
        .containsEntry("inode_size", "256")
        .containsEntry("journal_size", "16M")
        .containsEntry("checksum_type", "crc32c")
        .containsEntry("flex_bg_size", "16");
    assertThat(Superblock.defaultMountOptions(properties)).containsExactly("user_xattr", "acl");
  }

  @Test
  void readsAFilesystemWithoutJournal() {
    Map<String, String> properties =
        Superblock.properties(Fixtures.text(SuperblockTest.class, "dumpe2fs-h-no-journal.txt"));
    assertThat(Superblock.features(properties)).doesNotContain("has_journal").contains("extent");
    assertThat(properties).doesNotContainKey("journal_size");
  }

  @Test
  void readsSmallBlocksAndInodes() {
    Map<String, String> properties =
        Superblock.properties(
            Fixtures.text(SuperblockTest.class, "dumpe2fs-h-1k-blocks-128-inodes.txt"));
    assertThat(properties).containsEntry("block_size", "1024").containsEntry("inode_size", "128");
  }

  @Test
  void readsTune2fsListingsToo() {
    Map<String, String> properties =
        Superblock.properties(Fixtures.text(SuperblockTest.class, "tune2fs-l-default.txt"));
    assertThat(Superblock.features(properties)).contains("has_journal");
    assertThat(properties).containsEntry("block_size", "4096");
  }

  @Test
  void failsLoudlyOnOutputThatIsNoSuperblock() {
    assertThatThrownBy(() -> Superblock.properties("dumpe2fs: Bad magic number in super-block"))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("Bad magic number");
  }
}
