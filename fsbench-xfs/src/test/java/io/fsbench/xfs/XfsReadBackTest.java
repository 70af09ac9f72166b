package io.fsbench.xfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Tuning;
import io.fsbench.tck.Fixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Maps mount options (as /proc/self/mounts showed them on kernel 6.18) and xfs_info properties
 * (captured from xfsprogs 6.1.0) back to knobs.
 */
class XfsReadBackTest {

  private static final String DEFAULT_OPTIONS =
      "rw,relatime,inode64,logbufs=8,logbsize=32k,noquota";
  private static final String MKFS = "mkfs.xfs -f -L fsbench-0001 /dev/loop7";

  private static Map<String, String> readBack(
      List<String> requested, String mountOptions, String mkfs, String fixture) {
    AppliedTuning applied =
        new AppliedTuning(
            "xfs",
            mountOptions,
            List.of(mkfs),
            XfsInfo.properties(Fixtures.text(XfsReadBackTest.class, fixture)),
            Tuning.defaults());
    return XfsReadBack.of(Tuning.parse(requested), applied).asMap();
  }

  private static Map<String, String> readBack(List<String> requested, String mountOptions) {
    return readBack(requested, mountOptions, MKFS, "xfs_info-default.txt");
  }

  private static void readsBackAsRequested(List<String> requested, String mountOptions) {
    assertThat(readBack(requested, mountOptions))
        .containsAllEntriesOf(Tuning.parse(requested).asMap());
  }

  @Test
  void readsNoatimeNodiratimeAndStrictatime() {
    readsBackAsRequested(
        List.of("atime=off", "diratime=off"),
        "rw,noatime,nodiratime,inode64,logbufs=8,logbsize=32k,noquota");
    readsBackAsRequested(List.of("atime=on"), "rw,inode64,logbufs=8,logbsize=32k,noquota");
  }

  @Test
  void readsSyncWhichXfsShowsWithWsync() {
    readsBackAsRequested(
        List.of("sync=always"), "rw,sync,relatime,wsync,inode64,logbufs=8,logbsize=32k,noquota");
    readsBackAsRequested(List.of("sync=standard"), DEFAULT_OPTIONS);
  }

  @Test
  void readsTheLogBufferSize() {
    readsBackAsRequested(
        List.of("logbsize=256k"), "rw,relatime,inode64,logbufs=8,logbsize=256k,noquota");
    assertThat(readBack(List.of("logbsize=256k"), DEFAULT_OPTIONS))
        .containsEntry("logbsize", "32k");
    assertThat(readBack(List.of("logbsize=262144"), "rw,logbsize=256k"))
        .containsEntry("logbsize", "262144");
  }

  @Test
  void readsAllocsizeThatTheKernelShowsInKibibytes() {
    readsBackAsRequested(
        List.of("allocsize=1m"),
        "rw,relatime,inode64,allocsize=1024k,logbufs=8,logbsize=32k,noquota");
    assertThat(readBack(List.of("allocsize=1m"), DEFAULT_OPTIONS)).doesNotContainKey("allocsize");
  }

  @Test
  void readsJournalAndBarriersThatEveryXfsHas() {
    readsBackAsRequested(List.of("journal=on", "barriers=on"), DEFAULT_OPTIONS);
    assertThat(readBack(List.of("barriers=off"), "rw,relatime,nobarrier"))
        .containsEntry("barriers", "off");
  }

  @Test
  void readsCrcAndReflinkFromTheGeometry() {
    readsBackAsRequested(List.of("crc=on", "reflink=on"), DEFAULT_OPTIONS);
    assertThat(readBack(List.of("reflink=off"), DEFAULT_OPTIONS, MKFS, "xfs_info-no-reflink.txt"))
        .containsEntry("reflink", "off");
    assertThat(readBack(List.of("crc=0"), DEFAULT_OPTIONS, MKFS, "xfs_info-v4.txt"))
        .containsEntry("crc", "0");
    assertThat(readBack(List.of("reflink=off"), DEFAULT_OPTIONS)).containsEntry("reflink", "on");
  }

  @Test
  void readsBlockAndLogSizeFromTheGeometry() {
    assertThat(
            readBack(
                List.of("blocksize=1k", "log_size=72m"),
                DEFAULT_OPTIONS,
                MKFS,
                "xfs_info-1k-blocks-72m-log.txt"))
        .containsEntry("blocksize", "1k")
        .containsEntry("log_size", "72m");
    assertThat(readBack(List.of("blocksize=1k", "log_size=72m"), DEFAULT_OPTIONS))
        .containsEntry("blocksize", "4k")
        .containsEntry("log_size", "64m");
  }

  @Test
  void readsExtraMountAndMkfsOptionsThatTookEffect() {
    assertThat(
            readBack(
                List.of("mkfs-options=-i size=1024", "mount-options=logbufs=4"),
                "rw,relatime,inode64,logbufs=4,logbsize=32k,noquota",
                "mkfs.xfs -f -L fsbench-0001 -i size=1024 /dev/loop7",
                "xfs_info-default.txt"))
        .containsEntry("mkfs-options", "-i size=1024")
        .containsEntry("mount-options", "logbufs=4");
  }

  @Test
  void readsBackNothingThatWasNotRequested() {
    assertThat(readBack(List.of(), "rw,noatime,sync,logbsize=256k")).isEmpty();
  }
}
