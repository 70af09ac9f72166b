package io.fsbench.api;

/**
 * Where in each file a job clone's I/O starts: fio's {@code offset}, {@code offset_increment} and
 * {@code offset_align}. A clone works on the region from its start offset on, as long as fio makes
 * it ({@code size / nrfiles}, or what {@code filesize} leaves after the offset).
 *
 * <pre>{@code
 * // four clones, each on its own quarter of one shared 1 GiB file
 * JobSpec job = JobSpec.seqWrite(Size.mib(1)).fileName("shared").size(Size.mib(256)).numJobs(4)
 *     .offsets(Offsets.at(Size.ZERO).increment(Size.mib(256)))
 *     .build();
 * }</pre>
 *
 * @param start the absolute start ({@code offset=64m}); ignored when {@code startPercent} is set
 * @param startPercent the start as a percentage of the file's size when the job is set up ({@code
 *     offset=50%}), 0 for none
 * @param increment added once per clone number ({@code offset_increment=64m})
 * @param incrementPercent the increment as a percentage of the file's size, 0 for none
 * @param align what a percentage start is rounded up to a multiple of; zero for fio's default, the
 *     job's smallest block size
 */
public record Offsets(
    Size start, int startPercent, Size increment, int incrementPercent, Size align) {

  /** fio's default: every clone starts at the beginning of its files. */
  public static final Offsets NONE = new Offsets(Size.ZERO, 0, Size.ZERO, 0, Size.ZERO);

  public Offsets {
    java.util.Objects.requireNonNull(start, "start");
    java.util.Objects.requireNonNull(increment, "increment");
    java.util.Objects.requireNonNull(align, "align");
    percent("offset", startPercent);
    percent("offset_increment", incrementPercent);
  }

  /** Starts at {@code start} bytes into each file. */
  public static Offsets at(Size start) {
    return new Offsets(start, 0, Size.ZERO, 0, Size.ZERO);
  }

  /** Starts at {@code percent}% of each file's size. */
  public static Offsets atPercent(int percent) {
    return new Offsets(Size.ZERO, percent, Size.ZERO, 0, Size.ZERO);
  }

  /** The same, starting at {@code at} bytes. */
  public Offsets startAt(Size at) {
    return new Offsets(at, 0, increment, incrementPercent, align);
  }

  /** The same, starting at {@code percent}% of each file's size. */
  public Offsets startAtPercent(int percent) {
    return new Offsets(Size.ZERO, percent, increment, incrementPercent, align);
  }

  /** Clone {@code n} (from 0) starts {@code n * increment} further. */
  public Offsets increment(Size step) {
    return new Offsets(start, startPercent, step, 0, align);
  }

  /** Clone {@code n} starts {@code n * percent}% of the file's size further. */
  public Offsets incrementPercent(int percent) {
    return new Offsets(start, startPercent, Size.ZERO, percent, align);
  }

  /** Rounds a start given as a percentage up to a multiple of {@code alignment}. */
  public Offsets align(Size alignment) {
    if (alignment.isZero()) {
      throw new InvalidInputException(
          "offset_align (0) must be positive; leave it out to align to the smallest block size");
    }
    return new Offsets(start, startPercent, increment, incrementPercent, alignment);
  }

  /**
   * The start of clone {@code clone}'s region in a file that holds {@code fileSize} bytes when the
   * clone is set up, as fio's {@code get_start_offset}: a percentage (of the start or of the
   * increment) is taken of that size, which is zero for a file not yet made, and makes the start
   * round up to the alignment.
   */
  public long startIn(long fileSize, int clone, long smallestBlock) {
    boolean aligned = incrementPercent > 0 || startPercent > 0;
    long step = incrementPercent > 0 ? percentOf(fileSize, incrementPercent) : increment.bytes();
    long base = startPercent > 0 ? percentOf(fileSize, startPercent) : start.bytes();
    long offset = Math.addExact(base, Math.multiplyExact((long) clone, step));
    if (!aligned) {
      return offset;
    }
    long unit = align.isZero() ? smallestBlock : align.bytes();
    return Math.multiplyExact(offset / unit + (offset % unit != 0 ? 1 : 0), unit);
  }

  /** {@code size * percent / 100} rounded down, as fio's 64-bit product, without overflowing. */
  private static long percentOf(long size, int percent) {
    return size / 100 * percent + size % 100 * percent / 100;
  }

  /** Whether this is fio's default. */
  public boolean isNone() {
    return equals(NONE);
  }

  private static void percent(String option, int value) {
    if (value < 0 || value > 100) {
      throw new InvalidInputException(
          option + " (" + value + "%) must be a percentage from 0 to 100");
    }
  }
}
