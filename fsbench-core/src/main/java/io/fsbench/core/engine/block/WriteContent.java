package io.fsbench.core.engine.block;

import io.fsbench.api.BufferContent;
import io.fsbench.api.VerifyMethod;
import io.fsbench.core.nativeio.AlignedBuffers;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;

/**
 * What a job writes, as fio's buffer options decide: incompressible random bytes (the default),
 * zeros ({@code zero_buffers}) or data that compresses by a percentage ({@code
 * buffer_compress_percentage}) — what Btrfs and ZFS compression measure. Buffers are filled once
 * and reused; before each write they are changed just enough to defeat deduplication (fio's {@code
 * scramble_buffers}, on by default for random data), refilled ({@code refill_buffers}), or stamped
 * with a verify header.
 */
final class WriteContent {

  private final BufferContent content;
  private final BlockStamp stamp;
  private final SplittableRandom random;

  WriteContent(BufferContent content, VerifyMethod verify, long seed) {
    this.content = content;
    this.stamp = verify == VerifyMethod.NONE ? null : new BlockStamp(verify);
    this.random = new SplittableRandom(seed);
  }

  BlockStamp stamp() {
    return stamp;
  }

  /** Fills a new buffer (0 to capacity) once. */
  void fill(ByteBuffer buffer) {
    if (content.fill() == BufferContent.Fill.ZEROS) {
      AlignedBuffers.fillZeros(buffer);
    } else if (content.compressPercentage() > 0) {
      int chunk =
          content.compressChunk().isZero()
              ? AlignedBuffers.DEFAULT_COMPRESS_CHUNK
              : Math.toIntExact(content.compressChunk().bytes());
      AlignedBuffers.fillCompressible(buffer, content.compressPercentage(), chunk, random);
    } else {
      AlignedBuffers.fillRandom(buffer, random);
    }
  }

  /** Makes {@code buffer} (position 0, limit the I/O's length) ready to be written at offset. */
  void prepare(ByteBuffer buffer, long offset, long nowNanos) {
    if (content.refill()) {
      int limit = buffer.limit();
      buffer.clear();
      fill(buffer);
      buffer.clear().limit(limit);
    } else if (stamp == null
        && content.fill() == BufferContent.Fill.RANDOM
        && content.compressPercentage() == 0) {
      AlignedBuffers.scramble(buffer, offset, nowNanos);
    }
    if (stamp != null) {
      stamp.stamp(buffer, offset);
    }
  }
}
