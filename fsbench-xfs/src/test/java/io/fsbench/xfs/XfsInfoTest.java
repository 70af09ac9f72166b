package io.fsbench.xfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.tck.Fixtures;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Parses xfs_info output captured from xfsprogs 6.1.0 on loop devices. */
class XfsInfoTest {

  private static Map<String, String> parse(String fixture) {
    return XfsInfo.properties(Fixtures.text(XfsInfoTest.class, fixture));
  }

  @Test
  void readsTheGeometryOfADefaultFilesystem() {
    assertThat(parse("xfs_info-default.txt"))
        .containsEntry("meta-data.isize", "512")
        .containsEntry("meta-data.agcount", "4")
        .containsEntry("meta-data.crc", "1")
        .containsEntry("meta-data.reflink", "1")
        .containsEntry("meta-data.bigtime", "1")
        .containsEntry("data.bsize", "4096")
        .containsEntry("data.blocks", "76800")
        .containsEntry("naming", "version 2")
        .containsEntry("naming.ascii-ci", "0")
        .containsEntry("log", "internal log")
        .containsEntry("log.bsize", "4096")
        .containsEntry("log.blocks", "16384")
        .containsEntry("log.lazy-count", "1")
        .containsEntry("realtime", "none")
        .doesNotContainKey("meta-data");
  }

  @Test
  void readsFeaturesThatWereSwitchedOff() {
    assertThat(parse("xfs_info-no-reflink.txt")).containsEntry("meta-data.reflink", "0");
    assertThat(parse("xfs_info-v4.txt"))
        .containsEntry("meta-data.crc", "0")
        .containsEntry("meta-data.isize", "256");
  }

  @Test
  void readsSmallBlocksAndAnExplicitLog() {
    assertThat(parse("xfs_info-1k-blocks-72m-log.txt"))
        .containsEntry("data.bsize", "1024")
        .containsEntry("log.bsize", "1024")
        .containsEntry("log.blocks", "73728");
  }

  @Test
  void failsLoudlyOnOutputThatIsNoGeometry() {
    assertThatThrownBy(() -> XfsInfo.properties("xfs_info: /dev/loop7 is not a valid XFS"))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("not a valid XFS");
  }
}
