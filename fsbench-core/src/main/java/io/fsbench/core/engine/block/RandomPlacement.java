package io.fsbench.core.engine.block;

import io.fsbench.api.BlockSize;
import io.fsbench.api.Distribution;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.core.stats.Direction;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random offsets without the random map, in units of {@code blockalign}, as fio's io_u.c draws
 * them: {@code last_block} blocks of the alignment fit in the region (less the part of the smallest
 * I/O that would overhang it), and {@code random_distribution=zoned} or {@code zoned_abs} first
 * picks a zone by its share of the accesses ({@code __get_next_rand_offset_zoned}, {@code _abs}),
 * then a block uniformly inside it. A direction without zones draws over the whole region.
 */
final class RandomPlacement {

  private final Distribution distribution;
  private final int[] align = new int[2];
  private final int[] smallest = new int[2];

  /** Per direction, for each of 100 access percents, the zone's start and end (fio's index). */
  private final long[][] zoneStart = new long[2][];

  private final long[][] zoneEnd = new long[2][];

  RandomPlacement(JobSpec spec) {
    this.distribution = spec.distribution();
    load(Direction.READ, spec.readBlockSize(), spec.blockAlign().read().bytes());
    load(Direction.WRITE, spec.writeBlockSize(), spec.blockAlign().write().bytes());
  }

  /** Whether a job's random offsets are drawn here rather than by its {@link BlockChooser}. */
  static boolean applies(JobSpec spec) {
    // a skewed model (zipf, pareto, normal) draws its own ranges, aligned by the generator
    return spec.distribution().isZoned()
        || !spec.randomMap()
            && !spec.blockAlign().isDefault()
            && spec.distribution().kind() == Distribution.Kind.UNIFORM;
  }

  private void load(Direction direction, BlockSize bs, long alignment) {
    int d = direction.ordinal();
    smallest[d] = Math.toIntExact(bs.min().bytes());
    align[d] = alignment == 0 ? smallest[d] : Math.toIntExact(alignment);
    List<Distribution.Zone> zones =
        direction == Direction.READ ? distribution.readZones() : distribution.writeZones();
    if (zones.isEmpty()) {
      return;
    }
    zoneStart[d] = new long[100];
    zoneEnd[d] = new long[100];
    boolean absolute = distribution.kind() == Distribution.Kind.ZONED_ABS;
    int access = 0;
    long start = 0;
    for (Distribution.Zone zone : zones) {
      long length = absolute ? zone.size().bytes() : zone.sizePercent();
      for (int v = access; v < access + zone.accessPercent(); v++) {
        zoneStart[d][v] = start;
        zoneEnd[d][v] = start + length;
      }
      access += zone.accessPercent();
      start += length;
    }
  }

  /**
   * Refuses a {@code zoned_abs} whose zones reach past where an I/O can start in a region of {@code
   * room} bytes (fio's {@code last_block} aligned blocks): fio logs "zoned_abs sizes exceed file
   * size" at the first I/O drawn into such a zone and ends the job there, after a random few I/Os.
   */
  void check(String job, long room) {
    if (distribution.kind() != Distribution.Kind.ZONED_ABS) {
      return;
    }
    for (Direction direction : List.of(Direction.READ, Direction.WRITE)) {
      int d = direction.ordinal();
      long usable = lastBlock(d, room) * align[d];
      if (zoneEnd[d] != null && zoneEnd[d][99] / align[d] * align[d] > usable) {
        throw new InvalidInputException(
            "job '"
                + job
                + "': random_distribution="
                + distribution
                + " has "
                + direction.name().toLowerCase(java.util.Locale.ROOT)
                + " zones of "
                + zoneEnd[d][99]
                + " bytes in all, but in the file's region of "
                + room
                + " bytes an I/O of "
                + smallest[d]
                + " bytes aligned to "
                + align[d]
                + " starts in the first "
                + usable
                + " only (fio would stop the job at the first I/O drawn past them); give"
                + " smaller zones or a larger size");
      }
    }
  }

  /** fio's {@code last_block}: how many aligned blocks may start an I/O in {@code room} bytes. */
  private long lastBlock(int d, long room) {
    long usable = room - Math.max(0, smallest[d] - align[d]);
    return usable <= 0 ? 0 : usable / align[d];
  }

  /**
   * A random offset relative to the region's start for an I/O of {@code direction} in {@code room}
   * bytes, or -1 when not even one aligned block fits.
   */
  long next(Direction direction, long room, SplittableRandom random) {
    int d = direction.ordinal();
    long lastb = lastBlock(d, room);
    if (lastb == 0) {
      return -1;
    }
    long first = 0;
    long blocks = lastb;
    if (zoneStart[d] != null) {
      int v = random.nextInt(100);
      if (distribution.kind() == Distribution.Kind.ZONED_ABS) {
        first = zoneStart[d][v] / align[d];
        blocks = zoneEnd[d][v] / align[d] - first;
      } else {
        // fio's integer percentages of last_block, rounded down as it divides
        first = zoneStart[d][v] * lastb / 100;
        blocks = lastb * (zoneEnd[d][v] - zoneStart[d][v]) / 100;
      }
    }
    long block = first + (blocks <= 0 ? 0 : random.nextLong(blocks));
    return block * align[d];
  }
}
