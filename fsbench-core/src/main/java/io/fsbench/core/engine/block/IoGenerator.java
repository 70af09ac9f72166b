package io.fsbench.core.engine.block;

import io.fsbench.api.BlockSize;
import io.fsbench.api.JobSpec;
import io.fsbench.core.stats.Direction;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Decides each I/O of a job clone as fio does: the direction ({@code rwmixread}), the block size
 * ({@code bs}/{@code bssplit}), the file (round robin over {@code nrfiles}, fio's default {@code
 * file_service_type}) and the offset (sequential per direction, or random by the job's {@link
 * BlockChooser}). It stops after {@code io_size * loops} bytes unless the job is time based, and
 * calls back when a file wraps around so that the engine can invalidate its cache as fio does
 * between loops.
 */
final class IoGenerator {

  private final JobSpec spec;
  private final List<IoFile> files;
  private final SplittableRandom random;
  private final int[][] sizes = new int[2][];
  private final int[][] cumulativePercent = new int[2][];
  private final long budget;
  private final int unit;
  private final Consumer<IoFile> onWrap;
  private int nextFile;
  private long issued;

  IoGenerator(JobSpec spec, List<IoFile> files, long seed, Consumer<IoFile> onWrap) {
    this.spec = spec;
    this.files = files;
    this.random = new SplittableRandom(seed);
    this.onWrap = onWrap;
    load(Direction.READ, spec.readBlockSize());
    load(Direction.WRITE, spec.writeBlockSize());
    this.budget =
        spec.timeBased()
            ? Long.MAX_VALUE
            : Math.multiplyExact(spec.effectiveIoSize().bytes(), spec.loops());
    this.unit = minBlockSize(spec);
    if (spec.rw().isRandom()) {
      for (int i = 0; i < files.size(); i++) {
        IoFile file = files.get(i);
        long blocks = file.size / unit;
        file.chooser =
            BlockChooser.of(
                spec.distribution(), spec.randomMap(), blocks, Mix.hash(seed + 31L * (i + 1)));
      }
    }
  }

  /** The smallest block size of any direction the job does: the unit of random offsets. */
  static int minBlockSize(JobSpec spec) {
    int min = Integer.MAX_VALUE;
    for (BlockSize bs : List.of(spec.readBlockSize(), spec.writeBlockSize())) {
      for (BlockSize.Split split : bs.splits()) {
        min = (int) Math.min(min, split.size().bytes());
      }
    }
    return min;
  }

  /** The largest block size of any direction: what each I/O buffer must hold. */
  static int maxBlockSize(JobSpec spec) {
    long max = 0;
    for (BlockSize bs : List.of(spec.readBlockSize(), spec.writeBlockSize())) {
      for (BlockSize.Split split : bs.splits()) {
        max = Math.max(max, split.size().bytes());
      }
    }
    return Math.toIntExact(max);
  }

  private void load(Direction direction, BlockSize bs) {
    List<BlockSize.Split> splits = bs.splits();
    int[] s = new int[splits.size()];
    int[] c = new int[splits.size()];
    int sum = 0;
    for (int i = 0; i < splits.size(); i++) {
      s[i] = Math.toIntExact(splits.get(i).size().bytes());
      sum += splits.get(i).percent();
      c[i] = sum;
    }
    sizes[direction.ordinal()] = s;
    cumulativePercent[direction.ordinal()] = c;
  }

  /** Bytes planned so far. */
  long issued() {
    return issued;
  }

  /** Plans the next I/O into {@code plan}; false when the job has done all its bytes. */
  boolean next(IoPlan plan) {
    if (issued >= budget) {
      return false;
    }
    Direction direction = direction();
    int length = blockSize(direction);
    IoFile file = files.get(nextFile);
    nextFile = nextFile + 1 == files.size() ? 0 : nextFile + 1;
    long offset = spec.rw().isRandom() ? randomOffset(file) : sequentialOffset(file, direction);
    plan.direction = direction;
    plan.file = file;
    plan.offset = offset;
    plan.length = (int) Math.min(length, file.size - offset);
    if (!spec.rw().isRandom()) {
      file.sequentialPosition[direction.ordinal()] = offset + plan.length;
    }
    issued += plan.length;
    return true;
  }

  private Direction direction() {
    if (!spec.rw().isMixed()) {
      return spec.rw().reads() ? Direction.READ : Direction.WRITE;
    }
    return random.nextInt(100) < spec.rwMixRead() ? Direction.READ : Direction.WRITE;
  }

  private int blockSize(Direction direction) {
    int[] s = sizes[direction.ordinal()];
    if (s.length == 1) {
      return s[0];
    }
    int roll = random.nextInt(100) + 1;
    int[] c = cumulativePercent[direction.ordinal()];
    for (int i = 0; i < s.length; i++) {
      if (roll <= c[i]) {
        return s[i];
      }
    }
    return s[s.length - 1];
  }

  private long sequentialOffset(IoFile file, Direction direction) {
    int d = direction.ordinal();
    if (file.sequentialPosition[d] >= file.size) {
      file.sequentialPosition[d] = 0;
      onWrap.accept(file);
    }
    return file.sequentialPosition[d];
  }

  private long randomOffset(IoFile file) {
    long block = file.chooser.next(random);
    if (block < 0) {
      file.chooser.reset();
      onWrap.accept(file);
      block = file.chooser.next(random);
    }
    return block * unit;
  }
}
