package io.fsbench.core.jobfile;

import static io.fsbench.core.jobfile.OptionGroup.CONTENT;
import static io.fsbench.core.jobfile.OptionGroup.CPUS;
import static io.fsbench.core.jobfile.OptionGroup.ERRORS;
import static io.fsbench.core.jobfile.OptionGroup.FILES;
import static io.fsbench.core.jobfile.OptionGroup.FLOW;
import static io.fsbench.core.jobfile.OptionGroup.JOB;
import static io.fsbench.core.jobfile.OptionGroup.LOGS;
import static io.fsbench.core.jobfile.OptionGroup.MEASUREMENT;
import static io.fsbench.core.jobfile.OptionGroup.OFFSETS;
import static io.fsbench.core.jobfile.OptionGroup.PRIORITY;
import static io.fsbench.core.jobfile.OptionGroup.RATES;
import static io.fsbench.core.jobfile.OptionGroup.RUN;
import static io.fsbench.core.jobfile.OptionGroup.SCHEDULING;
import static io.fsbench.core.jobfile.OptionGroup.STEADY_STATE;
import static io.fsbench.core.jobfile.OptionGroup.SUBMISSION;
import static io.fsbench.core.jobfile.OptionGroup.VERIFY;
import static io.fsbench.core.jobfile.OptionRow.flag;
import static io.fsbench.core.jobfile.OptionRow.value;
import static io.fsbench.core.jobfile.OptionText.flag;
import static io.fsbench.core.jobfile.OptionText.time;

import io.fsbench.api.BufferContent;
import io.fsbench.api.CpuPlacement;
import io.fsbench.api.FadviseHint;
import io.fsbench.api.Fallocate;
import io.fsbench.api.JobSpec;
import io.fsbench.api.RandomGenerator;
import io.fsbench.api.VerifyMethod;
import io.fsbench.api.VerifySettings;
import io.fsbench.core.jobfile.OptionRow.Handler;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every fio option fsbench knows, one {@link OptionRow} each: its names, whether it may be bare,
 * its help, how {@link JobOptionParser} applies it and how a job's effective options print it. Any
 * other option is refused by name. The help of {@code fsbench fio} and {@code docs/fio-options.md}
 * are made from it ({@link FioOptionsPage}).
 *
 * <p>The rows are in the order fio's JSON "job options" of a job fsbench made list them (see {@link
 * #effective}); rows that are not printed sit beside their kin. The class is long because the table
 * is: one row per option, kept together so that an option has one home.
 */
public final class FioOptionTable {

  private FioOptionTable() {}

  private static final Handler PACING = (p, k, v) -> p.pacing.apply(k, v, p.kbBase);
  private static final Handler MEASURES = (p, k, v) -> p.measurements.apply(k, v);
  private static final Handler LOG = (p, k, v) -> p.logs.apply(k, v);
  private static final Handler STEADY = (p, k, v) -> p.steadyState.apply(k, v);
  private static final Handler CPU = (p, k, v) -> p.cpus.apply(k, v);
  private static final Handler PLACE = (p, k, v) -> p.placement.apply(k, v, p.kbBase);
  private static final Handler PRIO = (p, k, v) -> p.priority.apply(k, v);
  private static final Handler SUBMIT = (p, k, v) -> p.submission.apply(k, v);
  private static final Handler FLOWS = (p, k, v) -> p.flow.apply(k, v);
  private static final Handler ENGINE = (p, k, v) -> p.engineOptions.apply(k, v);
  private static final Handler EXIT = (p, k, v) -> p.exitOptions.apply(k, v);
  private static final Handler ERROR = (p, k, v) -> p.errorOptions.apply(k, v);
  private static final Handler BUFFERS = (p, k, v) -> p.content.apply(k, v, p.kbBase, p.reads);
  private static final Handler VERIFIES = (p, k, v) -> p.verify.apply(k, v, p.kbBase);
  private static final Handler OFFSET =
      (p, k, v) -> p.offsets = OffsetOptions.apply(p.offsets, k, v, p.kbBase);

  /** Accepted and checked, with no effect in fsbench (the help says why). */
  private static final Handler CHECKED_BOOL = (p, k, v) -> FioValues.bool(k, v);

