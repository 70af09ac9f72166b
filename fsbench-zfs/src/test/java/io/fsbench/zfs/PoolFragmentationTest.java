package io.fsbench.zfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.Fragmentation;
import org.junit.jupiter.api.Test;

/**
 * {@code zpool get all POOL}, written by hand in zpool's format: zfs-fuse has no fragmentation
 * property, OpenZFS has one.
 */
class PoolFragmentationTest {

  private static final String ZFS_FUSE =
      "NAME              PROPERTY       VALUE       SOURCE\n"
          + "fsbench-vol-0001  size           1016M       -\n"
          + "fsbench-vol-0001  capacity       80%         -\n"
          + "fsbench-vol-0001  free           203M        -\n"
          + "fsbench-vol-0001  allocated      813M        -\n"
          + "fsbench-vol-0001  version        23          default\n";

  @Test
  void saysWhenThisZfsDoesNotReportFragmentation() {
    Fragmentation figures = PoolFragmentation.parse("zpool get all fsbench-vol-0001", ZFS_FUSE);

    assertThat(figures.details())
        .containsEntry("zfs.capacity", "80%")
        .containsEntry("zfs.free", "203M")
        .containsEntry("zfs.fragmentation", "not reported by this zfs");
  }

  @Test
  void readsOpenZfsFragmentation() {
    Fragmentation figures =
        PoolFragmentation.parse(
            "zpool get all fsbench-vol-0001",
            ZFS_FUSE + "fsbench-vol-0001  fragmentation  37%         -\n");

    assertThat(figures.details()).containsEntry("zfs.fragmentation", "37%");
  }
}
