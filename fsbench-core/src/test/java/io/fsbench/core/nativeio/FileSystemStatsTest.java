package io.fsbench.core.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemStatsTest {

  @TempDir Path dir;

  @Test
  void agreesWithStatOnTheTempDirectory() throws Exception {
    FileSystemStats stats = FileSystemStats.of(dir);
    // stat -f: block size, total blocks, free, available, type in hex.
    String[] expected = stat("%S %b %f %a %t", dir).split(" ");
    long blockSize = Long.parseLong(expected[0]);

    assertThat(stats.blockSize()).isEqualTo(blockSize);
    assertThat(stats.totalBytes()).isEqualTo(Long.parseLong(expected[1]) * blockSize);
    assertThat(stats.typeMagic()).isEqualTo(Long.parseLong(expected[4], 16));
    // Free space moves while other processes write; the total, compared exactly, pins the units.
    assertThat(stats.freeBytes())
        .isCloseTo(Long.parseLong(expected[2]) * blockSize, Offset.offset(1L << 30));
    assertThat(stats.availableBytes()).isLessThanOrEqualTo(stats.freeBytes());
    assertThat(stats.usedBytes()).isEqualTo(stats.totalBytes() - stats.freeBytes());
  }

  @Test
  void namesKnownFilesystemTypes() {
    assertThat(new FileSystemStats(4096, 10, 5, 5, 0, 0, 0xEF53).typeName()).isEqualTo("ext4");
    assertThat(new FileSystemStats(4096, 10, 5, 5, 0, 0, 0x9123683EL).typeName())
        .isEqualTo("btrfs");
    assertThat(new FileSystemStats(4096, 10, 5, 5, 0, 0, 0x1234).typeName()).isEqualTo("0x1234");
  }

  @Test
  void refusesInconsistentNumbers() {
    assertThatThrownBy(() -> new FileSystemStats(4096, 10, 20, 5, 0, 0, 0))
        .hasMessageContaining("available (5) <= free (20) <= total (10)");
  }

  @Test
  void missingPathNamesErrno() {
    Path missing = dir.resolve("missing");
    assertThatThrownBy(() -> FileSystemStats.of(missing))
        .isInstanceOfSatisfying(
            NativeIoException.class,
            e -> {
              assertThat(e.errno()).isEqualTo(NativeIoException.ENOENT);
              assertThat(e.operation()).isEqualTo("statvfs");
            })
        .hasMessageContaining(missing.toString());
  }

  private static String stat(String format, Path path) throws Exception {
    Process process = new ProcessBuilder("stat", "-f", "-c", format, path.toString()).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
    assertThat(process.waitFor()).isZero();
    return out.trim();
  }
}
