package io.fsbench.zfs;

import static io.fsbench.zfs.ZfsHosts.fixture;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ZfsTuningTest {

  static final ZfsCapabilities ZFS_FUSE =
      new ZfsCapabilities(
          ZfsFlavour.ZFS_FUSE,
          PropertyTable.parse(fixture("zfs-fuse-zfs-get-usage.txt")),
          PropertyTable.parse(fixture("zfs-fuse-zpool-get-usage.txt")),
          Size.bytes(512),
          Size.kib(128));

  static final ZfsCapabilities OPENZFS =
      new ZfsCapabilities(
          ZfsFlavour.OPENZFS,
          PropertyTable.parse(fixture("openzfs-2.3-zfs-get-usage.txt")),
          PropertyTable.parse(fixture("openzfs-2.3-zpool-get-usage.txt")),
          Size.bytes(512),
          Size.mib(16));

  private static ZfsTuning on(ZfsCapabilities zfs, String... settings) {
    return ZfsTuning.of(Tuning.parse(List.of(settings)), zfs);
  }

  private static void assertRefused(ZfsCapabilities zfs, String setting, String... parts) {
    assertThatThrownBy(() -> on(zfs, setting))
        .isInstanceOf(UnsupportedTuningException.class)
        .hasMessageContaining("'" + setting + "'")
        .hasMessageContaining("zfs")
        .hasMessageContainingAll(parts);
  }

  @Test
  void refusesZstdOnZfsFuseListingWhatItOffers() {
    assertRefused(
        ZFS_FUSE,
        "compression=zstd",
        "zfs-fuse has no compression zstd",
        "it offers on, off, lzjb, gzip, gzip-[1-9], zle",
        "compression=gzip:6");
    assertRefused(ZFS_FUSE, "compression=lz4", "it offers on, off, lzjb");
  }

  @Test
  void writesCompressionInZfsSpelling() {
    assertThat(on(ZFS_FUSE, "compression=gzip:6").datasetProperties())
        .containsExactly("compression=gzip-6");
    assertThat(on(ZFS_FUSE, "compression=none").datasetProperties())
        .containsExactly("compression=off");
    assertThat(on(OPENZFS, "compression=zstd:3").datasetProperties())
        .containsExactly("compression=zstd-3");
    assertThat(on(OPENZFS, "compression=zstd:-5").datasetProperties())
        .containsExactly("compression=zstd-fast-5");
  }

  @Test
  void refusesLevelsTheInstalledZfsLacks() {
    assertRefused(OPENZFS, "compression=zstd:20", "OpenZFS has no compression zstd-20");
    assertRefused(OPENZFS, "compression=zstd:-11", "no compression zstd-fast-11", "zstd:-5");
    assertRefused(ZFS_FUSE, "compression=gzip:10", "no compression gzip-10");
    assertRefused(ZFS_FUSE, "compression=lzjb:3", "lzjb has no levels in ZFS");
  }

  @Test
  void refusesForcedCompressionBecauseZfsHasNone() {
    assertRefused(ZFS_FUSE, "compress-force=gzip", "no forced compression", "compression=gzip");
  }

  @Test
  void takesRecordSizesThatArePowersOfTwoInTheInstalledRange() {
    assertThat(on(ZFS_FUSE, "recordsize=16k").datasetProperties())
        .containsExactly("recordsize=16384");
    assertThat(on(OPENZFS, "recordsize=1m").datasetProperties())
        .containsExactly("recordsize=1048576");
    assertRefused(ZFS_FUSE, "recordsize=256k", "from 512 to 128k on zfs-fuse");
    assertRefused(ZFS_FUSE, "recordsize=3k", "must be a power of two");
    assertRefused(OPENZFS, "recordsize=32m", "from 512 to 16m on OpenZFS");
  }

  @Test
  void makesAtimeOnStrictOnOpenZfsWhereRelatimeWouldWeakenIt() {
    assertThat(on(ZFS_FUSE, "atime=on").datasetProperties()).containsExactly("atime=on");
    assertThat(on(OPENZFS, "atime=on").datasetProperties())
        .containsExactly("atime=on", "relatime=off");
    assertThat(on(OPENZFS, "atime=off").datasetProperties()).containsExactly("atime=off");
  }

  @Test
  void refusesSyncOnZfsFuseWhichHasNoSyncProperty() {
    for (String mode : List.of("standard", "always", "disabled")) {
      assertRefused(
          ZFS_FUSE, "sync=" + mode, "zfs-fuse has no sync property", "OpenZFS (zfsutils-linux)");
    }
    assertThat(on(OPENZFS, "sync=disabled").datasetProperties()).containsExactly("sync=disabled");
  }

  @Test
  void setsAshiftOnThePoolWithinTheRangeThePoolTableGives() {
    ZfsTuning tuning = on(ZFS_FUSE, "ashift=12", "primarycache=metadata");
    assertThat(tuning.poolOptions()).containsExactly("ashift=12");
    assertThat(tuning.datasetProperties()).containsExactly("primarycache=metadata");
    assertRefused(ZFS_FUSE, "ashift=14", "from 9 to 13 on zfs-fuse");
    assertRefused(ZFS_FUSE, "ashift=four", "ashift (four)");
    assertThat(on(OPENZFS, "ashift=16").poolOptions()).containsExactly("ashift=16");
  }

  @Test
  void refusesOptionValuesThePropertyTableDoesNotList() {
    assertRefused(
        ZFS_FUSE,
        "primarycache=some",
        "'some' is not a value of primarycache on zfs-fuse",
        "all, none, metadata");
    assertRefused(ZFS_FUSE, "checksum=blake3", "fletcher4, sha256");
    assertThat(on(OPENZFS, "checksum=BLAKE3").datasetProperties())
        .containsExactly("checksum=blake3");
  }

  @Test
  void refusesUnknownOptionsNamingTheKnownOnes() {
    assertRefused(
        ZFS_FUSE,
        "logbsize=256k",
        "unknown option 'logbsize'",
        "ashift, checksum, logbias, primarycache");
  }

  @Test
  void refusesWhatZfsCannotDoWithReasons() {
    assertRefused(ZFS_FUSE, "cow=off", "always writes copy-on-write");
    assertRefused(ZFS_FUSE, "journal=off", "intent log cannot be switched off", "no sync property");
    assertRefused(OPENZFS, "journal=off", "sync=disabled stops waiting for it");
    assertRefused(ZFS_FUSE, "data=writeback", "no data journaling modes");
    assertRefused(ZFS_FUSE, "barriers=off", "no per-pool switch");
    assertRefused(ZFS_FUSE, "barriers=on", "no per-pool switch");
    assertRefused(ZFS_FUSE, "blocksize=4k", "recordsize", "ashift");
    assertRefused(ZFS_FUSE, "diratime=off", "no separate directory access time");
    assertRefused(ZFS_FUSE, "mount-options=noatime", "not mount options");
    assertRefused(ZFS_FUSE, "mkfs-options=-O copies=2", "not mkfs");
  }

  @Test
  void refusesCopyOnWriteAndTheJournalOnWhichChangeNothingButTheLabel() {
    assertRefused(ZFS_FUSE, "cow=on", "changes nothing");
    assertRefused(ZFS_FUSE, "journal=on", "changes nothing");
  }
}
