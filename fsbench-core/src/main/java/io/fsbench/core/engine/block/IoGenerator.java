package io.fsbench.core.engine.block;

import io.fsbench.api.JobSpec;
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
 *
 * <p>Each I/O's size is drawn by {@link BlockSizes} and its offset picked by {@link OffsetPicker},
 * from the clone's one random stream; {@link PassRules} says how much a pass moves.
 */
final class IoGenerator {

  private final JobSpec spec;
  private final List<IoFile> files;
  private final SplittableRandom random;
  private final BlockSizes blockSizes;
  private final long limit;
  private final long passBudget;
  private final long iosLimit;
  private final int unit;
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
  private final StridedZones zones;
  private final OffsetPicker offsets;
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
    this.blockSizes = new BlockSizes(spec);
    this.limit = PassRules.limit(spec, files);
    this.passBudget = PassRules.queues(spec) ? PassRules.passBudget(spec, files) : Long.MAX_VALUE;
    // fio's do_io doubles number_ios for trimwrite, each trim and write counting
    this.iosLimit = spec.numberIos() * spec.loops() * (spec.rw().trimsThenWrites() ? 2 : 1);
    this.unit = BlockSizes.minBlockSize(spec);
    this.zones = spec.zones().isNone() ? null : new StridedZones(spec, unit);
    for (IoFile file : files) {
      // seed 2042 case 149: filecreate's offset=10% is taken of one block at setup, but its
      // io_u_fits of the whole file, so a drawn bssplit size past the file's end ends the file
      file.fitsStart = spec.offsets().startIn(file.size, file.subjob, unit);
    }
    this.offsets = new OffsetPicker(spec, random, blockSizes, zones, unit);
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
    offsets.chooseBlocks(files, seed);
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
        offset = offsets.offset(file, direction);
        length = offset < 0 ? 0 : blockSizes.next(direction, file.fitsEnd() - offset, random);
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
    if (PassRules.readsOnlyWithVerify(spec)) {
      return false;
    }
    // fio's thread_main verifies a pass (clear_io_state first, which undoes every file's done
    // flag) before keep_running asks whether all files are done: after a verify they never are
    // (seed 2042 case 758: rw=write:32768 size=100k verify=pattern wraps into a second pass)
    boolean allDone = doneFiles >= files.size() && !PassRules.verifiesAfterPass(spec);
    // fio's keep_running counts the bytes done in both directions, the verify reads of each pass
    long done = issued - failed + verified + pendingVerify.getAsLong();
    boolean more =
        passes < spec.loops()
            || (done < limit
                && limit - done >= BlockSizes.maxBlockSize(spec)
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

  /**
   * The file a sync due now goes to. fio picks an I/O's file before its direction ({@code
   * set_io_u_file}, then {@code get_rw_ddir}), so a sync takes the next turn of the round robin
   * like any I/O and syncs that file: with {@code fsync=1} over two files every write lands in the
   * first and every sync in the second (seed 2051 case 492). {@code written} when there is no other
   * file to take the turn.
   */
  IoFile syncFile(IoFile written) {
    if (files.size() == 1 || doneFiles >= files.size()) {
      return written;
    }
    IoFile file = nextFile();
    return file.descriptor != null && !file.closed ? file : written;
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
}
