package io.fsbench.core.engine.block;

import io.fsbench.api.Distribution;
import io.fsbench.api.JobSpec;
import io.fsbench.api.OffsetModifier;
import io.fsbench.api.RandomGenerator;
import io.fsbench.api.ReadWrite;
import io.fsbench.core.stats.Direction;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Where one job clone's next I/O in a file starts, as fio's {@code get_next_offset}: sequential per
 * direction with the offset modifier, or random from the file's {@link BlockChooser}, a zoned
 * placement ({@link RandomPlacement}) or one of fio's skewed models, with {@code percentage_random}
 * and {@code rw_sequencer} between them. It draws from the clone's random stream, in the order
 * {@link IoGenerator} asks.
 */
final class OffsetPicker {

  private final JobSpec spec;
  private final SplittableRandom random;
  private final BlockSizes blockSizes;
  private final StridedZones zones;
  private final RandomPlacement placement;
  private final int mapUnit;
  private final int unit;
  private int untilRandom = 1;

  /**
   * @param zones the clone's strided zones, or null
   * @param unit the job's smallest block size
   */
  OffsetPicker(
      JobSpec spec, SplittableRandom random, BlockSizes blockSizes, StridedZones zones, int unit) {
    this.spec = spec;
    this.random = random;
    this.blockSizes = blockSizes;
    this.zones = zones;
    this.mapUnit = mapUnit(spec, blockSizes, unit);
    this.unit = unit;
    this.placement = RandomPlacement.applies(spec) ? new RandomPlacement(spec) : null;
  }

  /** Gives each file of a random job its chooser of blocks, and checks a placement fits it. */
  void chooseBlocks(List<IoFile> files, long seed) {
    if (spec.rw().isRandom()) {
      for (int i = 0; i < files.size(); i++) {
        IoFile file = files.get(i);
        // fio's random map spans one zone in strided mode, else the region
        long blocks =
            skewed() && zones == null
                ? ranges(file)
                : lfsrSpan()
                    ? Math.min(file.size, file.regionLength()) / unit
                    : (zones != null ? spec.zones().range().bytes() : file.regionLength())
                        / mapUnit;
        file.chooser =
            BlockChooser.of(
                spec.distribution(),
                // fio's LFSR is a full-period sequence: each block once, map or no map
                spec.randomMap() || spec.randomGenerator() == RandomGenerator.LFSR,
                blocks,
                Mix.hash(seed + 31L * (i + 1)));
        if (placement != null) {
          placement.check(spec.name(), randomRoom(file));
        }
      }
    }
  }

  /**
   * The unit of the random map's blocks. fio draws a direction's random block in that direction's
   * alignment ({@code last_block} over {@code ba[ddir]}) and marks it in its smallest size, so a
   * job that draws one direction (randread, randwrite, randtrim) never repeats a block in a pass,
   * even when another direction's size is smaller ({@code bs=512,4k}: seed 2040 case 397). A job
   * that draws reads and writes shares one map in the job's smallest size, as fio's ({@code
   * rw_min_bs}).
   */
  private static int mapUnit(JobSpec spec, BlockSizes blockSizes, int unit) {
    ReadWrite rw = spec.rw();
    if (rw.isMixed()) {
      return unit;
    }
    Direction drawn = rw.reads() ? Direction.READ : rw.trims() ? Direction.TRIM : Direction.WRITE;
    return blockSizes.smallest(drawn);
  }

  /**
   * The next offset in {@code file}, or -1 when the file is done for this pass: fio's {@code
   * get_next_offset}. With {@code rw=randread:N} only every Nth I/O draws a random offset; the ones
   * between follow the last I/O ({@code rw_sequencer=sequential}, falling back to a random one at
   * the end of the file) or repeat it ({@code identical}).
   */
  long offset(IoFile file, Direction direction) {
    OffsetModifier modifier = spec.offsetModifier();
    boolean newRandom = --untilRandom == 0;
    if (newRandom) {
      untilRandom = modifier.randomEvery();
    }
    long relative;
    if (!spec.rw().isRandom()) {
      relative = sequential(file, direction);
    } else if (newRandom && randomNow(direction)) {
      relative = randomRelative(file, direction);
    } else if (newRandom) {
      // fio's percentage_random: this one follows the last I/O, or is random at the file's end
      relative = sequential(file, direction);
      relative = relative == -1 ? randomRelative(file, direction) : relative;
    } else if (modifier.identical()) {
      long last = file.lastStart[direction.ordinal()];
      relative = last < 0 ? 0 : last - file.start;
    } else {
      relative = sequential(file, direction);
      if (relative == -1) {
        relative = randomRelative(file, direction);
      }
    }
    // fio compares unsigned: a backwards step below the file's start is past its end
    if (relative == -1 || Long.compareUnsigned(relative, file.regionLength()) >= 0) {
      return -1;
    }
    long offset = relative + file.start;
    return Long.compareUnsigned(offset, file.size) >= 0 ? -1 : offset;
  }

