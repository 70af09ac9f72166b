package io.fsbench.core.engine.block;

import io.fsbench.api.BlockSize;
import io.fsbench.api.JobSpec;
import io.fsbench.core.stats.Direction;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The block sizes one job clone uses per direction, and the draw of the next one as fio's {@code
 * get_next_buflen} makes it: {@code bs} as it is, or a {@code bssplit} size drawn by percentage and
 * aligned to the direction's smallest.
 */
final class BlockSizes {

  private final int[][] sizes = new int[3][];
  private final int[][] drawnSizes = new int[3][];
  private final int[][] cumulativePercent = new int[3][];
  private final int[] smallest = new int[3];

  /**
   * Per direction: whether every size given is the same (fio's {@code min_bs == max_bs}, over all
   * entries, 0 % ones too), when fio's {@code get_next_buflen} returns it without asking whether it
   * fits before the region's end.
   */
  private final boolean[] oneSize = new boolean[3];

  BlockSizes(JobSpec spec) {
    load(Direction.READ, spec.readBlockSize());
    load(Direction.WRITE, spec.writeBlockSize());
    load(Direction.TRIM, spec.trimBlockSize());
  }

  /** The direction's smallest size, in bytes. */
  int smallest(Direction direction) {
    return smallest[direction.ordinal()];
  }

  /**
   * The smallest block size of the three directions, whichever the job does, as fio's {@code
   * td_min_bs}: the unit of random offsets.
   */
  static int minBlockSize(JobSpec spec) {
    int min = Integer.MAX_VALUE;
    for (BlockSize bs :
        List.of(spec.readBlockSize(), spec.writeBlockSize(), spec.trimBlockSize())) {
      for (BlockSize.Split split : bs.splits()) {
        min = (int) Math.min(min, split.size().bytes());
      }
    }
    return min;
  }

  /** The largest block size of the three directions, as fio's {@code td_max_bs}. */
  static int maxBlockSize(JobSpec spec) {
    long max = 0;
    for (BlockSize bs :
        List.of(spec.readBlockSize(), spec.writeBlockSize(), spec.trimBlockSize())) {
      for (BlockSize.Split split : bs.splits()) {
        max = Math.max(max, split.size().bytes());
      }
    }
    return Math.toIntExact(max);
  }

  /** Loads a direction's sizes in fio's order: by percentage, smallest first (its bs_cmp). */
  private void load(Direction direction, BlockSize bs) {
    List<BlockSize.Split> splits =
        bs.splits().stream()
            .filter(split -> split.percent() > 0 || bs.splits().size() == 1)
            .sorted(java.util.Comparator.comparingInt(BlockSize.Split::percent))
            .toList();
    int[] s = new int[splits.size()];
    int[] c = new int[splits.size()];
    int sum = 0;
    for (int i = 0; i < splits.size(); i++) {
      s[i] = Math.toIntExact(splits.get(i).size().bytes());
      sum += splits.get(i).percent();
      c[i] = sum;
    }
    int min = java.util.Arrays.stream(s).min().orElseThrow();
    drawnSizes[direction.ordinal()] = s;
    sizes[direction.ordinal()] = aligned(s, min);
    cumulativePercent[direction.ordinal()] = c;
    smallest[direction.ordinal()] = min;
    oneSize[direction.ordinal()] =
        bs.splits().stream().mapToLong(split -> split.size().bytes()).distinct().count() == 1;
  }

  /**
   * The sizes a draw gives, as fio's {@code get_next_buflen} aligns the size it drew to the
   * direction's smallest: down to a multiple of it (masked when it is a power of two). A bssplit of
   * {@code 1000/64:512/36} (1k under kb_base=1000) moves 512-byte I/Os only (seed 2041 case 87).
   */
  static int[] aligned(int[] drawn, int min) {
    int[] out = drawn.clone();
    for (int i = 0; i < out.length; i++) {
      out[i] = Integer.bitCount(min) == 1 ? out[i] & -min : out[i] - out[i] % min;
    }
    return out;
  }

  /**
   * The length of the next I/O, as fio's {@code get_next_buflen}: a single size (or several entries
   * of one size) as it is (fio checks it against the file only, in fill_io_u); 0 when not even the
   * smallest size fits in the {@code room} left in the region; else a size is drawn and the first
   * entry at or past the draw that fits is taken, drawing again when none does.
   */
  int next(Direction direction, long room, SplittableRandom random) {
    int[] s = sizes[direction.ordinal()];
    if (oneSize[direction.ordinal()]) {
      // fio's get_next_buflen returns min_bs unchecked when it equals max_bs: only the file's end
      // bounds it, so a strided zone past the region still takes I/O (seed 2047 case 334:
      // bssplit=1k/96:1k/4)
      return s[0];
    }
    if (smallest[direction.ordinal()] > room) {
      return 0;
    }
    int[] c = cumulativePercent[direction.ordinal()];
    int[] drawn = drawnSizes[direction.ordinal()];
    while (true) {
      int roll = random.nextInt(100) + 1;
      // fio takes the first entry at or past the draw whose size as given fits, else the last
      int pick = s.length - 1;
      for (int i = 0; i < s.length; i++) {
        if (roll <= c[i] && drawn[i] <= room) {
          pick = i;
          break;
        }
      }
      if (s[pick] <= room) {
        return s[pick]; // aligned to the smallest size, which fits wherever the drawn one does
      }
    }
  }
}
