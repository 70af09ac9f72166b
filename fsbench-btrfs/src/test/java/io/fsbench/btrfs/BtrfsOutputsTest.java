package io.fsbench.btrfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.tck.Fixtures;
import org.junit.jupiter.api.Test;

/** Parses output captured from btrfs-progs 6.2 on Linux 6.18. */
class BtrfsOutputsTest {

  private static String fixture(String name) {
    return Fixtures.text(BtrfsOutputsTest.class, name);
  }

  @Test
  void readsProfilesFromFilesystemDf() {
    assertThat(BtrfsOutputs.profiles(fixture("filesystem-df-bytes-dup-single.txt")))
        .containsEntry("data_profile", "dup")
        .containsEntry("metadata_profile", "single")
        .containsEntry("system_profile", "single")
        .doesNotContainKey("mixed_block_groups");
    assertThat(BtrfsOutputs.profiles(fixture("filesystem-df-default.txt")))
        .containsEntry("data_profile", "single")
        .containsEntry("metadata_profile", "dup");
  }

  @Test
  void readsHumanReadableDfOutputToo() {
    assertThat(BtrfsOutputs.profiles(fixture("filesystem-df-dup-single.txt")))
        .containsEntry("data_profile", "dup")
        .containsEntry("metadata_profile", "single");
  }

  @Test
  void readsMixedBlockGroupsAsOneProfileForDataAndMetadata() {
    assertThat(BtrfsOutputs.profiles(fixture("filesystem-df-mixed.txt")))
        .containsEntry("data_profile", "single")
        .containsEntry("metadata_profile", "single")
        .containsEntry("mixed_block_groups", "yes");
  }

  @Test
  void readsSizesChecksumLabelAndFeatureFlagsFromTheSuperblock() {
    assertThat(BtrfsOutputs.superblock(fixture("dump-super-nodesize-8k.txt")))
        .containsEntry("sectorsize", "4096")
        .containsEntry("nodesize", "8192")
        .containsEntry("csum_type", "crc32c")
        .containsEntry("label", "fsbench-probe")
        .containsEntry("num_devices", "1")
        .containsEntry("incompat_flags", "MIXED_BACKREF,EXTENDED_IREF,SKINNY_METADATA,NO_HOLES")
        .containsEntry("compat_ro_flags", "FREE_SPACE_TREE,FREE_SPACE_TREE_VALID")
        .doesNotContainKeys("flags", "csum", "generation");
  }

  @Test
  void namesTheChecksumAsTheSuperblockDoesAndAsMkfsTakesIt() {
    String csum = BtrfsOutputs.superblock(fixture("dump-super-xxhash.txt")).get("csum_type");
    assertThat(csum).isEqualTo("xxhash64");
    assertThat(BtrfsOutputs.checksumName(csum)).isEqualTo("xxhash");
  }

  @Test
  void readsTheVersionOfMkfsAndOfBtrfs() {
    assertThat(BtrfsOutputs.version(fixture("mkfs-btrfs-version.txt"))).hasValue("6.2");
    assertThat(BtrfsOutputs.version(fixture("btrfs-version.txt"))).hasValue("6.2");
    assertThat(BtrfsOutputs.version("mkfs.btrfs: command not found")).isEmpty();
  }
}
