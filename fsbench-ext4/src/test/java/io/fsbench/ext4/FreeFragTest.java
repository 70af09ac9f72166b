package io.fsbench.ext4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.Fragmentation;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.tck.FakeHost;
import io.fsbench.tck.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** e2freefrag's report, captured on a 512 MiB loop volume fresh and after some churn. */
class FreeFragTest {

  private static String fixture(String name) {
    return Fixtures.text(FreeFragTest.class, name);
  }

  @Test
  void readsTheFreeExtentsOfAFreshFileSystem() {
    Fragmentation fresh = FreeFrag.parse("e2freefrag /dev/loop1", fixture("e2freefrag-fresh.txt"));

    assertThat(fresh.freeExtents()).hasValue(4);
    assertThat(fresh.largestFreeExtent()).hasValue(130812L * 1024);
    assertThat(fresh.smallFreeExtentShare()).hasValue(0.0);
    assertThat(fresh.details()).containsEntry("ext4.free_blocks", "124719 (95.2%)");
  }

  @Test
  void countsFreeSpaceInExtentsUnderOneMibAfterChurn() {
    Fragmentation aged = FreeFrag.parse("e2freefrag /dev/loop1", fixture("e2freefrag-aged.txt"));

    assertThat(aged.freeExtents()).hasValue(5);
    assertThat(aged.smallFreeExtentShare().getAsDouble()).isEqualTo(191.0 / (191 + 116848));
    assertThat(aged.details()).containsEntry("ext4.average_free_extent", "93628 KiB");
  }

  @Test
  void runsE2freefragOnTheDeviceAndRefusesOutputItCannotRead() {
    FakeHost host = new FakeHost();
    host.shell().answer("e2freefrag", fixture("e2freefrag-aged.txt"));
    FileSystemSpec spec =
        new FileSystemSpec(
            Path.of("/dev/loop7"),
            Path.of("/var/tmp/fsbench/mnt-1"),
            "fsbench-vol-0001",
            Path.of("/var/tmp/fsbench/state-1"),
            Size.gib(1),
            Tuning.defaults());

    Fragmentation figures = new Ext4Plugin().fragmentation(spec, host);

    assertThat(host.shell().commandLines()).containsExactly("e2freefrag /dev/loop7");
    assertThat(figures.commands()).isEqualTo(List.of("e2freefrag /dev/loop7"));
    assertThat(figures.freeExtents()).hasValue(5);
    assertThatThrownBy(() -> FreeFrag.parse("e2freefrag /dev/loop7", "e2freefrag: bad magic"))
        .hasMessageContaining("e2freefrag /dev/loop7 printed no 'Blocksize' line");
  }
}
