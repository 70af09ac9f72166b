package io.fsbench.core.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShimTest {

  @TempDir Path dir;

  @Test
  void isLoadedWheneverTheBuildPackagedTheLibrary() {
    boolean packaged =
        Shim.class.getResource("linux-x86_64/libfsbench-native.so") != null
            || Shim.class.getResource("linux-aarch64/libfsbench-native.so") != null;
    // a library that was built but does not load would silently cost every I/O the JNA price
    assertThat(Shim.loaded()).as("%s", Shim.loadFailure()).isEqualTo(packaged);
  }

  @Test
  void writesAndReadsAtOffsetsLikeTheLibcCalls() throws IOException {
    Path file = dir.resolve("fsbench-shim");
    Files.write(file, new byte[8192]);
    ByteBuffer out = ByteBuffer.allocateDirect(5).put("hello".getBytes(StandardCharsets.US_ASCII));
    ByteBuffer in = ByteBuffer.allocateDirect(5);
    int fd = LibC.open(file.toString(), LibC.O_RDWR, 0);
    assertThat(fd).isNotNegative();
    try {
      assertThat(Shim.pwrite(fd, BufferAddress.of(out), 5, 4096)).isEqualTo(5);
      assertThat(Shim.pread(fd, BufferAddress.of(in), 5, 4096)).isEqualTo(5);
      assertThat(LibC.pread(fd, BufferAddress.of(in), 5, 4096)).isEqualTo(5);
      assertThat(Shim.pread(fd, BufferAddress.of(in), 5, 1 << 20)).isZero(); // past the end
    } finally {
      LibC.close(fd);
    }
    byte[] got = new byte[5];
    in.get(0, got);
    assertThat(new String(got, StandardCharsets.US_ASCII)).isEqualTo("hello");
    assertThat(Files.readAllBytes(file)).hasSize(8192);
  }

  @Test
  void returnsMinusErrnoOnFailure() {
    ByteBuffer buffer = ByteBuffer.allocateDirect(16);
    long badFd = Shim.pread(-1, BufferAddress.of(buffer), 16, 0);
    assertThat(badFd).isEqualTo(-NativeIoException.EBADF);
    assertThat(Shim.pwrite(-1, BufferAddress.of(buffer), 16, 0))
        .isEqualTo(-NativeIoException.EBADF);
    assertThat(Shim.ioUringEnter(-1, 0, 0, 0)).isEqualTo(-NativeIoException.EBADF);
  }
}