  /**
   * The next sequential offset relative to the file's region, or -1 when the last I/O ended at the
   * end of the file: fio's {@code get_next_seq_offset}, whose offset modifier wraps a step past the
   * end of the file back to the region's start (forwards; fio takes the region's start as relative
   * there) or to its end (backwards). Arithmetic is unsigned, as in fio.
   */
  private long sequential(IoFile file, Direction direction) {
    // -1 doubles as fio's failure: as an unsigned offset it lies past any file, which ends it too

    long add = spec.offsetModifier().sequentialAdd();
    long last = file.sequentialPosition[direction.ordinal()];
    if (Long.compareUnsigned(last, file.size) >= 0) {
      return -1;
    }
    long end =
        Long.compareUnsigned(file.size, file.regionLength()) > 0 ? file.regionLength() : file.size;
    if (last == file.start && file.start != 0 && add < 0) {
      last = end; // fio's "rewind" for backwards I/O, absolute as fio sets it
    }
    long pos = last - file.start;
    if (pos != 0 && add != 0) {
      pos += add;
      if (Long.compareUnsigned(pos, file.size) >= 0) {
        pos = add > 0 ? file.start : end + add;
      }
    }
    return pos;
  }

  /**
   * A random offset for an I/O of {@code direction}, or -1 when the random map has covered the file
   * in this pass. As in fio, it is a multiple of the direction's smallest block size and leaves
   * room for one: the map's blocks are those of {@link #mapUnit}, rounded down to the direction's.
   */
  private long randomOffset(IoFile file, Direction direction) {
    if (placement != null) {
      long relative = placement.next(direction, randomRoom(file), random);
      return relative < 0 ? -1 : file.start + relative;
    }
    long block = file.chooser.next(random);
    if (block < 0) {
      return -1;
    }
    if ((skewed() || lfsrSpan()) && zones == null) {
      // fio's get_next_block: the range drawn times the direction's blockalign; one at or past
      // io_size fails get_next_offset, which ends the file (seed 2042 case 883: bs=1k,64k with
      // random_distribution=normal draws writes over 64 times the file and ends at the first)
      long relative = Math.multiplyExact(block, (long) blockAlign(direction));
      return relative >= file.regionLength() ? -1 : file.start + relative;
    }
    int align = blockSizes.smallest(direction);
    long offset = block * mapUnit;
    offset -= offset % align;
    long room = zones != null ? spec.zones().range().bytes() : file.regionLength();
    return file.start + Math.min(offset, (room - align) / align * align);
  }

  /**
   * Whether random blocks come from fio's LFSR, which {@code init_random_map} sizes over the
   * smaller of the file and its region in the job's smallest block size ({@code rw_min_bs}), of all
   * directions, while {@code get_next_block} multiplies the block drawn by the direction's
   * alignment. When a direction's alignment is larger, some blocks lie past the region and the
   * first of them ends the pass ({@code bs=64k,16k} with {@code rw=randread}: a quarter of the
   * blocks fit, seed 2053 case 206). Strided zones keep the zone's own span.
   */
  private boolean lfsrSpan() {
    return spec.randomGenerator() == RandomGenerator.LFSR && !skewed() && zones == null;
  }

  /** Whether random offsets come from one of fio's skewed models: zipf, pareto or normal. */
  private boolean skewed() {
    Distribution.Kind kind = spec.distribution().kind();
    return kind == Distribution.Kind.ZIPF
        || kind == Distribution.Kind.PARETO
        || kind == Distribution.Kind.NORMAL;
  }

  /**
   * How many ranges a skewed model draws from in a file, as fio's {@code __init_rand_distribution}:
   * the smaller of the file's size and its region, in units of the smaller of the read and write
   * sizes (whatever the job does), rounded up, so that the last may be partial.
   */
  private long ranges(IoFile file) {
    long range =
        Math.min(blockSizes.smallest(Direction.READ), blockSizes.smallest(Direction.WRITE));
    long bytes = Math.min(file.size, file.regionLength());
    return (bytes + range - 1) / range;
  }

  /** fio's {@code ba[ddir]}: the direction's {@code blockalign} of a random job, else its size. */
  private int blockAlign(Direction direction) {
    long given =
        switch (direction) {
          case READ -> spec.blockAlign().read().bytes();
          case WRITE -> spec.blockAlign().write().bytes();
          default -> 0;
        };
    return given == 0 ? blockSizes.smallest(direction) : Math.toIntExact(given);
  }

  /** What fio's {@code last_block} draws random offsets in: the region, or a strided zone. */
  private long randomRoom(IoFile file) {
    return zones != null ? spec.zones().range().bytes() : Math.min(file.regionLength(), file.size);
  }

  /** fio's {@code should_do_random}: {@code percentage_random} of the I/Os that may be random. */
  private boolean randomNow(Direction direction) {
    OffsetModifier m = spec.offsetModifier();
    // a trim takes the write's share: fsbench reads percentage_random for reads and writes only
    int percent = direction == Direction.READ ? m.readPercentRandom() : m.writePercentRandom();
    return percent == 100 || random.nextInt(100) + 1 <= percent;
  }

  private long randomRelative(IoFile file, Direction direction) {
    long offset = randomOffset(file, direction);
    return offset < 0 ? -1 : offset - file.start;
  }
}
