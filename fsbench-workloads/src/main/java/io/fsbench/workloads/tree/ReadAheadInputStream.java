package io.fsbench.workloads.tree;

import java.io.IOException;
import java.io.InputStream;

/**
 * A plain read-ahead buffer over a stream: one underlying read per refill, and none of {@link
 * java.io.BufferedInputStream}'s {@code available()} probes, which on a file cost an fstat and an
 * lseek after every short read (two extra system calls per file of a tar archive). Reads larger
 * than the buffer go straight through.
 */
final class ReadAheadInputStream extends InputStream {

  private final InputStream in;
  private final byte[] buffer;
  private int start;
  private int end;

  ReadAheadInputStream(InputStream in, int size) {
    this.in = in;
    this.buffer = new byte[size];
  }

  @Override
  public int read() throws IOException {
    if (start == end && !fill()) {
      return -1;
    }
    return buffer[start++] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (start == end) {
      if (len >= buffer.length) {
        return in.read(b, off, len);
      }
      if (!fill()) {
        return -1;
      }
    }
    int n = Math.min(len, end - start);
    System.arraycopy(buffer, start, b, off, n);
    start += n;
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    long buffered = Math.min(n, end - start);
    start += (int) buffered;
    return buffered < n ? buffered + in.skip(n - buffered) : buffered;
  }

  private boolean fill() throws IOException {
    int n = in.read(buffer, 0, buffer.length);
    start = 0;
    end = Math.max(n, 0);
    return n > 0;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
