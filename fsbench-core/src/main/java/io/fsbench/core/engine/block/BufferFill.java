package io.fsbench.core.engine.block;

import io.fsbench.api.BufferContent;
import io.fsbench.api.DataPattern;
import io.fsbench.api.Dedupe;
import io.fsbench.core.nativeio.AlignedBuffers;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;

/**
 * fio's {@code fill_io_buffer} with its random stream replaced by fsbench's: compressible or
 * deduplicated content first (chunk by chunk, each chunk from one seed of the buffer's stream),
 * else the pattern, else zeros, else random bytes. With {@code dedupe_percentage}, each buffer is
 * drawn as a copy or not (fio's {@code get_buf_state}): a copy regenerates a stream state that an
 * earlier (or, in repeat mode, the next) unique buffer was made from, so the same bytes repeat.
 */
final class BufferFill {

  /** fio's default {@code buffer_compress_chunk}. */
  static final int DEFAULT_CHUNK = AlignedBuffers.DEFAULT_COMPRESS_CHUNK;

  private final BufferContent content;
  private final int minWrite;
  private final ContentStream main;
  private final ContentStream previous;
  private final ContentStream copy;
  private final SplittableRandom dedupeDraws;
  private final SplittableRandom workingSetDraws;
  private final ContentStream[] workingSet;

  /**
   * @param threadStreams each thread's stream seed, by thread number - 1 (fio's working set of a
   *     {@code dedupe_global} job takes pages from every thread's stream)
   * @param thread this clone's index into {@code threadStreams}
   * @param size the job's {@code size}, of which the working set is a share
   */
  BufferFill(BufferContent content, int minWrite, long[] threadStreams, int thread, long size) {
    this.content = content;
    this.minWrite = minWrite;
    long seed = threadStreams[thread];
    this.main = new ContentStream(seed, 0);
    this.previous = new ContentStream(seed, 0);
    this.copy = new ContentStream(seed, 0);
    this.dedupeDraws = new SplittableRandom(Mix.hash(seed ^ 0xDEDEL));
    this.workingSetDraws = new SplittableRandom(Mix.hash(seed ^ 0x5E7L));
    Dedupe d = content.dedupe();
    this.workingSet =
        !d.isNone() && d.mode() == Dedupe.Mode.WORKING_SET
            ? workingSet(d, threadStreams, thread, size)
            : new ContentStream[0];
  }

  /** How many seeds one block of {@code minWrite} bytes takes from its stream. */
  private int seedsPerBlock() {
    return minWrite / Math.min(minWrite, chunkSize());
  }

  private int chunkSize() {
    long chunk = content.compressChunk().bytes();
    return chunk == 0 ? DEFAULT_CHUNK : (int) Math.min(chunk, Integer.MAX_VALUE);
  }

  /**
   * fio's {@code init_dedupe_working_set_seeds}: page i is the state its stream has after i blocks;
   * under {@code dedupe_global} every {@code pages / threads} pages the pages continue from the
   * start of the next thread's stream, so that every thread's first blocks are in the set.
   */
  private ContentStream[] workingSet(Dedupe d, long[] threadStreams, int thread, long size) {
    long pages = size * d.workingSetPercentage() / 100 / minWrite;
    if (pages < 1 || pages > Integer.MAX_VALUE) {
      throw new io.fsbench.api.InvalidInputException(
          "dedupe_working_set_percentage ("
              + d.workingSetPercentage()
              + "%) of size ("
              + size
              + " bytes) holds "
              + pages
              + " blocks of "
              + minWrite
              + " bytes; give a share that holds at least one block");
    }
    ContentStream[] set = new ContentStream[(int) pages];
    long perSeed = Math.max(pages / threadStreams.length, 1);
    int from = thread;
    long seed = threadStreams[thread];
    long position = 0;
    for (int i = 0; i < pages; i++) {
      if (i > 0) {
        position += seedsPerBlock();
        if (d.global() && i % perSeed == 0) {
          from = (from + 1) % threadStreams.length;
          seed = threadStreams[from];
          position = 0;
        }
      }
      set[i] = new ContentStream(seed, position);
    }
    return set;
  }

