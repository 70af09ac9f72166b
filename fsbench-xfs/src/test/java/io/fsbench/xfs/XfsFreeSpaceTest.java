package io.fsbench.xfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.Fragmentation;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.tck.FakeHost;
import io.fsbench.tck.Fixtures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code xfs_db -r -c "sb 0" -c "p blocksize" -c freesp -c frag}, captured on a 512 MiB loop volume
 * fresh and, frozen and thawed first, after writing 60 files of 1 MiB and deleting every other one.
 */
class XfsFreeSpaceTest {

  private static String fixture(String name) {
    return Fixtures.text(XfsFreeSpaceTest.class, name);
  }

  @Test
  void readsTheFreeSpaceHistogramInBytes() {
    Fragmentation aged = XfsFreeSpace.parse("xfs_db", fixture("xfs_db-freesp-frag-aged.txt"));

    assertThat(aged.freeExtents()).hasValue(16 + 1 + 1 + 3);
    assertThat(aged.smallFreeExtentShare().getAsDouble())
        .isEqualTo((16 + 5) / (double) (16 + 5 + 16374 + 90580));
    // three extents share the top row's 90580 blocks, each at least 16384 of them
    assertThat(aged.largestFreeExtent()).hasValue(32768L * 4096);
    assertThat(aged.details())
        .containsEntry("xfs.fragmentation_factor", "0.00%")
        .containsEntry("xfs.file_extents", "31 (ideal 31)")
        .containsEntry("xfs.extents_per_file", "1.00");
  }

  @Test
  void leavesOutExtentsPerFileWhereXfsDbPrintsNan() {
    Fragmentation fresh = XfsFreeSpace.parse("xfs_db", fixture("xfs_db-freesp-frag-fresh.txt"));

    assertThat(fresh.details()).doesNotContainKey("xfs.extents_per_file");
    assertThat(fresh.freeExtents()).isPresent();
  }

  @Test
  void freezesAndThawsBeforeReadingTheDisk() {
    FakeHost host = new FakeHost();
    host.shell().answer("xfs_db", fixture("xfs_db-freesp-frag-aged.txt"));
    FileSystemSpec spec =
        new FileSystemSpec(
            Path.of("/dev/loop7"),
            Path.of("/var/tmp/fsbench/mnt-1"),
            "fsbench-vol-0001",
            Path.of("/var/tmp/fsbench/state-1"),
            Size.gib(1),
            Tuning.defaults());

    Fragmentation figures = new XfsPlugin().fragmentation(spec, host);

    assertThat(host.shell().commandLines())
        .containsExactly(
            "xfs_freeze -f /var/tmp/fsbench/mnt-1",
            "xfs_freeze -u /var/tmp/fsbench/mnt-1",
            "xfs_db -r -c 'sb 0' -c 'p blocksize' -c freesp -c frag /dev/loop7");
    assertThat(figures.commands()).hasSize(3);
    assertThatThrownBy(() -> XfsFreeSpace.parse("xfs_db", ""))
        .hasMessageContaining("xfs_db printed no block size");
  }
}
