package io.fsbench.core.engine.block;

import io.fsbench.api.BufferContent;
import io.fsbench.api.JobSpec;
import io.fsbench.api.VerifyMethod;
import io.fsbench.core.nativeio.AlignedBuffers;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;

/**
 * What a job writes, as fio's buffer options decide ({@link BufferFill}): buffers are filled once
 * and reused; before each write they are changed just enough to defeat deduplication (fio's {@code
 * scramble_buffers}), refilled ({@code refill_buffers}), or, with {@code verify}, filled as fio's
 * {@code populate_verify_io_u} fills them (the verify pattern, or random data from a seed the
 * header records) and stamped with a header every {@code verify_interval}.
 */
final class WriteContent {

  private final BufferContent content;
  private final BufferFill fill;
  private final BlockStamp stamp;
  private final JobSpec spec;
  private final int interval;
  private final SplittableRandom verifySeeds;
  private int numberio = -1;
  private long lastSeed;

  /**
   * @param threadStreams every thread's content seed, by thread number - 1
   * @param thread this clone's thread number - 1
   */
  WriteContent(JobSpec spec, long[] threadStreams, int thread) {
    this.spec = spec;
    this.content = spec.buffers();
    this.fill =
        new BufferFill(
            content,
            minWrite(spec),
            threadStreams,
            thread,
            spec.size().isZero() ? spec.effectiveFileSize().bytes() : spec.size().bytes());
    this.stamp =
        spec.verify() == VerifyMethod.NONE
            ? null
            : new BlockStamp(
                spec.verify(),
                spec.verifySettings().pattern(),
                (int) spec.verifySettings().offset().bytes(),
                thread + 1);
    this.interval = Verifier.interval(spec);
    this.verifySeeds = new SplittableRandom(Mix.hash(threadStreams[thread] ^ 0x7E41F7L));
  }

  /** A thread's content seed, from the seed of its random streams. */
  static long streamSeed(long cloneSeed) {
    return Mix.hash(cloneSeed);
  }

  private static int minWrite(JobSpec spec) {
    return (int)
        spec.writeBlockSize().splits().stream().mapToLong(s -> s.size().bytes()).min().orElse(4096);
  }

  BlockStamp stamp() {
    return stamp;
  }

  int interval() {
    return interval;
  }

  /** Fills a new buffer (0 to capacity) once, as fio fills each I/O buffer when it is made. */
  void fill(ByteBuffer buffer) {
    fill.fill(buffer, buffer.capacity());
  }

  /** Makes {@code buffer} (position 0, limit the I/O's length) ready to be written at offset. */
  void prepare(ByteBuffer buffer, long offset, long nowNanos) {
    if (stamp != null) {
      populateVerify(buffer, offset, nowNanos);
      return;
    }
    if (content.refill()) {
      fill.fill(buffer, buffer.limit());
    } else if (content.scramble()) {
      AlignedBuffers.scramble(buffer, offset, nowNanos);
    }
  }

  /** fio's {@code populate_verify_io_u}: fresh data for every write, then the headers. */
  private void populateVerify(ByteBuffer buffer, long offset, long nowNanos) {
    numberio++;
    lastSeed = verifySeeds.nextLong();
    fillVerifyData(buffer, offset, lastSeed);
    stamp.stamp(buffer, offset, interval, new BlockStamp.Write(lastSeed, numberio, nowNanos));
  }

  /** fio's {@code fill_verify_pattern}: the pattern, or random data as the buffer options say. */
  void fillVerifyData(ByteBuffer buffer, long offset, long seed) {
    int length = buffer.limit();
    if (!spec.verifySettings().pattern().isNone()) {
      BufferFill.copyPattern(buffer, length, spec.verifySettings().pattern(), offset);
      return;
    }
    int percent = content.compressPercentage();
    int randomLength = (int) ((long) length * (100 - percent) / 100);
    BufferFill.random(buffer, 0, randomLength, seed);
    if (content.pattern().isNone()) {
      BufferFill.zero(buffer, randomLength, length - randomLength);
    } else {
      BufferFill.copyPattern(
          buffer, randomLength, length - randomLength, content.pattern().bytes(0));
    }
  }

  /** The write number (fio's {@code numberio}) of the last write prepared. */
  int numberio() {
    return numberio;
  }

  long lastSeed() {
    return lastSeed;
  }
}
