package io.fsbench.workloads.tree;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file read ahead in large pieces straight into a direct buffer, as a stream. {@link
 * java.io.FileInputStream} reads every request into a buffer it allocates natively and then copies
 * that into the caller's array; here the kernel fills the direct buffer and the one copy is into
 * the caller's array. One read(2) per refill.
 */
final class FileReadAhead extends InputStream {

  private final FileChannel channel;
  private final ByteBuffer buffer;

  FileReadAhead(Path file, int size) throws IOException {
    this.channel = FileChannel.open(file, StandardOpenOption.READ);
    this.buffer = ByteBuffer.allocateDirect(size).limit(0);
  }

  @Override
  public int read() throws IOException {
    if (!buffer.hasRemaining() && !fill()) {
      return -1;
    }
    return buffer.get() & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (!buffer.hasRemaining() && !fill()) {
      return -1;
    }
    int n = Math.min(len, buffer.remaining());
    buffer.get(b, off, n);
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    long buffered = Math.min(Math.max(n, 0), buffer.remaining());
    buffer.position(buffer.position() + (int) buffered);
    long rest = n - buffered;
    if (rest > 0) {
      long position = channel.position();
      long target = Math.min(channel.size(), position + rest);
      channel.position(target);
      return buffered + target - position;
    }
    return buffered;
  }

  private boolean fill() throws IOException {
    buffer.clear();
    int n = channel.read(buffer);
    buffer.flip();
    return n > 0;
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
