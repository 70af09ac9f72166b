package io.fsbench.core.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileCallsTest {

  @TempDir Path dir;

  private static NativePath pathOf(Path p) {
    return new NativePath().set(NativePath.encode(p));
  }

  @Test
  void writesReadsAndStatsAFileThroughNativeMemory() throws IOException {
    NativePath file = pathOf(dir.resolve("fsbench-f"));
    NativeBuffer data = NativeBuffer.allocate(5);
    data.buffer().put(0, "hello".getBytes(StandardCharsets.US_ASCII));
    int fd = FileCalls.open(file, FileCalls.O_WRONLY | FileCalls.O_CREAT | FileCalls.O_EXCL, 0644);
    try {
      FileCalls.writeFully(fd, data, 0, 5);
      FileCalls.fstat(fd);
    } finally {
      FileCalls.close(fd);
    }

    assertThat(FileCalls.lstatSize(file)).isEqualTo(5);
    NativeBuffer back = NativeBuffer.allocate(8);
    fd = FileCalls.open(file, FileCalls.O_RDONLY, 0);
    try {
      assertThat(FileCalls.read(fd, back, 1, 7)).isEqualTo(5);
      assertThat(FileCalls.read(fd, back, 0, 1)).isZero();
    } finally {
      FileCalls.close(fd);
    }
    assertThat(back.buffer().get(1)).isEqualTo((byte) 'h');
  }

  @Test
  void errorsAreTheJdksExceptionsNamingThePath() throws IOException {
    NativePath missing = pathOf(dir.resolve("fsbench-missing"));
    assertThatThrownBy(() -> FileCalls.open(missing, FileCalls.O_RDONLY, 0))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("fsbench-missing")
        .hasMessageContaining("ENOENT");
    Files.createFile(dir.resolve("fsbench-there"));
    NativePath there = pathOf(dir.resolve("fsbench-there"));
    assertThatThrownBy(
            () ->
                FileCalls.open(there, FileCalls.O_WRONLY | FileCalls.O_CREAT | FileCalls.O_EXCL, 0))
        .isInstanceOf(FileAlreadyExistsException.class);
    assertThatThrownBy(() -> FileCalls.fstat(-1)).hasMessageContaining("EBADF");
  }

  @Test
  void mkdirSaysWhetherItMadeTheDirectory() throws IOException {
    NativePath sub = pathOf(dir.resolve("fsbench-sub"));
    assertThat(FileCalls.mkdir(sub, 0755)).isTrue();
    assertThat(FileCalls.mkdir(sub, 0755)).isFalse();
  }

  @Test
  void setsOnlyTheModificationTimeOfAFileAndOfAPath() throws IOException {
    Path file = Files.createFile(dir.resolve("fsbench-t"));
    FileTime accessed = (FileTime) Files.getAttribute(file, "lastAccessTime");
    int fd = FileCalls.open(pathOf(file), FileCalls.O_WRONLY, 0);
    try {
      FileCalls.setModifiedTime(fd, 1_600_000_000L, 500);
    } finally {
      FileCalls.close(fd);
    }
    assertThat(Files.getLastModifiedTime(file).toInstant().getEpochSecond())
        .isEqualTo(1_600_000_000L);
    assertThat(Files.getAttribute(file, "lastAccessTime")).isEqualTo(accessed);

    Path sub = Files.createDirectory(dir.resolve("fsbench-d"));
    FileCalls.setModifiedTime(pathOf(sub), 1_500_000_000L, 0);
    assertThat(Files.getLastModifiedTime(sub, LinkOption.NOFOLLOW_LINKS))
        .isEqualTo(FileTime.fromMillis(1_500_000_000_000L));
  }
}
