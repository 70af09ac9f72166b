package io.fsbench.api;

/**
 * fio's offset modifier, the {@code :N} of {@code rw=}, with {@code rw_sequencer}. For a sequential
 * pattern N is added to each next offset: {@code rw=write:4k} leaves a 4k hole after each block,
 * {@code rw=read:-8k} reads backwards. For a random pattern only every Nth I/O draws a new random
 * offset; the ones between continue sequentially from it ({@code rw_sequencer=sequential}) or
 * repeat it ({@code identical}).
 *
 * <pre>{@code
 * JobSpec backwards = JobSpec.seqRead(Size.kib(4)).size(Size.mib(64))
 *     .offsetModifier(OffsetModifier.adding(-8192)).build();
 * }</pre>
 *
 * @param sequentialAdd bytes added to each next sequential offset, may be negative
 * @param randomEvery a new random offset every this many I/Os (1: every I/O)
 * @param identical whether the I/Os between random ones repeat the last offset instead of following
 *     it
 */
public record OffsetModifier(long sequentialAdd, int randomEvery, boolean identical) {

  /** fio's default: no modifier. */
  public static final OffsetModifier NONE = new OffsetModifier(0, 1, false);

  public OffsetModifier {
    if (randomEvery < 1) {
      throw new InvalidInputException(
          "the random offset modifier (" + randomEvery + ") must be at least 1, e.g. randread:8");
    }
  }

  /** {@code rw=read:N}: adds {@code bytes} to each next offset. */
  public static OffsetModifier adding(long bytes) {
    return new OffsetModifier(bytes, 1, false);
  }

  /** {@code rw=randread:N}: a new random offset every {@code ios} I/Os, sequential between. */
  public static OffsetModifier randomEvery(int ios) {
    return new OffsetModifier(0, ios, false);
  }

  /** The same, the I/Os between random ones repeating the last offset. */
  public OffsetModifier identical(boolean on) {
    return new OffsetModifier(sequentialAdd, randomEvery, on);
  }
}
