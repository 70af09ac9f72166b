package io.fsbench.workloads.common;

import io.fsbench.core.nativeio.NativeBuffer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * An in-memory file that records every system call stdio makes on it, with its size, as strace
 * would show them.
 */
final class RecordingFile implements RawFile {

  final List<String> calls = new ArrayList<>();
  private final ByteBuffer content;

  RecordingFile(int capacity) {
    content = ByteBuffer.allocate(capacity);
  }

  RecordingFile(byte[] data) {
    content = ByteBuffer.wrap(data);
  }

  byte[] written() {
    byte[] out = new byte[content.position()];
    content.duplicate().flip().get(out);
    return out;
  }

  @Override
  public int read(NativeBuffer into, int offset, int length) {
    int n = Math.min(length, content.remaining());
    calls.add("read " + length + " -> " + n);
    into.buffer().put(offset, content, content.position(), n);
    content.position(content.position() + n);
    return n;
  }

  @Override
  public void write(NativeBuffer from, int offset, int length) {
    calls.add("write " + length);
    content.put(content.position(), from.buffer(), offset, length);
    content.position(content.position() + length);
  }

  @Override
  public void fstat() {
    calls.add("fstat");
  }

  @Override
  public void close() {
    calls.add("close");
  }
}