  private static final List<OptionRow> ROWS =
      List.of(
          value(
                  JOB,
                  "name",
                  "job1",
                  "the job's name, which the report uses",
                  (p, k, v) -> p.builder.name(v.strip()))
              .prints(JobSpec::name),
          value(
              JOB,
              "description",
              "nightly seq read",
              "free text, ignored as by fio",
              (p, k, v) -> {}),
          value(
                  JOB,
                  "rw|readwrite",
                  "randread",
                  "the I/O pattern: read, write, trim, randread, randwrite, randtrim, rw/readwrite,"
                      + " randrw, trimwrite, randtrimwrite; ':N' adds fio's offset modifier",
                  (p, k, v) -> p.rw(v))
              .prints(s -> s.rw().fioName() + OptionText.modifier(s.offsetModifier())),
          value(
                  OFFSETS,
                  "percentage_random",
                  "50",
                  "of a random pattern, the percentage of I/Os at random offsets (read,write)",
                  (p, k, v) ->
                      p.percentRandom = JobOptionParser.perDirectionPercent(k, v, p.percentRandom))
              .prints(
                  s ->
                      s.offsetModifier().mixesSequential()
                          ? s.offsetModifier().readPercentRandom()
                              + ","
                              + s.offsetModifier().writePercentRandom()
                          : null),
          value(
                  OFFSETS,
                  "rw_sequencer",
                  "identical",
                  "with rw=randread:N, whether the N-1 other I/Os go on (sequential) or repeat"
                      + " the offset (identical)",
                  (p, k, v) -> p.identical = OffsetOptions.identical(v))
              .prints(
                  s ->
                      s.offsetModifier().randomEvery() > 1
                          ? (s.offsetModifier().identical() ? "identical" : "sequential")
                          : null),
          value(
                  JOB,
                  "rwmixread",
                  "70",
                  "of a mixed pattern, the percentage of reads",
                  (p, k, v) -> p.builder.rwMixRead(FioValues.integer(k, v)))
              .prints(s -> Integer.toString(s.rwMixRead())),
          value(
              JOB,
              "rwmixwrite",
              "30",
              "of a mixed pattern, the percentage of writes",
              (p, k, v) -> p.builder.rwMixRead(100 - FioValues.integer(k, v))),
          value(
                  JOB,
                  "bs|blocksize",
                  "4k",
                  "the block size; read,write[,trim] sizes apart as 4k,64k",
                  (p, k, v) -> p.blockSizes(k, v, false))
              .prints(
                  s ->
                      s.readBlockSize().isFixed() && s.writeBlockSize().isFixed()
                          ? OptionText.blockSizes(s.readBlockSize(), s.writeBlockSize())
                          : null),
          value(
                  JOB,
                  "bssplit",
                  "4k/50:64k/50",
                  "a mix of block sizes by weight, per direction as for bs",
                  (p, k, v) -> p.blockSizes(k, v, true))
              .prints(
                  s ->
                      s.readBlockSize().isFixed() && s.writeBlockSize().isFixed()
                          ? null
                          : OptionText.blockSizes(s.readBlockSize(), s.writeBlockSize())),
          value(
              JOB,
              "bsrange|blocksize_range",
              "4k-4k",
              "a block-size range; only equal bounds (one size), else use bssplit",
              (p, k, v) -> p.bsRange(k, v)),
          value(
                  FILES,
                  "size",
                  "256m",
                  "the bytes of the job's files together (no percentage)",
                  (p, k, v) -> p.size(k, v))
              .prints(s -> sized(s) ? s.size().toString() : null),
          value(
                  FILES,
                  "filesize",
                  "64m",
                  "the size of each file (one size, no range)",
                  (p, k, v) -> p.fileSize(k, v))
              .prints(s -> sized(s) ? s.effectiveFileSize().toString() : null),
          value(
                  FILES,
                  "nrfiles",
                  "4",
                  "how many files each clone of the job uses",
                  (p, k, v) -> p.builder.nrFiles(FioValues.integer(k, v)))
              .prints(s -> Integer.toString(s.nrFiles())),
          value(
                  FILES,
                  "io_size|io_limit",
                  "1g",
                  "the bytes to move, when not size: more repeats passes over the files",
                  (p, k, v) -> p.builder.ioSize(FioValues.size(k, v, p.kbBase)))
              .prints(
                  s -> sized(s) || !s.ioSize().isZero() ? s.effectiveIoSize().toString() : null),
          value(
                  OFFSETS,
                  "offset|fileoffset",
                  "25%",
                  "where in each file I/O starts: a size or a percentage of the file",
                  OFFSET)
              .prints(
                  s -> OptionText.sizeOrPercent(s.offsets().startPercent(), s.offsets().start())),
          value(
                  OFFSETS,
                  "offset_increment",
                  "1m",
                  "how much further each clone starts: a size or a percentage",
                  OFFSET)
              .prints(
                  s ->
                      OptionText.sizeOrPercent(
                          s.offsets().incrementPercent(), s.offsets().increment())),
          value(OFFSETS, "offset_align", "4k", "the alignment of a percentage offset", OFFSET)
              .prints(s -> s.offsets().align().toString()),
          value(
                  RUN,
                  "number_ios",
                  "1000",
                  "end the job after this many I/Os (0: no limit)",
                  (p, k, v) -> p.builder.numberIos(FioValues.count(k, v, p.kbBase)))
              .prints(s -> Long.toString(s.numberIos())),
          value(
                  OFFSETS,
                  "zonemode",
                  "strided",
                  "none or strided (zbd, for zoned devices, is refused)",
                  (p, k, v) -> p.zoneMode = OffsetOptions.zoneMode(v))
              .prints(s -> s.zones().isNone() ? null : "strided"),
          value(
                  OFFSETS,
                  "zonesize",
                  "64k",
                  "the bytes done in each zone; alone it means zonemode=strided",
                  (p, k, v) -> p.zone[0] = FioValues.size(k, v, p.kbBase))
              .prints(s -> s.zones().isNone() ? null : s.zones().size().toString()),
          value(
                  OFFSETS,
                  "zonerange",
                  "1m",
                  "the size of a zone",
                  (p, k, v) -> p.zone[1] = FioValues.size(k, v, p.kbBase))
              .prints(s -> s.zones().isNone() ? null : s.zones().range().toString()),
          value(
                  OFFSETS,
                  "zoneskip",
                  "1m",
                  "the bytes skipped after each zone",
                  (p, k, v) -> p.zone[2] = FioValues.size(k, v, p.kbBase))
              .prints(s -> s.zones().isNone() ? null : s.zones().skip().toString()),
          value(
                  FILES,
                  "filename",
                  "data.bin",
                  "one file the clones share; a path sets the directory; no device, no list",
                  (p, k, v) -> p.fileNameOption(v))
              .prints(s -> s.fileName().isEmpty() ? null : s.fileName()),
          value(
              FILES,
              "directory",
              "/mnt/test",
              "where the files go (one directory); fsbench works in a fresh subdirectory of it",
              (p, k, v) -> p.directoryOption(v)),
          value(
                  JOB,
                  "numjobs",
                  "4",
                  "how many clones of the job run at once",
                  (p, k, v) -> p.builder.numJobs(FioValues.integer(k, v)))
              .prints(s -> Integer.toString(s.numJobs())),
          value(
                  JOB,
                  "iodepth",
                  "16",
                  "the I/Os in flight on an asynchronous engine",
                  (p, k, v) -> p.builder.ioDepth(FioValues.integer(k, v)))
              .prints(s -> Integer.toString(s.ioDepth())),
          value(
              JOB,
              "ioengine",
              "libaio",
              "psync (sync, pvsync, vsync too), libaio, io_uring, null, or the file engines"
                  + " filecreate, filestat, filedelete, ftruncate, falloc",
              (p, k, v) -> p.ioEngine(v)),
          flag(
                  JOB,
                  "direct",
                  "O_DIRECT: bypass the page cache",
                  (p, k, v) -> p.builder.direct(FioValues.bool(k, v)))
              .prints(s -> flag(s.direct())),
          flag(
              JOB,
              "buffered",
              "the opposite of direct",
              (p, k, v) -> p.builder.direct(!FioValues.bool(k, v))),
          flag(JOB, "thread", "accepted: fsbench always runs clones as threads", CHECKED_BOOL),
          value(
              JOB,
              "threads",
              "2",
              "the tiobench profile's thread count; accepted, no effect without that profile",
              (p, k, v) -> FioValues.integer(k, v)),
          value(
              JOB,
              "kb_base",
              "1000",
              "1024 (default) or 1000: what k, m and g mean in this job's sizes",
              (p, k, v) -> {}),
          value(
                  RUN,
                  "fsync",
                  "32",
                  "fsync after every N writes (0: never)",
                  (p, k, v) -> p.builder.fsync(FioValues.integer(k, v)))
              .prints(s -> Integer.toString(s.fsync())),
          value(
                  RUN,
                  "fdatasync",
                  "32",
                  "fdatasync after every N writes (0: never)",
                  (p, k, v) -> p.builder.fdatasync(FioValues.integer(k, v)))
              .prints(s -> Integer.toString(s.fdatasync())),
          flag(
                  RUN,
                  "end_fsync",
                  "fsync the files when the job's writes are done",
                  (p, k, v) -> p.builder.endFsync(FioValues.bool(k, v)))
              .prints(s -> flag(s.endFsync())),
          flag(
                  RUN,
                  "fsync_on_close",
                  "fsync each file when it is closed",
                  (p, k, v) -> p.builder.fsyncOnClose(FioValues.bool(k, v)))
              .prints(s -> flag(s.fsyncOnClose())),
          flag(
                  RUN,
                  "time_based",
                  "run for runtime, repeating passes, even when size is done",
                  (p, k, v) -> p.builder.timeBased(FioValues.bool(k, v)))
              .prints(s -> flag(s.timeBased())),
          value(
                  RUN,
                  "runtime|timeout",
                  "30s",
                  "the longest the job runs (seconds without a unit)",
                  (p, k, v) -> p.builder.runtime(FioValues.time(k, v, ChronoUnit.SECONDS)))
              .prints(s -> time(s.runtime())),
          value(
                  RUN,
                  "ramp_time",
                  "2s",
                  "run this long before measuring (seconds without a unit)",
                  (p, k, v) -> p.builder.rampTime(FioValues.time(k, v, ChronoUnit.SECONDS)))
              .prints(s -> time(s.rampTime())),
          value(
                  RUN,
                  "loops",
                  "2",
                  "how many passes over the files",
                  (p, k, v) -> p.builder.loops(FioValues.integer(k, v)))
              .prints(s -> Integer.toString(s.loops())),
          value(
                  OFFSETS,
                  "random_distribution",
                  "zipf:1.2",
                  "random, zipf:T, pareto:H, normal:S or zoned models of where random I/O goes",
                  PLACE)
              .prints(s -> s.distribution().toString()),
          value(
              OFFSETS,
              "blockalign|ba",
              "4k",
              "the alignment of random offsets (read,write)",
              PLACE),
          flag(
                  OFFSETS,
                  "norandommap",
                  "random offsets may repeat within a pass (no map of blocks done)",
                  (p, k, v) -> p.builder.randomMap(!FioValues.bool(k, v)))
              .prints(s -> flag(!s.randomMap())),
          value(
                  OFFSETS,
                  "random_generator",
                  "lfsr",
                  "tausworthe, tausworthe64 or lfsr",
                  (p, k, v) -> p.builder.randomGenerator(RandomGenerator.parse(v)))
              .prints(s -> s.randomGenerator().fioValue()),
          flag(
              OFFSETS,
              "randrepeat",
              "the same random sequence every run (0: a new seed each run)",
              (p, k, v) -> p.randRepeat = FioValues.bool(k, v)),
          value(
                  OFFSETS,
                  "randseed",
                  "1234",
                  "the seed of the random offsets and contents",
                  (p, k, v) -> p.randSeed(k, v))
              .prints(s -> Long.toString(s.randSeed())),
          flag(CONTENT, "zero_buffers", "write zeros", BUFFERS)
              .prints(s -> flag(s.buffers().fill() == BufferContent.Fill.ZEROS)),
          value(
                  CONTENT,
                  "buffer_compress_percentage",
                  "50",
                  "make written data compress by about this percentage",
                  BUFFERS)
              .prints(s -> Integer.toString(s.buffers().compressPercentage())),
          value(
                  CONTENT,
                  "buffer_compress_chunk",
                  "4k",
                  "the granularity of buffer_compress_percentage",
                  BUFFERS)
              .prints(
                  s ->
                      s.buffers().compressChunk().isZero()
                          ? null
                          : s.buffers().compressChunk().toString()),
          flag(CONTENT, "refill_buffers", "new random data for every write", BUFFERS)
              .prints(s -> flag(s.buffers().refill())),
          flag(CONTENT, "scramble_buffers", "vary each write's data a little (default on)", BUFFERS)
              .prints(s -> flag(s.buffers().scramble())),
          value(
                  CONTENT,
                  "buffer_pattern",
                  "0xdeadbeef",
                  "write this pattern: a number, \"a string\", or a list of both",
                  BUFFERS)
              .prints(s -> s.buffers().pattern().isNone() ? null : s.buffers().pattern().text()),
          value(
                  CONTENT,
                  "dedupe_percentage",
                  "20",
                  "make this percentage of written blocks repeat earlier ones",
                  BUFFERS)
              .prints(
                  s ->
                      s.buffers().dedupe().isNone()
                          ? null
                          : Integer.toString(s.buffers().dedupe().percentage())),
          value(
                  CONTENT,
                  "dedupe_mode",
                  "working_set",
                  "which blocks repeat: repeat (the last) or working_set",
                  BUFFERS)
              .prints(
                  s ->
                      s.buffers().dedupe().isNone()
                          ? null
                          : s.buffers().dedupe().mode().name().toLowerCase(Locale.ROOT)),
          value(
                  CONTENT,
                  "dedupe_working_set_percentage",
                  "50",
                  "with dedupe_mode=working_set, the share of the file repeats come from",
                  BUFFERS)
              .prints(
                  s ->
                      s.buffers().dedupe().isNone()
                          ? null
                          : Integer.toString(s.buffers().dedupe().workingSetPercentage())),
          flag(CONTENT, "dedupe_global", "repeats may come from every job's blocks", BUFFERS)
              .prints(
                  s -> s.buffers().dedupe().isNone() ? null : flag(s.buffers().dedupe().global())),
          value(
                  RATES,
                  "rate",
                  "10m,5m",
                  "the most bytes per second (read,write)",
                  (p, k, v) -> p.rate = p.perDirectionCounts(k, v, p.rate))
              .prints(s -> s.rate().readBytesPerSec() + "," + s.rate().writeBytesPerSec()),
          value(
                  RATES,
                  "rate_iops",
                  "100",
                  "the most I/Os per second (read,write)",
                  (p, k, v) -> p.rateIops = p.perDirectionCounts(k, v, p.rateIops))
              .prints(s -> s.rate().readIops() + "," + s.rate().writeIops()),
          value(
                  RATES,
                  "rate_process",
                  "poisson",
                  "how rated I/Os are spaced: linear or poisson",
                  PACING)
              .prints(s -> s.pacing().poisson() ? "poisson" : "linear"),
          value(
                  RATES,
                  "rate_min|ratemin",
                  "1m",
                  "fail the run when bytes per second fall below (read,write)",
                  PACING)
              .prints(
                  s ->
                      s.pacing().minRate().readBytesPerSec()
                          + ","
                          + s.pacing().minRate().writeBytesPerSec()),
          value(
                  RATES,
                  "rate_iops_min",
                  "50",
                  "fail the run when I/Os per second fall below (read,write)",
                  PACING)
              .prints(
                  s -> s.pacing().minRate().readIops() + "," + s.pacing().minRate().writeIops()),
          value(
                  RATES,
                  "thinktime",
                  "100",
                  "pause this long between I/Os (us without a unit)",
                  PACING)
              .prints(s -> time(s.pacing().thinkTime())),
          value(
                  RATES,
                  "thinktime_spin",
                  "10",
                  "of thinktime, how long to spin on the CPU (us without a unit)",
                  PACING)
              .prints(s -> time(s.pacing().thinkTimeSpin())),
          value(RATES, "thinktime_blocks", "4", "pause after every N I/Os", PACING)
              .prints(s -> Integer.toString(s.pacing().thinkTimeBlocks())),
          value(
                  RATES,
                  "thinktime_blocks_type",
                  "issue",
                  "count thinktime_blocks as completed (complete) or issued (issue) I/Os",
                  PACING)
              .prints(s -> s.pacing().thinkTimeCountsIssued() ? "issue" : "complete"),
          value(
                  RATES,
                  "startdelay",
                  "2s-5s",
                  "wait before starting (seconds without a unit); low-high draws one per clone",
                  PACING)
              .prints(FioOptionTable::startDelay),
          value(
                  VERIFY,
                  "verify",
                  "crc32c",
                  "check what was written: none, crc32c, md5, sha256, meta or pattern",
                  VERIFIES)
              .prints(s -> s.verify().name().toLowerCase(Locale.ROOT)),
          value(
                  VERIFY,
                  "verify_pattern",
                  "0xaa",
                  "the pattern written and checked (verify=meta when no verify is given)",
                  VERIFIES)
              .prints(s -> verifies(s, v -> v.pattern().isNone() ? null : v.pattern().text())),
          value(
                  VERIFY,
                  "verify_interval",
                  "512",
                  "check a header every this many bytes (at least 80)",
                  VERIFIES)
              .prints(s -> verifies(s, v -> v.interval().toString())),
          value(
                  VERIFY,
                  "verify_offset",
                  "64",
                  "where in the block the header goes (at least 40)",
                  VERIFIES)
              .prints(s -> verifies(s, v -> v.offset().toString())),
          flag(VERIFY, "do_verify", "read back and check (0: only write the headers)", VERIFIES)
              .prints(s -> verifies(s, v -> flag(v.doVerify()))),
          flag(VERIFY, "verify_fatal", "stop at the first bad block", VERIFIES)
              .prints(s -> verifies(s, v -> flag(v.fatal()))),
          value(
                  VERIFY,
                  "verify_backlog",
                  "16",
                  "check the written blocks every N writes, not at the end",
                  VERIFIES)
              .prints(s -> verifies(s, v -> Long.toString(v.backlog()))),
          value(
                  VERIFY,
                  "verify_backlog_batch",
                  "8",
                  "how many blocks each verify_backlog check reads",
                  VERIFIES)
              .prints(s -> verifies(s, v -> Long.toString(v.backlogBatch()))),
          flag(VERIFY, "verify_dump", "dump a bad block and what was expected to files", VERIFIES)
              .prints(s -> verifies(s, v -> flag(v.dump()))),
          value(
              VERIFY,
              "verify_async",
              "2",
              "accepted: fsbench checks each block on the job's thread as it is read",
              VERIFIES),
          flag(
              VERIFY,
              "verify_state_save",
              "only 0: fsbench keeps no verify state between runs",
              VERIFIES),
          value(
              VERIFY,
              "verify_state_load",
              "0",
              "only 0: fsbench keeps no verify state between runs",
              VERIFIES),
          flag(
              VERIFY,
              "verify_only",
              "refused: fsbench does not check an earlier run's data",
              VERIFIES),
          value(
                  FILES,
                  "fallocate",
                  "none",
                  "how files are laid out before writing: native, posix, keep, truncate, none",
                  (p, k, v) -> p.builder.fallocate(Fallocate.parse(v)))
              .prints(s -> s.fallocate().name().toLowerCase(Locale.ROOT)),
          flag(
                  FILES,
                  "invalidate",
                  "drop the files' cached pages before the job",
                  (p, k, v) -> p.builder.invalidate(FioValues.bool(k, v)))
              .prints(s -> flag(s.invalidate())),
          value(
                  FILES,
                  "fadvise_hint",
                  "random",
                  "posix_fadvise on the files: 0, 1 (by pattern), sequential or random",
                  (p, k, v) -> p.builder.fadviseHint(FadviseHint.parse(v)))
              .prints(s -> s.fadviseHint().fioValue()),
          value(
                  FILES,
                  "filename_format",
                  "$jobname.$filenum",
                  "how files are named: $jobname, $jobnum, $filenum, $clientuid",
                  (p, k, v) -> p.files = p.files.nameFormat(v.strip()))
              .prints(
                  s ->
                      s.fileHandling().nameFormat().isEmpty()
                          ? null
                          : s.fileHandling().nameFormat()),
          flag(
                  FILES,
                  "overwrite",
                  "lay out the files before writing, so writes overwrite",
                  (p, k, v) -> p.files = p.files.overwrite(FioValues.bool(k, v)))
              .prints(s -> flag(s.fileHandling().overwrite())),
          flag(
                  FILES,
                  "create_fsync",
                  "fsync the files after laying them out (default on)",
                  (p, k, v) -> p.files = p.files.createFsync(FioValues.bool(k, v)))
              .prints(s -> flag(s.fileHandling().createFsync())),
          flag(
                  FILES,
                  "allow_file_create",
                  "the job may create its files (default on)",
                  (p, k, v) -> p.files = p.files.allowCreate(FioValues.bool(k, v)))
              .prints(s -> flag(s.fileHandling().allowCreate())),
          flag(
                  FILES,
                  "create_on_open",
                  "create each file when the job opens it, not before",
                  (p, k, v) -> p.files = p.files.createOnOpen(FioValues.bool(k, v)))
              .prints(s -> flag(s.fileHandling().createOnOpen())),
          flag(
                  FILES,
                  "unlink",
                  "delete the files when the job is done",
                  (p, k, v) -> p.files = p.files.unlink(FioValues.bool(k, v)))
              .prints(s -> flag(s.fileHandling().unlink())),
          flag(
                  FILES,
                  "create_serialize",
                  "lay out the clones' files one clone at a time (default on)",
                  (p, k, v) -> p.files = p.files.createSerialize(FioValues.bool(k, v)))
              .prints(s -> s.fileHandling().createSerialize() ? null : "0"),
          flag(
                  FILES,
                  "fill_device|fill_fs",
                  "write until the filesystem is full (ENOSPC)",
                  (p, k, v) -> p.files = p.files.fillDevice(FioValues.bool(k, v)))
              .prints(s -> s.fileHandling().fillDevice() ? "1" : null),
          value(
              FILES,
              "openfiles",
              "4",
              "how many files are open at once; only nrfiles (fsbench keeps them all open)",
              (p, k, v) -> p.openFiles = FioValues.integer(k, v)),
          value(
              FILES,
              "file_service_type",
              "roundrobin",
              "only roundrobin, fio's default: how I/O moves between a job's files",
              (p, k, v) -> JobOptionParser.requireDefault(k, v, "roundrobin")),
          flag(
              FILES,
              "unique_filename",
              "accepted: it changes file names only in fio's client/server mode",
              CHECKED_BOOL),
          value(JOB, "stat_type", "statx", "with ioengine=filestat: stat, lstat or statx", ENGINE),
          value(
                  MEASUREMENT,
                  "percentile_list",
                  "50:99:99.9",
                  "the completion-latency percentiles reported, ':'-separated",
                  (p, k, v) -> p.builder.percentiles(JobOptionParser.percentiles(v)))
              .prints(s -> OptionText.percentiles(s.percentiles())),
          flag(MEASUREMENT, "gtod_reduce", "measure no latencies, only bytes and I/Os", MEASURES),
          flag(MEASUREMENT, "disable_slat", "do not measure submission latency", MEASURES)
              .prints(s -> flag(!s.measurements().slat())),
          flag(MEASUREMENT, "disable_clat", "do not measure completion latency", MEASURES)
              .prints(s -> flag(!s.measurements().clat())),
          flag(MEASUREMENT, "disable_lat", "do not measure total latency", MEASURES)
              .prints(s -> flag(!s.measurements().lat())),
          flag(
                  MEASUREMENT,
                  "disable_bw_measurement|disable_bw",
                  "do not sample bandwidth and IOPS",
                  MEASURES)
              .prints(s -> flag(!s.measurements().bandwidth())),
          flag(
                  MEASUREMENT,
                  "clat_percentiles",
                  "report completion-latency percentiles (default on)",
                  MEASURES)
              .prints(s -> flag(s.measurements().clatPercentiles())),
          flag(MEASUREMENT, "lat_percentiles", "report total-latency percentiles", MEASURES)
              .prints(s -> flag(s.measurements().latPercentiles())),
          flag(MEASUREMENT, "slat_percentiles", "report submission-latency percentiles", MEASURES)
              .prints(s -> flag(s.measurements().slatPercentiles())),
          flag(
              MEASUREMENT,
              "disk_util",
              "accepted: fsbench reports no disk utilisation",
              CHECKED_BOOL),
          flag(LOGS, "write_bw_log", "write a bandwidth log; a value is the files' prefix", LOG)
              .prints(s -> orNull(s.logs().bandwidthPrefix())),
          flag(LOGS, "write_iops_log", "write an IOPS log; a value is the files' prefix", LOG)
              .prints(s -> orNull(s.logs().iopsPrefix())),
          flag(
                  LOGS,
                  "write_lat_log",
                  "write slat, clat and lat logs; a value is the files' prefix",
                  LOG)
              .prints(s -> orNull(s.logs().latencyPrefix())),
          value(
                  LOGS,
                  "log_avg_msec",
                  "500",
                  "average log entries over this many ms (0: every I/O)",
                  LOG)
              .prints(s -> Long.toString(s.logs().average().toMillis())),
          flag(LOGS, "log_max_value", "log the window's maximum, not its average", LOG)
              .prints(s -> flag(s.logs().maxValue())),
          flag(LOGS, "per_job_logs", "one log per clone (0: one per job)", LOG)
              .prints(s -> flag(s.logs().perJob())),
          flag(LOGS, "write_hist_log", "write a latency histogram log; a value is the prefix", LOG)
              .prints(s -> s.logs().histogram().any() ? s.logs().histogram().prefix() : null),
          value(LOGS, "log_hist_msec", "1000", "a histogram log line every this many ms", LOG)
              .prints(
                  s ->
                      s.logs().histogram().any()
                          ? Long.toString(s.logs().histogram().interval().toMillis())
                          : null),
          value(LOGS, "log_hist_coarseness", "2", "merge 2^N histogram bins into one (0 to 6)", LOG)
              .prints(
                  s ->
                      s.logs().histogram().any()
                          ? Integer.toString(s.logs().histogram().coarseness())
                          : null),
          flag(LOGS, "log_offset", "add each I/O's offset to log lines", LOG),
          flag(LOGS, "log_prio", "add each I/O's priority to log lines", LOG),
          value(
                  STEADY_STATE,
                  "steadystate|ss",
                  "iops:10%",
                  "end the job once iops or bw (or their _slope) stays within this limit",
                  STEADY)
              .prints(
                  s -> s.steadyState().enabled() ? OptionText.steadyState(s.steadyState()) : null),
          value(
                  STEADY_STATE,
                  "ss_dur|steadystate_duration",
                  "60",
                  "the window steady state is judged over (whole seconds)",
                  STEADY)
              .prints(s -> s.steadyState().enabled() ? time(s.steadyState().duration()) : null),
          value(
                  STEADY_STATE,
                  "ss_ramp|steadystate_ramp_time",
                  "5s",
                  "run this long before judging steady state",
                  STEADY)
              .prints(s -> s.steadyState().enabled() ? time(s.steadyState().ramp()) : null),
          value(CPUS, "cpus_allowed", "0-1", "the CPUs the clones may run on, as a list", CPU)
              .prints(
                  s -> s.cpus().cpus().isEmpty() ? null : CpuPlacement.formatList(s.cpus().cpus())),
          value(CPUS, "cpumask", "0x3", "the CPUs the clones may run on, as a bit mask", CPU),
          value(
                  CPUS,
                  "cpus_allowed_policy",
                  "split",
                  "shared: every clone on all the CPUs; split: one CPU each",
                  CPU)
              .prints(
                  s -> s.cpus().cpus().isEmpty() ? null : (s.cpus().split() ? "split" : "shared")),
          value(CPUS, "nice", "5", "the clones' nice value", CPU)
              .prints(s -> s.cpus().nice() == 0 ? null : Integer.toString(s.cpus().nice())),
          value(CPUS, "numa_cpu_nodes", "0", "run the clones on the CPUs of these NUMA nodes", CPU)
              .prints(
                  s ->
                      s.cpus().cpuNodes().isEmpty()
                          ? null
                          : CpuPlacement.formatList(s.cpus().cpuNodes())),
          value(
                  CPUS,
                  "numa_mem_policy",
                  "bind:0",
                  "the clones' memory policy: default, prefer, bind, interleave, local",
                  CPU)
              .prints(
                  s ->
                      s.cpus().memPolicy() == CpuPlacement.MemPolicy.DEFAULT
                          ? null
                          : OptionText.memPolicy(s.cpus())),
          value(PRIORITY, "prio", "4", "the job's I/O priority level, 0 (highest) to 7", PRIO),
          value(
              PRIORITY,
              "prioclass",
              "2",
              "the job's I/O priority class: 1 real-time, 2 best-effort, 3 idle",
              PRIO),
          value(
              PRIORITY,
              "cmdprio_percentage",
              "20",
              "libaio/io_uring: the percentage of I/Os given cmdprio_class (read,write)",
              PRIO),
          value(
              PRIORITY,
              "cmdprio_class",
              "1",
              "the priority class of those I/Os (read,write)",
              PRIO),
          value(PRIORITY, "cmdprio", "0", "the priority level of those I/Os (read,write)", PRIO),
          value(
              PRIORITY,
              "cmdprio_bssplit",
              "4k/50:64k/10",
              "per block size, the percentage of I/Os given a priority",
              PRIO),
          value(
              SUBMISSION,
              "io_submit_mode",
              "offload",
              "inline, or offload: submit threads hold the rate whatever completions do",
              SUBMIT),
          value(
              SUBMISSION,
              "latency_target",
              "10ms",
              "find the deepest queue whose latency meets this (us without a unit)",
              SUBMIT),
          value(
              SUBMISSION,
              "latency_window",
              "1s",
              "judge latency_target over windows this long",
              SUBMIT),
          value(
              SUBMISSION,
              "latency_percentile",
              "99.9",
              "the percentage of I/Os that must meet latency_target",
              SUBMIT),
          flag(SUBMISSION, "latency_run", "keep probing for the whole run, not once", SUBMIT),
          value(
              FLOW,
              "flow",
              "8",
              "this job's weight in its flow: jobs of one flow_id take turns",
              FLOWS),
          value(FLOW, "flow_id", "1", "the flow the job belongs to", FLOWS),
          value(FLOW, "flow_sleep", "1000", "us to wait when the flow holds the job back", FLOWS),
          value(FLOW, "flow_watermark", "0", "deprecated in fio: accepted, no effect", FLOWS),
          value(
              SCHEDULING,
              "exit_what",
              "stonewall",
              "what exitall stops: group, stonewall or all",
              EXIT),
          flag(SCHEDULING, "exitall", "when this job ends, stop the others (see exit_what)", EXIT),
          flag(
              SCHEDULING,
              "exitall_on_error",
              "accepted: a failed job ends the whole run in fsbench anyway",
              EXIT),
          value(
              SCHEDULING,
              "wait_for",
              "job1",
              "start after every clone of this earlier job ended",
              EXIT),
          flag(
              SCHEDULING,
              "new_group",
              "start a new reporting group",
              (p, k, v) -> p.newGroup = FioValues.bool(k, v)),
          flag(
              SCHEDULING,
              "group_reporting",
              "report the group's clones as one",
              (p, k, v) -> p.groupReporting = FioValues.bool(k, v)),
          value(
              ERRORS,
              "continue_on_error",
              "read",
              "keep going after errors of: none, read, write, io, verify, all",
              ERROR),
          value(
              ERRORS,
              "ignore_error",
              "EIO:ENOSPC",
              "errnos to ignore per type, read,write,verify: names or numbers",
              ERROR),
          flag(ERRORS, "error_dump", "print each error as it happens", ERROR),
          value(
                  MEASUREMENT,
                  "bwavgtime",
                  "500",
                  "the window of bandwidth samples, in ms",
                  (p, k, v) -> p.builder.bwAvgTime(FioValues.time(k, v, ChronoUnit.MILLIS)))
              .prints(s -> Long.toString(s.bwAvgTime().toMillis())),
          value(
                  MEASUREMENT,
                  "iopsavgtime",
                  "500",
                  "the window of IOPS samples, in ms",
                  (p, k, v) -> p.builder.iopsAvgTime(FioValues.time(k, v, ChronoUnit.MILLIS)))
              .prints(s -> Long.toString(s.iopsAvgTime().toMillis())),
          flag(
                  SCHEDULING,
                  "stonewall|wait_for_previous",
                  "start after every job before it has ended",
                  (p, k, v) -> p.stonewall(k, v))
              .prints(s -> flag(s.stonewall())));

