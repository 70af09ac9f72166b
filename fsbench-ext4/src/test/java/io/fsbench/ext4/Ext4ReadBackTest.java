package io.fsbench.ext4;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Tuning;
import io.fsbench.tck.Fixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Maps mount options (as /proc/self/mounts showed them on kernel 6.18) and dumpe2fs properties
 * (captured from e2fsprogs 1.47.0) back to knobs.
 */
class Ext4ReadBackTest {

  private static final String MKFS =
      "mkfs.ext4 -F -L fsbench-vol-0001 -E lazy_itable_init=0,lazy_journal_init=0 /dev/loop7";

  private static Map<String, String> superblock(String fixture) {
    return Superblock.properties(Fixtures.text(Ext4ReadBackTest.class, fixture));
  }

  private static Map<String, String> readBack(
      List<String> requested, String mountOptions, String mkfs, String fixture) {
    AppliedTuning applied =
        new AppliedTuning(
            "ext4", mountOptions, List.of(mkfs), superblock(fixture), Tuning.defaults());
    return Ext4ReadBack.of(Tuning.parse(requested), applied).asMap();
  }

  private static Map<String, String> readBack(List<String> requested, String mountOptions) {
    return readBack(requested, mountOptions, MKFS, "dumpe2fs-h-default.txt");
  }

  /** Asserts the read-back contains every setting asked for, in Tuning.asMap()'s form. */
  private static void readsBackAsRequested(List<String> requested, String mountOptions) {
    assertThat(readBack(requested, mountOptions))
        .containsAllEntriesOf(Tuning.parse(requested).asMap());
  }

  @Test
  void readsNoatimeAndNodiratime() {
    readsBackAsRequested(List.of("atime=off", "diratime=off"), "rw,noatime,nodiratime");
  }

  @Test
  void readsStrictatimeAsAtimeOn() {
    readsBackAsRequested(List.of("atime=on"), "rw");
  }

  @Test
  void readsDataModesFromTheMountTable() {
    readsBackAsRequested(List.of("data=writeback"), "rw,relatime,data=writeback");
    readsBackAsRequested(
        List.of("data=journal"), "rw,relatime,nodioread_nolock,nodelalloc,data=journal");
    readsBackAsRequested(List.of("data=ordered"), "rw,relatime,data=ordered");
  }

  @Test
  void readsTheDefaultDataModeAsOrdered() {
    assertThat(readBack(List.of("data=ordered"), "rw,relatime")).containsEntry("data", "ordered");
  }

  @Test
  void readsWritebackWhenTheMountShowsSomethingElseThanAsked() {
    assertThat(readBack(List.of("data=journal"), "rw,relatime,data=writeback"))
        .containsEntry("data", "writeback");
  }

  @Test
  void readsNobarrierAsBarriersOff() {
    readsBackAsRequested(List.of("barriers=off"), "rw,relatime,nobarrier");
    readsBackAsRequested(List.of("barriers=on"), "rw,relatime");
  }

  @Test
  void readsSyncAlways() {
    readsBackAsRequested(List.of("sync=always"), "rw,sync,relatime");
    readsBackAsRequested(List.of("sync=standard"), "rw,relatime");
  }

  @Test
  void readsTheJournalFromTheFeatures() {
    readsBackAsRequested(List.of("journal=on"), "rw,relatime");
    assertThat(readBack(List.of("journal=off"), "rw,relatime", MKFS, "dumpe2fs-h-no-journal.txt"))
        .containsEntry("journal", "off");
    assertThat(readBack(List.of("journal=off"), "rw,relatime")).containsEntry("journal", "on");
  }

  @Test
  void readsBlockAndInodeSizeFromTheSuperblock() {
    assertThat(
            readBack(
                List.of("blocksize=1k", "inode_size=128"),
                "rw,relatime",
                MKFS,
                "dumpe2fs-h-1k-blocks-128-inodes.txt"))
        .containsEntry("blocksize", "1k")
        .containsEntry("inode_size", "128");
    assertThat(readBack(List.of("blocksize=1k", "inode_size=128"), "rw,relatime"))
        .containsEntry("blocksize", "4k")
        .containsEntry("inode_size", "256");
  }

  @Test
  void keepsTheRequestedSpellingOfAnEqualValue() {
    assertThat(readBack(List.of("inode_size=256b"), "rw")).containsEntry("inode_size", "256b");
    assertThat(readBack(List.of("lazy_init=false"), "rw")).containsEntry("lazy_init", "false");
  }

  @Test
  void readsLazyInitFromTheMkfsCommand() {
    String lazy = MKFS.replace("init=0", "init=1");
    assertThat(readBack(List.of("lazy_init=on"), "rw", lazy, "dumpe2fs-h-default.txt"))
        .containsEntry("lazy_init", "on");
    assertThat(readBack(List.of("lazy_init=on"), "rw")).containsEntry("lazy_init", "off");
  }

  @Test
  void readsExtraMountAndMkfsOptionsThatTookEffect() {
    String mkfs =
        "mkfs.ext4 -F -L fsbench-vol-0001"
            + " -E lazy_itable_init=0,lazy_journal_init=0,stride=16 -m 1 /dev/loop7";
    assertThat(
            readBack(
                List.of("mkfs-options=-m 1 -E stride=16", "mount-options=commit=30"),
                "rw,relatime,commit=30",
                mkfs,
                "dumpe2fs-h-default.txt"))
        .containsEntry("mkfs-options", "-m 1 -E stride=16")
        .containsEntry("mount-options", "commit=30");
    assertThat(readBack(List.of("mount-options=journal_checksum"), "rw,relatime"))
        .containsEntry("mount-options", "");
  }

  @Test
  void readsBackNothingThatWasNotRequested() {
    assertThat(readBack(List.of(), "rw,noatime,sync,data=journal,nobarrier")).isEmpty();
  }
}