  /** Fills {@code buffer} from 0 to {@code length} as fio fills a write buffer. */
  void fill(ByteBuffer buffer, int length) {
    if (content.compressPercentage() > 0 || !content.dedupe().isNone()) {
      fillChunks(buffer, length);
    } else if (!content.pattern().isNone()) {
      copyPattern(buffer, 0, length, content.pattern().bytes(0));
    } else if (content.fill() == BufferContent.Fill.ZEROS) {
      zero(buffer, 0, length);
    } else {
      random(buffer, 0, length, bufState().next());
    }
  }

  private void fillChunks(ByteBuffer buffer, int length) {
    ContentStream rs = null;
    int at = 0;
    byte[] pattern = content.pattern().bytes(0);
    while (at < length) {
      if (rs == null) {
        rs = bufState();
      }
      int chunk = Math.min(Math.min(minWrite, length - at), chunkSize());
      percentage(buffer, at, chunk, rs.next(), pattern);
      at += chunk;
      saveBufState(rs);
    }
  }

  /** fio's {@code __fill_random_buf_percentage} over one chunk. */
  private void percentage(ByteBuffer buffer, int at, int length, long seed, byte[] pattern) {
    int percent = content.compressPercentage();
    int randomLength = percent == 100 ? 0 : (int) ((long) length * (100 - percent) / 100);
    random(buffer, at, randomLength, seed);
    if (pattern.length > 0) {
      copyPattern(buffer, at + randomLength, length - randomLength, pattern);
    } else {
      zero(buffer, at + randomLength, length - randomLength);
    }
  }

  /** fio's {@code get_buf_state}: the stream this buffer is made from. */
  private ContentStream bufState() {
    Dedupe d = content.dedupe();
    if (d.isNone()) {
      return main;
    }
    if (d.percentage() == 100) {
      previous.copyFrom(main);
      return main;
    }
    int v = 1 + dedupeDraws.nextInt(100);
    if (v > d.percentage()) {
      return main;
    }
    if (d.mode() == Dedupe.Mode.REPEAT) {
      copy.copyFrom(previous); // a copy, so that the unique buffer after it repeats it
    } else {
      copy.copyFrom(workingSet[workingSetDraws.nextInt(workingSet.length)]);
    }
    return copy;
  }

  /** fio's {@code save_buf_state}. */
  private void saveBufState(ContentStream rs) {
    if (content.dedupe().percentage() == 100) {
      rs.copyFrom(previous);
    } else if (rs == main) {
      previous.copyFrom(rs);
    }
  }

  static void random(ByteBuffer buffer, int at, int length, long seed) {
    long s = seed;
    int i = at;
    int end = at + length;
    for (; i + 8 <= end; i += 8) {
      buffer.putLong(i, s);
      s = Mix.hash(s);
    }
    for (; i < end; i++) {
      buffer.put(i, (byte) s);
      s >>>= 8;
    }
  }

  static void zero(ByteBuffer buffer, int at, int length) {
    for (int i = at; i < at + length; i++) {
      buffer.put(i, (byte) 0);
    }
  }

  /** fio's {@code cpy_pattern}: the pattern from {@code at}, repeated to the end. */
  static void copyPattern(ByteBuffer buffer, int at, int length, byte[] pattern) {
    for (int i = 0; i < length; i++) {
      buffer.put(at + i, pattern[i % pattern.length]);
    }
  }

  /** The {@code pattern} for an I/O at {@code offset} ({@code %o} filled in), over the buffer. */
  static void copyPattern(ByteBuffer buffer, int length, DataPattern pattern, long offset) {
    copyPattern(buffer, 0, length, pattern.bytes(offset));
  }

  /** A position in one thread's content stream, fio's {@code frand_state}: seeds drawn in turn. */
  static final class ContentStream {
    private long seed;
    private long position;

    ContentStream(long seed, long position) {
      this.seed = seed;
      this.position = position;
    }

    long next() {
      return Mix.hash(seed + 0x9E3779B97F4A7C15L * ++position);
    }

    void copyFrom(ContentStream other) {
      seed = other.seed;
      position = other.position;
    }
  }
}
