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
 * @param readPercentRandom fio's {@code percentage_random} for reads: of the I/Os that would draw a
 *     random offset, the share that does; the others follow the last I/O sequentially
 * @param writePercentRandom the same for writes
 */
public record OffsetModifier(
    long sequentialAdd,
    int randomEvery,
    boolean identical,
    int readPercentRandom,
    int writePercentRandom) {

  /** fio's default: no modifier. */
  public static final OffsetModifier NONE = new OffsetModifier(0, 1, false, 100, 100);

  public OffsetModifier {
    if (randomEvery < 1) {
      throw new InvalidInputException(
          "the random offset modifier (" + randomEvery + ") must be at least 1, e.g. randread:8");
    }
    for (int p : new int[] {readPercentRandom, writePercentRandom}) {
      if (p < 0 || p > 100) {
        throw new InvalidInputException(
            "percentage_random (" + p + ") must be a percentage from 0 to 100");
      }
    }
  }

  /** {@code rw=read:N}: adds {@code bytes} to each next offset. */
  public static OffsetModifier adding(long bytes) {
    return new OffsetModifier(bytes, 1, false, 100, 100);
  }

  /** {@code rw=randread:N}: a new random offset every {@code ios} I/Os, sequential between. */
  public static OffsetModifier randomEvery(int ios) {
    return new OffsetModifier(0, ios, false, 100, 100);
  }

  /** The same, the I/Os between random ones repeating the last offset. */
  public OffsetModifier identical(boolean on) {
    return new OffsetModifier(
        sequentialAdd, randomEvery, on, readPercentRandom, writePercentRandom);
  }

  /** The same with fio's {@code percentage_random=read,write}. */
  public OffsetModifier percentRandom(int read, int write) {
    return new OffsetModifier(sequentialAdd, randomEvery, identical, read, write);
  }

  /** Whether some random I/Os follow sequentially instead: percentage_random below 100. */
  public boolean mixesSequential() {
    return readPercentRandom < 100 || writePercentRandom < 100;
  }
}
