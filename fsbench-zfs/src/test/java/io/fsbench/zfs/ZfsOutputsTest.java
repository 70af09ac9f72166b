package io.fsbench.zfs;

import static io.fsbench.zfs.ZfsHosts.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ZfsOutputsTest {

  @Test
  void readsParsableZfsGetOutput() {
    assertThat(ZfsOutputs.datasetProperties(fixture("zfs-fuse-zfs-get-Hp.txt")))
        .containsEntry("compression", "gzip")
        .containsEntry("recordsize", "16384")
        .containsEntry("atime", "off")
        .containsEntry("primarycache", "metadata")
        .containsEntry("logbias", "throughput")
        .containsEntry("checksum", "sha256")
        .containsEntry("mountpoint", "/tmp/fsbench-bz-zmnt")
        .hasSize(12);
  }

  @Test
  void readsTheTableZpoolGetPrints() {
    assertThat(ZfsOutputs.poolProperties(fixture("zfs-fuse-zpool-get.txt")))
        .containsEntry("ashift", "0")
        .containsEntry("version", "23")
        .hasSize(2);
  }

  @Test
  void readsOpenZfsVersions() {
    assertThat(ZfsOutputs.openZfsVersions(fixture("openzfs-zfs-version.txt")))
        .containsEntry("zfs", "2.3.1-1")
        .containsEntry("zfs-kmod", "2.3.1-1");
  }

  @Test
  void readsThePoolVersionZfsFuseRuns() {
    assertThat(ZfsOutputs.poolVersion(fixture("zfs-fuse-zpool-upgrade-v.txt"))).hasValue("23");
  }

  @Test
  void findsNoVersionInZfsFuseHelp() {
    assertThat(ZfsOutputs.statedVersion(fixture("zfs-fuse-help.txt"))).isEmpty();
    assertThat(ZfsOutputs.statedVersion("zfs-fuse version 0.7.2.2")).hasValue("0.7.2.2");
  }
}
