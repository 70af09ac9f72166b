package io.fsbench.core.nativeio;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import sun.misc.Unsafe;

/**
 * The native address of a direct ByteBuffer, without allocating. {@link
 * Native#getDirectBufferPointer} creates a Pointer per call, which the hot path cannot afford;
 * reading {@code Buffer.address} through Unsafe (as Netty does) costs one load. If that field ever
 * disappears we fall back to JNA.
 */
final class BufferAddress {

  private static final Unsafe UNSAFE;
  private static final long ADDRESS_OFFSET;

  static {
    Unsafe unsafe = null;
    long offset = -1;
    try {
      Field theUnsafe = Unsafe.class.getDeclaredField("theUnsafe");
      theUnsafe.setAccessible(true);
      unsafe = (Unsafe) theUnsafe.get(null);
      offset = unsafe.objectFieldOffset(Buffer.class.getDeclaredField("address"));
      ByteBuffer probe = ByteBuffer.allocateDirect(1);
      if (unsafe.getLong(probe, offset)
          != Pointer.nativeValue(Native.getDirectBufferPointer(probe))) {
        offset = -1;
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      offset = -1;
    }
    UNSAFE = unsafe;
    ADDRESS_OFFSET = offset;
  }

  private BufferAddress() {}

  /** The address of {@code buffer}'s first byte (index 0, not its position). */
  static long of(ByteBuffer buffer) {
    if (!buffer.isDirect()) {
      throw new IllegalArgumentException(
          "buffer must be direct (ByteBuffer.allocateDirect or AlignedBuffers.allocate), got "
              + buffer);
    }
    if (ADDRESS_OFFSET >= 0) {
      return UNSAFE.getLong(buffer, ADDRESS_OFFSET);
    }
    return Pointer.nativeValue(Native.getDirectBufferPointer(buffer));
  }

  /** The address of {@code buffer}'s current position. */
  static long ofPosition(ByteBuffer buffer) {
    return of(buffer) + buffer.position();
  }
}
