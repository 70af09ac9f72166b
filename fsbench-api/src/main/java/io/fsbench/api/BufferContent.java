package io.fsbench.api;

import java.util.Objects;

/**
 * What written blocks contain. It decides what Btrfs and ZFS compression measure: random data does
 * not compress, zeros compress to nothing. fio's {@code fill_io_buffer} decides in this order:
 * compressible or deduplicated data first, then a pattern, then zeros, then random bytes.
 *
 * @param fill the base content
 * @param compressPercentage fio's {@code buffer_compress_percentage}: this share of each chunk is
 *     zeros (or the pattern, if one is given), the rest random; 0 means all random
 * @param compressChunk fio's {@code buffer_compress_chunk}: the granularity of that mix; zero means
 *     the block size
 * @param refill fio's {@code refill_buffers}: fresh content for every write, instead of one buffer
 *     filled once and reused with a few bytes scrambled per write
 * @param scramble whether a reused buffer has its offset and time written into each 512 bytes
 *     before a write (fio's {@code scramble_buffers}, as fio resolves it against {@code
 *     zero_buffers}); fio never scrambles compressible, deduplicated or verified content
 * @param pattern fio's {@code buffer_pattern}: the bytes repeated over each buffer
 * @param dedupe fio's {@code dedupe_percentage} and its companions
 */
public record BufferContent(
    Fill fill,
    int compressPercentage,
    Size compressChunk,
    boolean refill,
    boolean scramble,
    DataPattern pattern,
    Dedupe dedupe) {

  /** The base content of a buffer. */
  public enum Fill {
    RANDOM,
    ZEROS
  }

  /** fio's default: random bytes, filled once, scrambled per write. */
  public static final BufferContent RANDOM = new BufferContent(Fill.RANDOM, 0, Size.ZERO, false);

  public static final BufferContent ZEROS = new BufferContent(Fill.ZEROS, 0, Size.ZERO, false);

  public BufferContent {
    Objects.requireNonNull(fill, "fill");
    Objects.requireNonNull(compressChunk, "compressChunk");
    Objects.requireNonNull(pattern, "pattern");
    Objects.requireNonNull(dedupe, "dedupe");
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
    if (pattern.hasOffset()) {
      throw new InvalidInputException(
          "buffer_pattern ("
              + pattern
              + ") holds %o, which only verify_pattern takes (fio's buffer_pattern has no"
              + " formats); write the bytes instead");
    }
  }

  /** Content without a pattern or copies, scrambled when it is random and reused. */
  public BufferContent(Fill fill, int compressPercentage, Size compressChunk, boolean refill) {
    this(
        fill,
        compressPercentage,
        compressChunk,
        refill,
        fill == Fill.RANDOM,
        DataPattern.NONE,
        Dedupe.NONE);
  }

  /** Random content of which {@code percent} % compresses away. */
  public static BufferContent compressible(int percent) {
    return new BufferContent(Fill.RANDOM, percent, Size.ZERO, false);
  }

  public BufferContent refilled() {
    return new BufferContent(
        fill, compressPercentage, compressChunk, true, scramble, pattern, dedupe);
  }

  /** The same content with {@code pattern} repeated in place of zeros or random bytes. */
  public BufferContent pattern(DataPattern p) {
    return new BufferContent(fill, compressPercentage, compressChunk, refill, scramble, p, dedupe);
  }

  /** The same content with a share of copies. */
  public BufferContent dedupe(Dedupe d) {
    return new BufferContent(fill, compressPercentage, compressChunk, refill, scramble, pattern, d);
  }
}
