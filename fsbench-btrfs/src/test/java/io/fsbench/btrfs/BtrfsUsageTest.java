package io.fsbench.btrfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.Fragmentation;
import io.fsbench.tck.Fixtures;
import org.junit.jupiter.api.Test;

/** {@code btrfs filesystem usage -b}, captured on a 512 MiB loop volume after some churn. */
class BtrfsUsageTest {

  @Test
  void readsUnallocatedSpaceAndTheRoomLeftInDataChunks() {
    Fragmentation figures =
        BtrfsUsage.parse(
            "btrfs filesystem usage -b /mnt",
            Fixtures.text(BtrfsUsageTest.class, "filesystem-usage-b-aged.txt"));

    assertThat(figures.freeExtents()).isEmpty();
    assertThat(figures.details())
        .containsEntry("btrfs.unallocated", "360.0 MiB")
        .containsEntry("btrfs.data_chunks", "72.0 MiB")
        .containsEntry("btrfs.data_used", "30.0 MiB")
        .containsEntry("btrfs.data_chunks_free", "58.3%")
        .containsEntry("btrfs.device_size", "512.0 MiB");
  }

  @Test
  void refusesOutputWithoutDataChunks() {
    assertThatThrownBy(
            () -> BtrfsUsage.parse("btrfs filesystem usage -b /mnt", "ERROR: not a btrfs"))
        .hasMessageContaining("btrfs filesystem usage -b /mnt printed no data chunks");
  }
}
