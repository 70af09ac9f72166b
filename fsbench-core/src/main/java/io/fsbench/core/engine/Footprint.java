package io.fsbench.core.engine;

/**
 * What one workload leaves on a volume at its peak, so that images are sized before anything runs
 * instead of filling up halfway through a long run.
 *
 * @param bytes data on the volume at the peak, in allocated blocks
 * @param files files and directories at the peak
 */
public record Footprint(long bytes, long files) {

  /** A workload that writes nothing to speak of. */
  public static final Footprint NONE = new Footprint(0, 0);

  /** The filesystem block footprints are counted in: every file takes at least one. */
  public static final long BLOCK = 4096;

  public Footprint {
    if (bytes < 0 || files < 0) {
      throw new IllegalArgumentException(
          "footprint (" + bytes + " bytes, " + files + " files) must not be negative");
    }
  }

  /** The bigger of each, for a volume that holds one workload at a time. */
  public Footprint max(Footprint other) {
    return new Footprint(Math.max(bytes, other.bytes), Math.max(files, other.files));
  }

  /** {@code bytes} rounded up to whole blocks, at least one. */
  public static long blocks(long bytes) {
    return Math.max(BLOCK, (bytes + BLOCK - 1) / BLOCK * BLOCK);
  }
}
