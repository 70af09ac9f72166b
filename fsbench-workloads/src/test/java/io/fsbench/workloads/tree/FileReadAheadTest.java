package io.fsbench.workloads.tree;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileReadAheadTest {

  @TempDir Path dir;

  private Path fileOf(int bytes) throws IOException {
    byte[] data = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      data[i] = (byte) (i * 7);
    }
    return Files.write(dir.resolve("fsbench-data"), data);
  }

  @Test
  void readsTheWholeFileAcrossRefillsAndThenEnds() throws IOException {
    Path file = fileOf(10_000);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (FileReadAhead in = new FileReadAhead(file, 4096)) {
      out.write(in.read());
      byte[] b = new byte[3000];
      int n;
      while ((n = in.read(b, 0, b.length)) > 0) {
        out.write(b, 0, n);
      }
      assertThat(in.read()).isEqualTo(-1);
    }
    assertThat(out.toByteArray()).isEqualTo(Files.readAllBytes(file));
  }

  @Test
  void skipsWithinTheBufferAndBeyondItButNotPastTheEnd() throws IOException {
    Path file = fileOf(10_000);
    try (FileReadAhead in = new FileReadAhead(file, 4096)) {
      assertThat(in.read()).isEqualTo(0);
      assertThat(in.skip(99)).isEqualTo(99);
      assertThat(in.read()).isEqualTo((byte) (100 * 7) & 0xff);
      assertThat(in.skip(5000)).isEqualTo(5000);
      assertThat(in.read()).isEqualTo((byte) (5101 * 7) & 0xff);
      assertThat(in.skip(100_000)).isEqualTo(10_000 - 5102);
      assertThat(in.read()).isEqualTo(-1);
    }
  }
}
