package io.fsbench.zfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.spi.DeviceUse;
import io.fsbench.tck.FakeHost;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PoolVdevsTest {

  private static final String STATUS =
      "  pool: tank\n state: ONLINE\nconfig:\n\n\tNAME        STATE\n\ttank        ONLINE\n\t  "
          + "loop7     ONLINE       0     0     0\n\nerrors: No known data errors\n";

  @Test
  void namesTheImportedPoolThatHoldsADeviceAsAVdev() {
    FakeHost host = new FakeHost();
    host.shell().answer("zpool status", STATUS);

    assertThat(new ZfsPlugin().usesOf(Set.of(Path.of("/dev/loop7")), host))
        .containsExactly(
            new DeviceUse(Path.of("/dev/loop7"), "a vdev of the imported ZFS pool tank"));
    assertThat(new DeviceUse(Path.of("/dev/loop7"), "a vdev of the imported ZFS pool tank"))
        .hasToString("/dev/loop7 is a vdev of the imported ZFS pool tank");
  }

  @Test
  void aDeviceNoPoolUsesAndAHostWithoutZpoolHaveNoUses() {
    FakeHost host = new FakeHost();
    host.shell().answer("zpool status", STATUS);

    assertThat(new ZfsPlugin().usesOf(Set.of(Path.of("/dev/loop8")), host)).isEmpty();
    assertThat(
            new ZfsPlugin()
                .usesOf(Set.of(Path.of("/dev/loop7")), new FakeHost().withoutTool("zpool")))
        .isEmpty();
  }
}
