package io.fsbench.api;

import java.util.Objects;

/**
 * fio's {@code blockalign} ({@code ba}): the boundary random offsets are multiples of, per
 * direction. Zero is fio's default, the direction's smallest block size. It applies to random I/O
 * only, as in fio.
 *
 * <pre>{@code
 * // 512 B to 64 KiB I/Os, every one starting on a 4 KiB boundary (fio's jesd219 example)
 * JobSpec job = JobSpec.randWrite(Size.kib(4)).noRandomMap()
 *     .blockAlign(BlockAlign.both(Size.kib(4))).build();
 * }</pre>
 *
 * @param read the alignment of random reads; zero for the smallest read size
 * @param write the alignment of random writes; zero for the smallest write size
 */
public record BlockAlign(Size read, Size write) {

  /** fio's default: each direction aligned to its smallest block size. */
  public static final BlockAlign DEFAULT = new BlockAlign(Size.ZERO, Size.ZERO);

  public BlockAlign {
    Objects.requireNonNull(read, "read");
    Objects.requireNonNull(write, "write");
    if (read.bytes() > Integer.MAX_VALUE || write.bytes() > Integer.MAX_VALUE) {
      throw new InvalidInputException(
          "blockalign (" + read + "," + write + ") must be below 2 GiB, e.g. blockalign=4k");
    }
  }

  /** Both directions aligned to {@code alignment}. */
  public static BlockAlign both(Size alignment) {
    return new BlockAlign(alignment, alignment);
  }

  /** Whether both directions keep fio's default. */
  public boolean isDefault() {
    return read.isZero() && write.isZero();
  }

  /**
   * Refuses what fsbench cannot align as fio does: a sequential job (fio never reads the option
   * there), a skewed model (fio scales its block numbers by the alignment, past the file's end),
   * and an alignment other than the smallest size with the random map (fio's map counts blocks of
   * the smallest size while its picks count alignments, so which blocks it skips is its own quirk).
   */
  void check(
      String job,
      ReadWrite rw,
      boolean randomMap,
      Distribution distribution,
      BlockSize readSize,
      BlockSize writeSize) {
    if (isDefault()) {
      return;
    }
    String what = "job '" + job + "': blockalign (" + this.text() + ")";
    if (!rw.isRandom()) {
      throw new InvalidInputException(
          what + " applies to random I/O only, and rw=" + rw.fioName() + " is sequential; drop it");
    }
    Distribution.Kind kind = distribution.kind();
    if (kind != Distribution.Kind.UNIFORM && !distribution.isZoned()) {
      throw new InvalidInputException(
          what + " with random_distribution=" + distribution + " is not supported; drop one");
    }
    boolean readOff = !read.isZero() && !read.equals(readSize.min());
    boolean writeOff = !write.isZero() && !write.equals(writeSize.min());
    if (randomMap && (readOff || writeOff)) {
      throw new InvalidInputException(
          what
              + " differs from the smallest block size, which fsbench supports with norandommap"
              + " only (fio's random map would count blocks and alignments apart); add norandommap");
    }
  }

  private String text() {
    return read.equals(write) ? read.toString() : read + "," + write;
  }
}
