package io.fsbench.api;

/**
 * What written blocks contain. It decides what Btrfs and ZFS compression measure: random data does
 * not compress, zeros compress to nothing.
 *
 * @param fill the base content
 * @param compressPercentage fio's {@code buffer_compress_percentage}: this share of each chunk is
 *     zeros (compressible), the rest random; 0 means all random
 * @param compressChunk fio's {@code buffer_compress_chunk}: the granularity of that mix; zero means
 *     the block size
 * @param refill fio's {@code refill_buffers}: fresh content for every write, instead of one buffer
 *     filled once and reused with a few bytes scrambled per write
 */
public record BufferContent(Fill fill, int compressPercentage, Size compressChunk, boolean refill) {

  /** The base content of a buffer. */
  public enum Fill {
    RANDOM,
    ZEROS
  }

  /** fio's default: random bytes, filled once, scrambled per write. */
  public static final BufferContent RANDOM = new BufferContent(Fill.RANDOM, 0, Size.ZERO, false);

  public static final BufferContent ZEROS = new BufferContent(Fill.ZEROS, 0, Size.ZERO, false);

  public BufferContent {
    if (compressPercentage < 0 || compressPercentage > 100) {
      throw new InvalidInputException(
          "buffer_compress_percentage (" + compressPercentage + ") must be between 0 and 100");
    }
    if (fill == Fill.ZEROS && compressPercentage != 0) {
      throw new InvalidInputException(
          "zero_buffers and buffer_compress_percentage ("
              + compressPercentage
              + ") contradict each other; give one of them");
    }
  }

  /** Random content of which {@code percent} % compresses away. */
  public static BufferContent compressible(int percent) {
    return new BufferContent(Fill.RANDOM, percent, Size.ZERO, false);
  }

  public BufferContent refilled() {
    return new BufferContent(fill, compressPercentage, compressChunk, true);
  }
}
