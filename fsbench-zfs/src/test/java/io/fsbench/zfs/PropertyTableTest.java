package io.fsbench.zfs;

import static io.fsbench.zfs.ZfsHosts.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.Size;
import java.util.List;
import org.junit.jupiter.api.Test;

class PropertyTableTest {

  private final PropertyTable fuse = PropertyTable.parse(fixture("zfs-fuse-zfs-get-usage.txt"));
  private final PropertyTable fusePool =
      PropertyTable.parse(fixture("zfs-fuse-zpool-get-usage.txt"));
  private final PropertyTable openZfs =
      PropertyTable.parse(fixture("openzfs-2.3-zfs-get-usage.txt"));

  @Test
  void readsTheCompressionsZfsFuseOffersFromItsUsage() {
    assertThat(fuse.valuesOf("compression")).hasValue("on | off | lzjb | gzip | gzip-[1-9] | zle");
    assertThat(fuse.alternatives("compression"))
        .containsExactly(
            "on", "off", "lzjb", "gzip", "gzip-1", "gzip-2", "gzip-3", "gzip-4", "gzip-5", "gzip-6",
            "gzip-7", "gzip-8", "gzip-9", "zle");
  }

  @Test
  void seesThatZfsFuseHasNoSyncProperty() {
    assertThat(fuse.has("sync")).isFalse();
    assertThat(fuse.has("primarycache")).isTrue();
    assertThat(fuse.has("usedbyrefreservation")).isTrue();
    assertThat(fuse.has("PROPERTY")).isFalse();
  }

  @Test
  void readsTheRecordSizeRange() {
    assertThat(fuse.sizeRange("recordsize")).hasValue(List.of(Size.bytes(512), Size.kib(128)));
    assertThat(openZfs.sizeRange("recordsize")).hasValue(List.of(Size.bytes(512), Size.mib(1)));
    assertThat(fuse.sizeRange("atime")).isEmpty();
  }

  @Test
  void readsTheAshiftRangeFromThePoolTable() {
    assertThat(fusePool.intRange("ashift")).hasValue(List.of(9, 13));
    assertThat(PropertyTable.parse(fixture("openzfs-2.3-zpool-get-usage.txt")).intRange("ashift"))
        .hasValue(List.of(9, 16));
  }

  @Test
  void writesOutOpenZfsZstdLevelsAndItsListOfFastLevels() {
    List<String> values = openZfs.alternatives("compression");
    assertThat(values)
        .contains("lz4", "zstd", "zstd-1", "zstd-19", "zstd-fast-1", "zstd-fast-10")
        .contains("zstd-fast-20", "zstd-fast-100", "zstd-fast-500", "zstd-fast-1000")
        .doesNotContain("zstd-20", "zstd-fast-11", "zstd-fast-0");
  }

  @Test
  void keepsAlternativesWithOtherBracketsAsWritten() {
    assertThat(fuse.alternatives("dedup")).contains("sha256[,verify]");
  }
}
