package io.fsbench.core.nativeio;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

/**
 * Direct buffers aligned for O_DIRECT, and the data written from them, with fio's semantics.
 *
 * <pre>{@code
 * ByteBuffer buffer = AlignedBuffers.allocate(128 * 1024);
 * AlignedBuffers.fillCompressible(buffer, 50, 512, new SplittableRandom(seed));
 * }</pre>
 *
 * <p>Content matters: btrfs and ZFS compress, so all-zero buffers would measure the compressor, not
 * the disk. Like fio, the default content is random (incompressible), and {@link #fillCompressible}
 * follows {@code buffer_compress_percentage}/{@code buffer_compress_chunk}: in every chunk, the
 * first (100 - percentage)% is random and the rest is zeros, with fresh random bytes in each chunk
 * so that no two chunks deduplicate.
 */
public final class AlignedBuffers {

  /** The alignment O_DIRECT needs on every device we know (4 KiB sectors and pages). */
  public static final int ALIGNMENT = 4096;

  /** fio's default {@code buffer_compress_chunk}. */
  public static final int DEFAULT_COMPRESS_CHUNK = 512;

  private static final int SECTOR = 512;

  private AlignedBuffers() {}

  /** A zeroed direct buffer of {@code size} bytes whose address is a multiple of 4096. */
  public static ByteBuffer allocate(int size) {
    return allocate(size, ALIGNMENT);
  }

  /**
   * A zeroed direct buffer of {@code size} bytes whose address is a multiple of {@code alignment}.
   */
  public static ByteBuffer allocate(int size, int alignment) {
    if (size <= 0) {
      throw new IllegalArgumentException("size (" + size + ") must be positive");
    }
    if (alignment <= 0 || Integer.bitCount(alignment) != 1) {
      throw new IllegalArgumentException(
          "alignment (" + alignment + ") must be a positive power of two, e.g. 4096");
    }
    // alignedSlice rounds the start up and the end down, so allocate whole aligned units plus
    // slack.
    int rounded = Math.addExact(size, alignment - 1) & -alignment;
    ByteBuffer raw = ByteBuffer.allocateDirect(Math.addExact(rounded, alignment - 1));
    ByteBuffer aligned = raw.alignedSlice(alignment);
    return aligned.limit(size).slice().order(ByteOrder.nativeOrder());
  }

  /** Whether {@code buffer}'s position is at an address that is a multiple of {@code alignment}. */
  public static boolean isAligned(ByteBuffer buffer, int alignment) {
    return buffer.isDirect() && BufferAddress.ofPosition(buffer) % alignment == 0;
  }

  /**
   * Fills {@code buffer} (0 to capacity) with incompressible random bytes, as fio does by default.
   */
  public static void fillRandom(ByteBuffer buffer, SplittableRandom random) {
    fillRandom(buffer, 0, buffer.capacity(), random);
  }

  /** Fills {@code buffer} (0 to capacity) with zeros, as fio's {@code zero_buffers}. */
  public static void fillZeros(ByteBuffer buffer) {
    fillZeros(buffer, 0, buffer.capacity());
  }

  /**
   * Fills {@code buffer} (0 to capacity) so that it compresses by about {@code percentage}%, as
   * fio's {@code buffer_compress_percentage} with {@code buffer_compress_chunk = chunk}: each chunk
   * (the last one may be shorter) starts with (100 - percentage)% of its length in random bytes and
   * ends in zeros. A chunk of 0 means one chunk for the whole buffer; 100% gives all zeros.
   */
  public static void fillCompressible(
      ByteBuffer buffer, int percentage, int chunk, SplittableRandom random) {
    if (percentage < 0 || percentage > 100) {
      throw new IllegalArgumentException(
          "compress percentage (" + percentage + ") must be between 0 and 100");
    }
    if (chunk < 0) {
      throw new IllegalArgumentException("compress chunk (" + chunk + ") must not be negative");
    }
    int capacity = buffer.capacity();
    int step = chunk == 0 ? capacity : chunk;
    for (int start = 0; start < capacity; start += step) {
      int length = Math.min(step, capacity - start);
      int randomLength = (int) ((long) length * (100 - percentage) / 100);
      fillRandom(buffer, start, randomLength, random);
      fillZeros(buffer, start + randomLength, length - randomLength);
    }
  }

  /**
   * Stamps each 512-byte sector of {@code buffer} with its file offset and the issue time, as fio's
   * {@code scramble_buffers} (on by default) does before each write, so that a buffer reused for
   * every write does not deduplicate. The offset goes into one of the sector's first eight 64-byte
   * cache lines (chosen from the time and offset), the time into the last 16 bytes of the first.
   * Only the bytes up to the buffer's limit (the I/O's length) are touched: with bssplit a buffer
   * sized for the largest block carries smaller writes.
   */
  public static void scramble(ByteBuffer buffer, long fileOffset, long issueNanos) {
    int sectors = buffer.limit() / SECTOR;
    int line = (int) ((issueNanos ^ fileOffset) & 7) * 64;
    long seconds = issueNanos / 1_000_000_000L;
    long nanos = issueNanos % 1_000_000_000L;
    for (int i = 0; i < sectors; i++) {
      int sector = i * SECTOR;
      buffer.putLong(sector + line, fileOffset + sector);
      buffer.putLong(sector + 48, seconds);
      buffer.putLong(sector + 56, nanos);
    }
  }

  static void fillRandom(ByteBuffer buffer, int start, int length, SplittableRandom random) {
    int end = start + length;
    int i = start;
    for (; i + Long.BYTES <= end; i += Long.BYTES) {
      buffer.putLong(i, random.nextLong());
    }
    if (i < end) {
      long last = random.nextLong();
      for (; i < end; i++, last >>>= 8) {
        buffer.put(i, (byte) last);
      }
    }
  }

  static void fillZeros(ByteBuffer buffer, int start, int length) {
    int end = start + length;
    int i = start;
    for (; i + Long.BYTES <= end; i += Long.BYTES) {
      buffer.putLong(i, 0L);
    }
    for (; i < end; i++) {
      buffer.put(i, (byte) 0);
    }
  }
}
