package io.fsbench.core.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeFileTest {

  @TempDir Path dir;

  @Test
  void readsBackWhatItWroteThroughThePageCache() throws Exception {
    Path path = dir.resolve("buffered");
    ByteBuffer written = randomBuffer(8192, 1);
    try (NativeFile file = NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE)) {
      assertThat(file.pwrite(written, 4096)).isEqualTo(8192);
      assertThat(written.remaining()).isZero();

      ByteBuffer read = AlignedBuffers.allocate(8192);
      assertThat(file.pread(read, 4096)).isEqualTo(8192);
      assertThat(read.flip()).isEqualTo(written.flip());
      assertThat(file.size()).isEqualTo(4096 + 8192);
    }
    assertThat(Files.size(path)).isEqualTo(4096 + 8192);
  }

  @Test
  void readsBackWhatItWroteWithODirect() throws Exception {
    Path path = dir.resolve("direct");
    assumeTrue(supportsDirectIo(path), "the temp dir's filesystem does not support O_DIRECT");
    ByteBuffer written = randomBuffer(16384, 2);
    try (NativeFile file =
        NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE, OpenFlag.DIRECT)) {
      assertThat(file.isDirect()).isTrue();
      assertThat(file.pwrite(written, 65536)).isEqualTo(16384);
      ByteBuffer read = AlignedBuffers.allocate(16384);
      assertThat(file.pread(read, 65536)).isEqualTo(16384);
      assertThat(read.flip()).isEqualTo(written.flip());
    }
  }

  @Test
  void passesEachOpenFlagToTheKernel() throws Exception {
    Path path = dir.resolve("flags");
    try (NativeFile file =
        NativeFile.open(
            path,
            OpenFlag.WRITE,
            OpenFlag.CREATE,
            OpenFlag.SYNC,
            OpenFlag.NOATIME,
            OpenFlag.APPEND)) {
      int flags = kernelFlags(file);
      assertThat(flags & LibC.O_SYNC).isEqualTo(LibC.O_SYNC);
      assertThat(flags & LibC.O_NOATIME).isEqualTo(LibC.O_NOATIME);
      assertThat(flags & LibC.O_APPEND).isEqualTo(LibC.O_APPEND);
      assertThat(flags & 3).isEqualTo(LibC.O_WRONLY);
      assertThat(flags & LibC.O_CLOEXEC).isEqualTo(LibC.O_CLOEXEC);
    }
    try (NativeFile file = NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.DSYNC)) {
      int flags = kernelFlags(file);
      assertThat(flags & LibC.O_DSYNC).isEqualTo(LibC.O_DSYNC);
      assertThat(flags & LibC.O_SYNC).isEqualTo(LibC.O_DSYNC);
      assertThat(flags & 3).isEqualTo(LibC.O_RDWR);
    }
    if (supportsDirectIo(path)) {
      try (NativeFile file = NativeFile.open(path, OpenFlag.DIRECT)) {
        assertThat(kernelFlags(file) & LibC.O_DIRECT).isEqualTo(LibC.O_DIRECT);
        assertThat(kernelFlags(file) & 3).isEqualTo(LibC.O_RDONLY);
      }
    }
  }

  @Test
  void readsOnlyBetweenPositionAndLimitAndAdvancesThePosition() throws Exception {
    Path path = dir.resolve("window");
    Files.write(path, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
    try (NativeFile file = NativeFile.open(path)) {
      ByteBuffer buffer = ByteBuffer.allocateDirect(8);
      buffer.position(2).limit(5);
      assertThat(file.pread(buffer, 4)).isEqualTo(3);
      assertThat(buffer.position()).isEqualTo(5);
      buffer.clear();
      assertThat(buffer.get(2)).isEqualTo((byte) 5);
      assertThat(buffer.get(4)).isEqualTo((byte) 7);
      assertThat(buffer.get(5)).isZero();
    }
  }

  @Test
  void readReturnsZeroAtEndOfFile() throws Exception {
    Path path = dir.resolve("short");
    Files.write(path, new byte[100]);
    try (NativeFile file = NativeFile.open(path)) {
      assertThat(file.pread(ByteBuffer.allocateDirect(10), 100)).isZero();
      assertThat(file.pread(ByteBuffer.allocateDirect(10), 95)).isEqualTo(5);
    }
  }

  @Test
  void refusesHeapBuffers() throws Exception {
    Path path = dir.resolve("heap");
    Files.write(path, new byte[10]);
    try (NativeFile file = NativeFile.open(path)) {
      assertThatThrownBy(() -> file.pread(ByteBuffer.allocate(10), 0))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("must be direct");
    }
  }

  @Test
  void openFailureNamesThePathAndErrno() {
    Path missing = dir.resolve("missing");
    assertThatThrownBy(() -> NativeFile.open(missing))
        .isInstanceOfSatisfying(
            NativeIoException.class,
            e -> {
              assertThat(e.errno()).isEqualTo(NativeIoException.ENOENT);
              assertThat(e.errnoName()).isEqualTo("ENOENT");
              assertThat(e.path()).isEqualTo(missing.toString());
              assertThat(e.operation()).startsWith("open");
            })
        .hasMessageContaining(missing.toString())
        .hasMessageContaining("No such file or directory")
        .hasMessageContaining("errno 2");
  }

  @Test
  void exclusiveCreateRefusesAnExistingFile() throws Exception {
    Path path = dir.resolve("exists");
    Files.write(path, new byte[1]);
    assertThatThrownBy(
            () -> NativeFile.open(path, OpenFlag.WRITE, OpenFlag.CREATE, OpenFlag.EXCLUSIVE))
        .isInstanceOfSatisfying(
            NativeIoException.class,
            e -> assertThat(e.errno()).isEqualTo(NativeIoException.EEXIST));
  }

  @Test
  void misalignedDirectReadFailsWithEinvalAndSaysWhy() throws Exception {
    Path path = dir.resolve("misaligned");
    assumeTrue(supportsDirectIo(path), "the temp dir's filesystem does not support O_DIRECT");
    try (NativeFile file =
        NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE, OpenFlag.DIRECT)) {
      file.pwrite(AlignedBuffers.allocate(8192), 0);
      ByteBuffer misaligned = AlignedBuffers.allocate(8192).position(1);
      assertThatThrownBy(() -> file.pread(misaligned, 0))
          .isInstanceOfSatisfying(
              NativeIoException.class,
              e -> assertThat(e.errno()).isEqualTo(NativeIoException.EINVAL))
          .hasMessageContaining("pread(8191 bytes at offset 0)")
          .hasMessageContaining("AlignedBuffers");
    }
  }

  @Test
  void readingAWriteOnlyFileFailsWithEbadf() throws Exception {
    Path path = dir.resolve("writeonly");
    try (NativeFile file = NativeFile.open(path, OpenFlag.WRITE, OpenFlag.CREATE)) {
      assertThatThrownBy(() -> file.pread(ByteBuffer.allocateDirect(1), 0))
          .isInstanceOfSatisfying(
              NativeIoException.class,
              e -> assertThat(e.errno()).isEqualTo(NativeIoException.EBADF));
    }
  }

  @Test
  void fallocateGrowsTheFileAndKeepSizeOnlyReservesBlocks() throws Exception {
    Path path = dir.resolve("allocated");
    try (NativeFile file = NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE)) {
      file.fallocate(0, 1 << 20, false);
      assertThat(file.size()).isEqualTo(1 << 20);
      file.fallocate(1 << 20, 1 << 20, true);
      assertThat(file.size()).isEqualTo(1 << 20);
      assertThat(allocatedBytes(path)).isGreaterThanOrEqualTo(2L << 20);
      file.posixFallocate(0, 3 << 20);
      assertThat(file.size()).isEqualTo(3 << 20);
    }
  }

  @Test
  void truncateSetsTheSize() throws Exception {
    Path path = dir.resolve("truncated");
    try (NativeFile file = NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE)) {
      file.truncate(12345);
      assertThat(file.size()).isEqualTo(12345);
      assertThat(allocatedBytes(path)).isZero();
    }
  }

  @Test
  void syncCallsSucceedOnAWrittenFile() throws Exception {
    Path path = dir.resolve("synced");
    try (NativeFile file = NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE)) {
      file.pwrite(randomBuffer(4096, 3), 0);
      file.fdatasync();
      file.fsync();
      file.syncfs();
      assertThat(file.size()).isEqualTo(4096);
    }
  }

  @Test
  void fadviseDontNeedDropsTheFileFromThePageCache() throws Exception {
    Path path = dir.resolve("cached");
    int size = 1 << 20;
    try (NativeFile file = NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE)) {
      file.pwrite(randomBuffer(size, 4), 0);
      file.fsync();
      file.pread(AlignedBuffers.allocate(size), 0);
      assertThat(PageCache.residentPages(path)).isEqualTo(size / PageCache.PAGE_SIZE);

      file.fadvise(Advice.DONTNEED, 0, 0);

      assertThat(PageCache.residentPages(path)).isZero();
    }
  }

  @Test
  void blockDeviceIoctlsOnARegularFileSayItIsNoBlockDevice() throws Exception {
    Path path = dir.resolve("regular");
    Files.write(path, new byte[1]);
    try (NativeFile file = NativeFile.open(path)) {
      assertThatThrownBy(file::blockDeviceSize)
          .isInstanceOfSatisfying(
              NativeIoException.class,
              e -> assertThat(e.errno()).isEqualTo(NativeIoException.ENOTTY))
          .hasMessageContaining("BLKGETSIZE64")
          .hasMessageContaining("not a block device");
      assertThatThrownBy(file::logicalBlockSize).isInstanceOf(NativeIoException.class);
      assertThatThrownBy(file::flushBlockDeviceBuffers).isInstanceOf(NativeIoException.class);
    }
  }

  @Test
  void closeIsIdempotentAndLaterIoIsRefused() throws Exception {
    Path path = dir.resolve("closed");
    NativeFile file = NativeFile.open(path, OpenFlag.WRITE, OpenFlag.CREATE);
    file.close();
    file.close();
    assertThatThrownBy(() -> file.pwrite(ByteBuffer.allocateDirect(1), 0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
  }

  @Test
  void refusesWriteTogetherWithReadWrite() {
    assertThatThrownBy(() -> NativeFile.open(dir.resolve("x"), OpenFlag.WRITE, OpenFlag.READ_WRITE))
        .isInstanceOf(IllegalArgumentException.class);
  }

  static ByteBuffer randomBuffer(int size, long seed) {
    ByteBuffer buffer = AlignedBuffers.allocate(size);
    AlignedBuffers.fillRandom(buffer, new SplittableRandom(seed));
    return buffer;
  }

  static boolean supportsDirectIo(Path path) {
    try {
      NativeFile.open(path, OpenFlag.READ_WRITE, OpenFlag.CREATE, OpenFlag.DIRECT).close();
      return true;
    } catch (NativeIoException e) {
      return false;
    }
  }

  /** The flags the kernel holds for the descriptor, from /proc/self/fdinfo (octal). */
  private static int kernelFlags(NativeFile file) throws Exception {
    for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo/" + file.fd()))) {
      if (line.startsWith("flags:")) {
        return Integer.parseInt(line.substring("flags:".length()).trim(), 8);
      }
    }
    throw new AssertionError("no flags line in /proc/self/fdinfo/" + file.fd());
  }

  private static long allocatedBytes(Path path) throws Exception {
    // st_blocks counts 512-byte units whatever the filesystem's block size; the JDK hides it.
    Process stat = new ProcessBuilder("stat", "-c", "%b", path.toString()).start();
    String blocks = new String(stat.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
    assertThat(stat.waitFor()).isZero();
    return Long.parseLong(blocks.trim()) * 512;
  }
}
