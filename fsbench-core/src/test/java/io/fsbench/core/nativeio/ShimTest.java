package io.fsbench.core.nativeio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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

  @Test
  void makesTheFileCallsRelativeToADirectoryAndReportsTheirErrnos() throws IOException {
    Files.write(dir.resolve("fsbench-shim-old"), new byte[300]);
    int dirFd = LibC.open(dir.toString(), LibC.O_RDONLY | LibC.O_DIRECTORY, 0);
    assertThat(dirFd).isNotNegative();
    NativePath name = new NativePath().append("fsbench-shim-new");
    NativePath old = new NativePath().append("fsbench-shim-old");
    try {
      int flags = LibC.O_CREAT | LibC.O_EXCL | LibC.O_RDWR | LibC.O_CLOEXEC;
      int fd = Shim.openAt(dirFd, name.address(), flags, 0600);
      assertThat(fd).isNotNegative();
      assertThat(Shim.openAt(dirFd, name.address(), flags, 0600))
          .isEqualTo(-NativeIoException.EEXIST);
      assertThat(Shim.lseek(fd, 4096, LibC.SEEK_SET)).isEqualTo(4096);
      assertThat(Shim.lseek(fd, -96, LibC.SEEK_CUR)).isEqualTo(4000);
      assertThat(Shim.fsync(fd)).isZero();
      assertThat(Shim.close(fd)).isZero();
      assertThat(Shim.close(fd)).isEqualTo(-NativeIoException.EBADF);
      assertThat(Shim.fsync(fd)).isEqualTo(-NativeIoException.EBADF);
      assertThat(Shim.lseek(fd, 0, LibC.SEEK_SET)).isEqualTo(-NativeIoException.EBADF);

      NativeBuffer stat = NativeBuffer.allocate(LibC.STATX_BUFFER);
      long buffer = stat.address(0, LibC.STATX_BUFFER);
      assertThat(Shim.statx(dirFd, old.address(), 0, LibC.STATX_SIZE, buffer)).isZero();
      assertThat(stat.buffer().order(ByteOrder.nativeOrder()).getLong(LibC.STATX_SIZE_OFFSET))
          .isEqualTo(300);
      assertThat(Shim.unlinkAt(dirFd, old.address(), 0)).isZero();
      assertThat(Shim.statx(dirFd, old.address(), 0, LibC.STATX_SIZE, buffer))
          .isEqualTo(-NativeIoException.ENOENT);
      assertThat(Shim.unlinkAt(dirFd, old.address(), 0)).isEqualTo(-NativeIoException.ENOENT);
    } finally {
      LibC.close(dirFd);
    }
    assertThat(Files.exists(dir.resolve("fsbench-shim-old"))).isFalse();
    assertThat(Files.exists(dir.resolve("fsbench-shim-new"))).isTrue();
  }
}
