package io.fsbench.core.engine.block;

import io.fsbench.api.BlockSize;
import io.fsbench.api.Distribution;
import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.api.OffsetModifier;
import io.fsbench.api.RandomGenerator;
import io.fsbench.api.ReadWrite;
import io.fsbench.core.stats.Direction;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Decides each I/O of a job clone as fio does: the direction ({@code rwmixread}), the block size
 * ({@code bs}/{@code bssplit}), the file (round robin over {@code nrfiles}, fio's default {@code
 * file_service_type}) and the offset (sequential per direction, or random by the job's {@link
 * BlockChooser}). It makes {@code loops} passes over the files (see {@link #next}) unless time
 * based, and calls back when a file wraps around so that the engine can invalidate its cache as fio
 * does between loops.
 */
final class IoGenerator {

  private final JobSpec spec;
  private final List<IoFile> files;
  private final SplittableRandom random;
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

  private final long limit;
  private final long passBudget;
  private final long iosLimit;
  private final int unit;
  private final int mapUnit;
  private final Consumer<IoFile> onWrap;
  private final Consumer<IoFile> onReopen;
  private int nextFile;
  private int doneFiles;
  private int passes = 1;
  private long issued;
  private long sized;
  private long passIssued;
  private long failed;
  private long passFailed;
  private long ios;
  private int untilRandom = 1;
  private final StridedZones zones;
  private final RandomPlacement placement;
  private LongSupplier pendingVerify = () -> 0;
  private Runnable betweenPasses = () -> {};
  private BooleanSupplier halted = () -> false;
  private Runnable passEnd = () -> {};
  private Consumer<IoFile> fileDone = f -> {};
  private long verified;

  IoGenerator(JobSpec spec, List<IoFile> files, long seed, Consumer<IoFile> onWrap) {
    this(spec, files, seed, onWrap, f -> {});
  }

  /**
   * As above, with {@code onReopen} called for each file fio opens anew: every file at a new pass
   * that has bytes left to issue, and a time-based job's file that reached its end.
   */
  IoGenerator(
      JobSpec spec,
      List<IoFile> files,
      long seed,
      Consumer<IoFile> onWrap,
      Consumer<IoFile> onReopen) {
    this.spec = spec;
    this.files = files;
    this.random = new SplittableRandom(seed);
    this.onWrap = onWrap;
    this.onReopen = onReopen;
    load(Direction.READ, spec.readBlockSize());
    load(Direction.WRITE, spec.writeBlockSize());
    load(Direction.TRIM, spec.trimBlockSize());
    this.limit = limit(spec, files);
    this.passBudget = queues(spec) ? passBudget(spec, files) : Long.MAX_VALUE;
    // fio's do_io doubles number_ios for trimwrite, each trim and write counting
    this.iosLimit = spec.numberIos() * spec.loops() * (spec.rw().trimsThenWrites() ? 2 : 1);
    this.unit = minBlockSize(spec);
    this.mapUnit = mapUnit(spec);
    this.zones = spec.zones().isNone() ? null : new StridedZones(spec, unit);
    for (IoFile file : files) {
      // seed 2042 case 149: filecreate's offset=10% is taken of one block at setup, but its
      // io_u_fits of the whole file, so a drawn bssplit size past the file's end ends the file
      file.fitsStart = spec.offsets().startIn(file.size, file.subjob, unit);
    }
    this.placement = RandomPlacement.applies(spec) ? new RandomPlacement(spec) : null;
    if (spec.rw() == ReadWrite.RANDTRIMWRITE) {
      for (IoFile file : files) {
        if (file.start != 0) {
          // fio 3.33 adds the region's start to the trim's (already absolute) offset for the write
          throw new io.fsbench.api.InvalidInputException(
              "job '"
                  + spec.name()
                  + "': rw=randtrimwrite with a region starting at "
                  + file.start
                  + " (offset, offset_increment) is not supported: fio 3.33 writes past the block"
                  + " it trimmed there; drop the offset");
        }
      }
    }
    if (spec.rw().isRandom()) {
      for (int i = 0; i < files.size(); i++) {
        IoFile file = files.get(i);
        // fio's random map spans one zone in strided mode, else the region
        long blocks =
            skewed() && zones == null
                ? ranges(file)
                : (zones != null ? spec.zones().range().bytes() : file.regionLength()) / mapUnit;
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
  private int mapUnit(JobSpec spec) {
    ReadWrite rw = spec.rw();
    if (rw.isMixed()) {
      return unit;
    }
    Direction drawn = rw.reads() ? Direction.READ : rw.trims() ? Direction.TRIM : Direction.WRITE;
    return smallest[drawn.ordinal()];
  }

  /**
   * The bytes of one pass: {@code io_size} when given, else what the files' regions hold, at most
   * {@code size}, as fio's setup_files lowers {@code size} to the regions' total.
   */
  static long limit(JobSpec spec, List<IoFile> files) {
    if (!spec.ioSize().isZero()) {
      return spec.ioSize().bytes();
    }
    long regions = files.stream().mapToLong(IoFile::regionLength).sum();
    return spec.size().isZero() ? regions : Math.min(spec.size().bytes(), regions);
  }

  /**
   * Whether fio's engine for the spec queues its I/Os ({@code FIO_Q_QUEUED}) rather than completing
   * each in the call: only then does fio's {@code do_io} count the bytes a pass has issued, and end
   * the pass when they reach its budget (see {@link #passBudget}). fio's libaio and io_uring trim
   * in the call (do_io_u_trim), as psync does, so a trim job's pass has no budget there: seed 2033
   * case 192 ({@code ioengine=libaio norandommap loops=2}) trims the bytes of both loops in one
   * pass.
   */
  static boolean queues(JobSpec spec) {
    if (spec.rw().trims() && spec.ioEngine() != IoEngine.NULL) {
      return false;
    }
    return spec.ioEngine().isAsync()
        || (spec.ioDepth() > 1
            && (spec.ioEngine() == IoEngine.AUTO || spec.ioEngine() == IoEngine.NULL));
  }

  /**
   * The bytes one pass of a queueing engine may issue: fio's {@code total_bytes} in {@code do_io},
   * the job's size (as setup_files lowered it to the regions), or io_size if larger for sequential
   * writes and for random writes without a random map. A synchronous engine's pass has no such
   * budget: fio counts only short I/Os there, so its pass runs until the files are done or the
   * bytes of all loops are.
   */
  static long passBudget(JobSpec spec, List<IoFile> files) {
    long regions = files.stream().mapToLong(IoFile::regionLength).sum();
    long size = spec.size().isZero() ? regions : Math.min(spec.size().bytes(), regions);
    boolean widens = spec.rw().writes() && (!spec.rw().isRandom() || !spec.randomMap());
    return widens ? Math.max(size, spec.ioSize().bytes()) : size;
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

  /** Bytes planned so far. */
  long issued() {
    return issued;
  }

  /**
   * Plans the next I/O into {@code plan}; false when the job has done all its bytes. As in fio, an
   * I/O never runs past the end of its file: a bssplit size that does not fit gives way to one that
   * does, and a file where not even the smallest fits is done for this pass. Unless the job is time
   * based (then files wrap around), a pass ends when every file is done or the bytes reach the
   * pass's share of io_size; each pass starts the files anew, as fio's loops do.
   */
  /**
   * Whether the current pass still wants bytes: fio's loop condition, checked before it looks at
   * the files, which is when it issues a sync that is due (even if every file then turns out done).
   */
  boolean bytesLeft() {
    return spec.timeBased() || (sized < limit * spec.loops() && !iosDone());
  }

  /**
   * Whether an I/O's bytes count towards size and io_size, as fio's {@code io_bytes_exceeded}: a
   * trimwrite job's writes only (fio counts the directions of a job that reads and writes, else the
   * one it does, writes before trims).
   */
  private boolean countsTowardsSize(Direction direction) {
    return !spec.rw().trimsThenWrites() || direction == Direction.WRITE;
  }

  private boolean rewritesTrim(Direction direction) {
    return direction == Direction.WRITE && spec.rw() == ReadWrite.RANDTRIMWRITE;
  }

  /**
   * Whether the job has done {@code number_ios} for each of its loops: fio counts the I/Os of the
   * whole job against {@code number_ios * loops}, so a pass may use what an earlier one left.
   */
  private boolean iosDone() {
    return iosLimit > 0 && ios >= iosLimit;
  }

  /**
   * fio's verify after each pass: {@code verify} runs before a new pass starts, and {@code
   * pendingBytes} says how much it will read, which counts towards {@code io_size}.
   */
  void verifyBetweenPasses(LongSupplier pendingBytes, Runnable verify) {
    verifyBetweenPasses(pendingBytes, verify, () -> false);
  }

  /** As above; no pass follows a verify after which {@code halted} holds (verify_fatal). */
  void verifyBetweenPasses(LongSupplier pendingBytes, Runnable verify, BooleanSupplier halted) {
    this.pendingVerify = pendingBytes;
    this.betweenPasses = verify;
    this.halted = halted;
  }

  /**
   * Runs {@code action} when a pass ends and another follows, before its verify (fio's do_io end).
   */
  void onPassEnd(Runnable action) {
    this.passEnd = action;
  }

  /** Runs {@code action} when a file reaches its end in a pass, where fio closes it. */
  void onFileDone(Consumer<IoFile> action) {
    this.fileDone = action;
  }

  /**
   * An I/O it planned failed (and the job carries on): fio counts only I/Os that completed without
   * error towards {@code number_ios} (io_blocks) and as bytes done, while its bytes still count as
   * issued (io_issue_bytes). Seed 2033 case 659: 24 trims that all fail with ENOTTY under {@code
   * number_ios=23} are all issued.
   */
  void failed(long length) {
    ios--;
    failed += length;
    passFailed += length;
  }

  /** Bytes a verify read back, which count towards {@code io_size} as fio's io_bytes do. */
  void verified(long bytes) {
    verified += bytes;
  }

  boolean next(IoPlan plan) {
    while (true) {
      if (iosDone()) {
        return false; // fio's loop and keep_running both stop once number_ios is reached
      }
      // fio's do_io: the bytes of all loops (io_issue_bytes_exceeded), the pass's own budget
      // (queueing engines only), or every file done end the pass
      if (!spec.timeBased()
          && (sized >= limit * spec.loops()
              || passIssued >= passBudget
              || doneFiles >= files.size())) {
        if (!nextPass()) {
          return false;
        }
        continue;
      }
      IoFile file = nextFile();
      Direction direction = direction(file);
      if (zones != null) {
        zones.beforeIo(file, direction);
      }
      long offset;
      int length;
      if (rewritesTrim(direction)) {
        // fio's randtrimwrite writes the block it just trimmed, not marking the random map
        offset = file.lastStart[Direction.TRIM.ordinal()];
        length = (int) (file.sequentialPosition[Direction.TRIM.ordinal()] - offset);
      } else {
        offset = offset(file, direction);
        length = offset < 0 ? 0 : blockSize(direction, file.fitsEnd() - offset);
      }
      if (direction == Direction.TRIM
          && spec.rw() == ReadWrite.RANDTRIMWRITE
          && offset == file.lastStart[Direction.TRIM.ordinal()]) {
        // fio's get_next_offset: a trim drawn where the last one was must still be followed by
        // its write, so the write's last start is moved off the trim's
        file.lastStart[Direction.WRITE.ordinal()]--;
      }
      if (offset + length > file.size) {
        length = 0; // fio's fill_io_u: a size that fits the region but not the file ends it
      }
      if (length == 0) {
        if (spec.timeBased()) {
          reopen(file); // the file reached its end: fio closes it and opens it again
        } else {
          file.done = true;
          doneFiles++;
          fileDone.accept(file);
        }
        continue;
      }
      plan.direction = direction;
      plan.file = file;
      plan.offset = offset;
      plan.length = length;
      file.sequentialPosition[direction.ordinal()] = offset + length;
      file.lastStart[direction.ordinal()] = offset;
      issued += length;
      passIssued += length;
      if (countsTowardsSize(direction)) {
        sized += length;
      }
      if (zones != null) {
        zones.done(length);
      }
      ios++;
      return true;
    }
  }

  /**
   * Starts the next pass over the files (fio's {@code keep_running}): one per {@code loops}; after
   * them, more only while the bytes done fall short of {@code io_size} (or {@code size}) by at
   * least the largest block, and, without an io_size, the last pass did not finish every file. None
   * after a pass that did no I/O (a later loop whose start moved past its files' ends) or whose
   * every I/O failed (seed 2033 case 187: {@code loops=2} of trims that all fail trim once).
   */
  private boolean nextPass() {
    if (passIssued - passFailed == 0) {
      return false; // fio's thread_main ends a job whose last pass completed no bytes
    }
    if (readsOnlyWithVerify(spec)) {
      return false;
    }
    // fio's thread_main verifies a pass (clear_io_state first, which undoes every file's done
    // flag) before keep_running asks whether all files are done: after a verify they never are
    // (seed 2042 case 758: rw=write:32768 size=100k verify=pattern wraps into a second pass)
    boolean allDone = doneFiles >= files.size() && !verifiesAfterPass(spec);
    // fio's keep_running counts the bytes done in both directions, the verify reads of each pass
    long done = issued - failed + verified + pendingVerify.getAsLong();
    boolean more =
        passes < spec.loops()
            || (done < limit
                && limit - done >= maxBlockSize(spec)
                && (!spec.ioSize().isZero() || !allDone));
    if (!more) {
      return false;
    }
    passEnd.run(); // the end of fio's do_io: end_fsync
    betweenPasses.run(); // fio verifies what a pass wrote before the next starts
    if (halted.getAsBoolean()) {
      return false;
    }
    passes++;
    passIssued = 0;
    passFailed = 0;
    if (zones != null) {
      zones.restart(); // fio's reset_io_counters, with each file's start taken anew below
    }
    // fio's clear_io_state closed every file; the next pass opens each again when it uses it,
    // unless it has nothing left to issue (the bytes of every loop are done)
    boolean opens = sized < limit * spec.loops();
    for (IoFile f : files) {
      // fio's clear_io_state takes each start anew between loops, now of the size the file was
      // given at setup: offset=50% of a fresh file starts at 0, its second loop half way
      f.start = spec.offsets().startIn(f.size, f.subjob, unit);
      f.fitsStart = f.start;
      if (opens) {
        reopen(f);
      } else {
        rewind(f);
      }
    }
    if (restartsDoneFiles()) {
      doneFiles = 0;
    }
    return true;
  }

  /** Whether fio's thread_main runs its verify phase after each pass of the job. */
  static boolean verifiesAfterPass(JobSpec spec) {
    return spec.verify() != io.fsbench.api.VerifyMethod.NONE && spec.verifySettings().doVerify();
  }

  /**
   * Whether the job reads and only reads, with {@code verify} set: fio 3.33 reads its files once,
   * whatever {@code loops} or {@code io_size} ask (observed with {@code do_verify} 0 and 1, every
   * block good or bad, sequential and random: {@code rw=read bs=4k size=64k verify=crc32c loops=3}
   * reads 16 blocks, 48 without verify; seed 2041 cases 20, 277 and 289). Not yet explained from
   * fio's source; docs/measurement.md.
   */
  static boolean readsOnlyWithVerify(JobSpec spec) {
    return spec.rw().reads()
        && !spec.rw().writes()
        && !spec.rw().trims()
        && !spec.timeBased()
        && spec.verify() != io.fsbench.api.VerifyMethod.NONE;
  }

  /**
   * Whether a new pass counts the files done afresh, as fio's {@code reset_io_counters} does only
   * for a time-based job, one of several loops, or one with {@code do_verify} (on by default,
   * verify or not). Otherwise the count stays: a pass that {@code io_size} adds after every file
   * reached its end finds them all done and does nothing, and the job ends (fio-diff seed 2030 case
   * 116: {@code offset=16k filesize=64k io_size=64k do_verify=0} writes the 48 KiB region once).
   */
  private boolean restartsDoneFiles() {
    return spec.timeBased() || spec.loops() > 1 || spec.verifySettings().doVerify();
  }

  /** The next file in round robin (fio's default file_service_type) that is not done. */
  private IoFile nextFile() {
    while (true) {
      IoFile file = files.get(nextFile);
      nextFile = nextFile + 1 == files.size() ? 0 : nextFile + 1;
      if (!file.done) {
        return file;
      }
    }
  }

  /**
   * Starts a new pass over a file fio opens anew (invalidating it and giving the fadvise hint
   * again), so the wrap's own invalidation is not made as well.
   */
  private void reopen(IoFile file) {
    onReopen.accept(file);
    restart(file);
  }

  /** Starts a new pass over {@code file}, which fio follows by invalidating its cache. */
  private void rewind(IoFile file) {
    restart(file);
    onWrap.accept(file);
  }

  private void restart(IoFile file) {
    file.done = false;
    java.util.Arrays.fill(file.sequentialPosition, file.start);
    java.util.Arrays.fill(file.lastStart, -1);
    if (file.chooser != null) {
      file.chooser.reset();
    }
  }

  /**
   * The next offset in {@code file}, or -1 when the file is done for this pass: fio's {@code
   * get_next_offset}. With {@code rw=randread:N} only every Nth I/O draws a random offset; the ones
   * between follow the last I/O ({@code rw_sequencer=sequential}, falling back to a random one at
   * the end of the file) or repeat it ({@code identical}).
   */
  private long offset(IoFile file, Direction direction) {
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

  private Direction direction(IoFile file) {
    if (spec.rw().trimsThenWrites()) {
      // fio's set_rw_ddir: a trim where the file's last trim and last write started at the same
      // place (or neither was issued), else the write that follows it
      return file.lastStart[Direction.WRITE.ordinal()] == file.lastStart[Direction.TRIM.ordinal()]
          ? Direction.TRIM
          : Direction.WRITE;
    }
    if (spec.rw().trims()) {
      return Direction.TRIM;
    }
    if (!spec.rw().isMixed()) {
      return spec.rw().reads() ? Direction.READ : Direction.WRITE;
    }
    return random.nextInt(100) < spec.rwMixRead() ? Direction.READ : Direction.WRITE;
  }

  /**
   * The length of the next I/O, as fio's {@code get_next_buflen}: a single size as it is (fio
   * checks it against the file only, in fill_io_u); 0 when not even the smallest size fits in the
   * {@code room} left in the region; else a size is drawn and the first entry at or past the draw
   * that fits is taken, drawing again when none does.
   */
  private int blockSize(Direction direction, long room) {
    int[] s = sizes[direction.ordinal()];
    if (oneSize[direction.ordinal()]) {
      // fio's get_next_buflen returns the one size unchecked: only the file's end bounds it, so
      // a strided zone past the region still takes I/O (seed 2047 case 334: bssplit=1k/96:1k/4)
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
    if (skewed() && zones == null) {
      // fio's get_next_block: the range drawn times the direction's blockalign; one at or past
      // io_size fails get_next_offset, which ends the file (seed 2042 case 883: bs=1k,64k with
      // random_distribution=normal draws writes over 64 times the file and ends at the first)
      long relative = Math.multiplyExact(block, (long) blockAlign(direction));
      return relative >= file.regionLength() ? -1 : file.start + relative;
    }
    int align = smallest[direction.ordinal()];
    long offset = block * mapUnit;
    offset -= offset % align;
    long room = zones != null ? spec.zones().range().bytes() : file.regionLength();
    return file.start + Math.min(offset, (room - align) / align * align);
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
    long range = Math.min(smallest[Direction.READ.ordinal()], smallest[Direction.WRITE.ordinal()]);
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
    return given == 0 ? smallest[direction.ordinal()] : Math.toIntExact(given);
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
