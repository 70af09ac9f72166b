package io.fsbench.zfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.Compression;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ZfsCompressionTest {

  @ParameterizedTest(name = "{0} is {1} in ZFS")
  @CsvSource({
    "none, off",
    "gzip:6, gzip-6",
    "gzip, gzip",
    "zstd:3, zstd-3",
    "zstd:19, zstd-19",
    "zstd:-5, zstd-fast-5",
    "lz4, lz4",
    "lzjb, lzjb",
    "on, on",
  })
  void spellsCompressionAsZfsDoesAndBack(String fsbench, String zfs) {
    Compression compression = Compression.parse(fsbench);
    assertThat(ZfsCompression.toZfs(compression)).hasValue(zfs);
    assertThat(ZfsCompression.fromZfs(zfs)).isEqualTo(compression);
  }

  @Test
  void hasNoSpellingForALevelOnAnAlgorithmWithoutLevels() {
    assertThat(ZfsCompression.toZfs(Compression.parse("lz4:1"))).isEmpty();
  }

  @Test
  void readsZstdFastAsFastLevelOne() {
    assertThat(ZfsCompression.fromZfs("zstd-fast")).isEqualTo(Compression.of("zstd", -1));
  }

  @Test
  void readsPlainGzipBackAsGzip6WhenThatWasAsked() {
    Compression shown = ZfsCompression.fromZfs("gzip");
    assertThat(ZfsCompression.asRequested(shown, Compression.parse("gzip:6")))
        .isEqualTo(Compression.parse("gzip:6"));
    assertThat(ZfsCompression.asRequested(shown, Compression.parse("gzip")))
        .isEqualTo(Compression.parse("gzip"));
    assertThat(ZfsCompression.asRequested(shown, Compression.parse("gzip:9"))).isEqualTo(shown);
    assertThat(ZfsCompression.asRequested(shown, Compression.parse("lzjb"))).isEqualTo(shown);
  }
}
