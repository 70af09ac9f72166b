package io.fsbench.core.nativeio;

import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.file.Path;

/**
 * A NUL-terminated path built in native memory, reused for every call: a prefix encoded once (the
 * workload's directory) and ASCII parts appended per file, so that naming a file allocates nothing.
 * Not thread-safe.
 */
public final class NativePath {

  private static final Charset FILE_NAMES =
      Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));

  private final NativeBuffer memory;
  private final ByteBuffer bytes;

  public NativePath() {
    this(4096);
  }

  NativePath(int capacity) {
    this.memory = NativeBuffer.allocate(capacity);
    this.bytes = memory.buffer();
  }

  /** The bytes of {@code path} as the kernel sees them. */
  public static byte[] encode(Path path) {
    return path.toString().getBytes(FILE_NAMES);
  }

  public NativePath set(byte[] prefix) {
    bytes.clear();
    bytes.put(prefix);
    return this;
  }

  public NativePath append(byte[] part) {
    bytes.put(part);
    return this;
  }

  public NativePath append(char ascii) {
    bytes.put((byte) ascii);
    return this;
  }

  public NativePath append(CharSequence ascii) {
    for (int i = 0; i < ascii.length(); i++) {
      bytes.put((byte) ascii.charAt(i));
    }
    return this;
  }

  /** Appends {@code n} in decimal, as {@code sprintf("%d")} does. */
  public NativePath append(long n) {
    if (n < 0) {
      bytes.put((byte) '-');
      n = -n;
    }
    int digits = 1;
    for (long rest = n / 10; rest > 0; rest /= 10) {
      digits++;
    }
    int start = bytes.position();
    for (int i = start + digits - 1; i >= start; i--) {
      bytes.put(i, (byte) ('0' + n % 10));
      n /= 10;
    }
    bytes.position(start + digits);
    return this;
  }

  public int length() {
    return bytes.position();
  }

  /** Cuts the path back to {@code length} bytes, e.g. to reuse a directory prefix. */
  public NativePath truncate(int length) {
    bytes.position(length);
    return this;
  }

  /** The address of the path with its terminating NUL. */
  long address() {
    int length = bytes.position();
    bytes.put(length, (byte) 0);
    return memory.address(0, length + 1);
  }

  @Override
  public String toString() {
    byte[] b = new byte[bytes.position()];
    bytes.duplicate().flip().get(b);
    return new String(b, FILE_NAMES);
  }
}
