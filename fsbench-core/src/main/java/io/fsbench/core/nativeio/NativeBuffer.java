package io.fsbench.core.nativeio;

import java.nio.ByteBuffer;

/**
 * Native memory for {@link FileCalls}: a direct buffer whose address is read once, so that a call
 * on it costs no lookup and no allocation.
 */
public final class NativeBuffer {

  private final ByteBuffer buffer;
  private final long address;

  private NativeBuffer(ByteBuffer buffer) {
    this.buffer = buffer;
    this.address = BufferAddress.of(buffer);
  }

  /** Zero-filled memory of {@code capacity} bytes (at least one). */
  public static NativeBuffer allocate(int capacity) {
    return new NativeBuffer(ByteBuffer.allocateDirect(Math.max(capacity, 1)));
  }

  /**
   * The memory of a direct buffer, such as one from {@link AlignedBuffers#allocate(int)}: shared,
   * not copied; the buffer's whole capacity from its first byte.
   */
  public static NativeBuffer wrap(ByteBuffer direct) {
    if (!direct.isDirect()) {
      throw new IllegalArgumentException("a NativeBuffer needs a direct buffer, not " + direct);
    }
    return new NativeBuffer(direct);
  }

  /** The memory as a buffer, for filling and reading it from Java. */
  public ByteBuffer buffer() {
    return buffer;
  }

  public int capacity() {
    return buffer.capacity();
  }

  /** The address of byte {@code offset}, checked to hold {@code length} bytes. */
  long address(int offset, int length) {
    if (offset < 0 || length < 0 || offset + length > buffer.capacity()) {
      throw new IndexOutOfBoundsException(
          "range " + offset + "+" + length + " outside a buffer of " + buffer.capacity());
    }
    return address + offset;
  }
}