  private static final Map<String, OptionRow> BY_NAME = index(ROWS);

  private static Map<String, OptionRow> index(List<OptionRow> rows) {
    Map<String, OptionRow> byName = new LinkedHashMap<>();
    for (OptionRow row : rows) {
      for (String name : row.names()) {
        if (byName.put(name, row) != null) {
          throw new IllegalStateException("fio option '" + name + "' has two rows");
        }
      }
    }
    return Collections.unmodifiableMap(byName);
  }

  /** Every row, in the order of the effective options. */
  public static List<OptionRow> rows() {
    return ROWS;
  }

  /** The row of a name or alias, as written in lower case. */
  public static Optional<OptionRow> find(String key) {
    return Optional.ofNullable(BY_NAME.get(key));
  }

  /** Every option name and alias fsbench accepts, sorted. */
  public static Set<String> names() {
    return Collections.unmodifiableSet(new TreeSet<>(BY_NAME.keySet()));
  }

  /**
   * Every effective option of a {@link JobSpec}, defaults included, as fio spells it in a job file,
   * for {@code "job options"}. fio records only the options given explicitly, so two fio results
   * cannot say whether they ran alike; fsbench records them all. Only fio's options appear (the
   * page cache drop, which fio lacks, shows in the setup times), so the map reads back as a fio
   * job.
   */
  public static Map<String, String> effective(JobSpec spec) {
    Map<String, String> options = new LinkedHashMap<>();
    for (OptionRow row : ROWS) {
      String value = row.print(spec);
      if (value != null) {
        options.put(row.name(), value);
      }
    }
    return Collections.unmodifiableMap(options);
  }

  /** Without size or filesize the files decide (or, with fill_device, the filesystem's room). */
  private static boolean sized(JobSpec spec) {
    return !spec.size().isZero() || !spec.fileSize().isZero();
  }

  private static String verifies(
      JobSpec spec, java.util.function.Function<VerifySettings, String> print) {
    return spec.verify() == VerifyMethod.NONE ? null : print.apply(spec.verifySettings());
  }

  private static String orNull(String prefix) {
    return prefix.isEmpty() ? null : prefix;
  }

  private static String startDelay(JobSpec spec) {
    String delay = time(spec.pacing().startDelay());
    boolean range = !spec.pacing().startDelayMax().equals(spec.pacing().startDelay());
    return range ? delay + "-" + time(spec.pacing().startDelayMax()) : delay;
  }
}
