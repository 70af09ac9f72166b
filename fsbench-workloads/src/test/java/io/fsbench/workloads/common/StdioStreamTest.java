package io.fsbench.workloads.common;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.core.nativeio.NativeBuffer;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * The expected calls are those strace shows for the same fwrite/fread sequences run through glibc
 * 2.36's stdio on a file with a 4096-byte st_blksize.
 */
class StdioStreamTest {

  private final StdioStream stdio = new StdioStream(4096);

  private static final NativeBuffer DATA = NativeBuffer.allocate(20_000);

  static {
    for (int i = 0; i < DATA.capacity(); i++) {
      DATA.buffer().put(i, (byte) i);
    }
  }

  private static byte[] bytes(int n) {
    byte[] b = new byte[n];
    DATA.buffer().get(0, b);
    return b;
  }

  private void write(int n) throws IOException {
    stdio.write(DATA, 0, n);
  }

  @Test
  void smallWritesReachTheFileInBufferSizedCalls() throws IOException {
    RecordingFile file = new RecordingFile(10_000);
    stdio.open(file);
    for (int i = 0; i < 9; i++) {
      write(512);
    }
    write(392); // PostMark's remainder of a 5000-byte file
    stdio.close();

    assertThat(file.calls).containsExactly("fstat", "write 4096", "write 904", "close");
    assertThat(file.written()).hasSize(5000);
  }

  @Test
  void writesOfWholeBuffersGoStraightToTheFileOnceTheBufferIsFull() throws IOException {
    RecordingFile file = new RecordingFile(100_000);
    stdio.open(file);
    write(8192); // no buffer yet: straight out
    write(8192); // fills the empty buffer first, then 4096 straight out
    write(1000);
    stdio.close();

    assertThat(file.calls)
        .containsExactly("fstat", "write 8192", "write 4096", "write 4096", "write 1000", "close");
  }

  @Test
  void aWriteLargerThanTheSpaceLeftFillsTheBufferThenWritesWholeBlocks() throws IOException {
    RecordingFile file = new RecordingFile(100_000);
    stdio.open(file);
    write(1000);
    write(10_000); // 3096 fill the buffer, 4096 flushed, 4096 direct, 2808 kept
    stdio.close();

    assertThat(file.calls)
        .containsExactly("fstat", "write 4096", "write 4096", "write 2808", "close");
    ByteBuffer expected = ByteBuffer.allocate(11_000).put(bytes(1000)).put(bytes(10_000));
    assertThat(file.written()).isEqualTo(expected.array());
  }

  @Test
  void emptyWritesMakeNoCall() throws IOException {
    RecordingFile file = new RecordingFile(10);
    stdio.open(file);
    write(0);
    stdio.close();

    assertThat(file.calls).containsExactly("close");
  }

  @Test
  void smallReadsAreServedFromBufferSizedReads() throws IOException {
    RecordingFile file = new RecordingFile(bytes(5000));
    NativeBuffer into = NativeBuffer.allocate(512);
    stdio.open(file);
    int total = 0;
    for (int i = 0; i < 9; i++) {
      total += stdio.read(into, 512);
    }
    total += stdio.read(into, 392);
    stdio.close();

    assertThat(total).isEqualTo(5000);
    assertThat(file.calls)
        .containsExactly("fstat", "read 4096 -> 4096", "read 4096 -> 904", "close");
  }

  @Test
  void readsOfWholeBuffersGoStraightIntoTheCaller() throws IOException {
    RecordingFile file = new RecordingFile(bytes(20_000));
    NativeBuffer into = NativeBuffer.allocate(10_000);
    stdio.open(file);
    int first = stdio.read(into, 10_000);
    int second = stdio.read(into, 10_000);
    stdio.close();

    assertThat(first + second).isEqualTo(20_000);
    assertThat(file.calls)
        .containsExactly(
            "fstat",
            "read 8192 -> 8192",
            "read 4096 -> 4096",
            "read 4096 -> 4096",
            "read 4096 -> 3616",
            "close");
  }
}
