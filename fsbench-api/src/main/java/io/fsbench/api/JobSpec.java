package io.fsbench.api;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One block I/O job, with fio's options and fio's defaults. Build it with the verbs of {@link
 * Builder}; every value is validated when it is built, and bad values name themselves.
 *
 * <pre>{@code
 * JobSpec job = JobSpec.randWrite(Size.kib(4))
 *     .size(Size.mib(200))
 *     .runtime(Duration.ofSeconds(8)).timeBased()
 *     .ioDepth(32).direct()
 *     .build();
 * }</pre>
 *
 * @param name the job name (fio's section name)
 * @param rw the access pattern
 * @param rwMixRead percentage of reads in a mixed pattern
 * @param readBlockSize block size of reads
 * @param writeBlockSize block size of writes
 * @param size the region each job clone works on, split across its files; zero with a zero {@code
 *     fileSize} takes the sizes the job's files have when it is set up, as fio does for a job
 *     without {@code size} (a file an earlier stonewalled job wrote, say), or with {@link
 *     FileHandling#fillDevice()} writes until the filesystem is full
 * @param fileSize the size of each file; zero means {@code size / nrFiles}
 * @param nrFiles files per job clone
 * @param ioSize bytes of I/O to do; zero means {@code size}
 * @param fileName a file shared by all clones, relative to the volume; empty for one file set per
 *     clone named like fio's ({@code name.clone.file})
 * @param numJobs clones of this job, run concurrently
 * @param ioDepth I/Os kept in flight per clone
 * @param direct O_DIRECT
 * @param fsync fsync after every N writes, 0 for never
 * @param fdatasync fdatasync after every N writes, 0 for never
 * @param endFsync fsync at the end of the write phase, inside the measured runtime
 * @param fsyncOnClose fsync when a file is closed
 * @param timeBased loop over the region until {@code runtime} expires
 * @param runtime cap on the run time; zero for none
 * @param rampTime time run before measuring starts; its stats are discarded
 * @param loops passes over the region
 * @param distribution how random offsets are drawn
 * @param randomMap whether each random pass touches every block exactly once
 * @param randSeed the seed of every random generator (deterministic by default)
 * @param buffers the content written
 * @param rate bandwidth and IOPS caps per direction
 * @param verify how written data is checksummed and verified
 * @param verifySettings fio's other verify options: pattern, interval, backlog, ...
 * @param fallocate how files are preallocated in the layout phase
 * @param invalidate drop the files' pages from the page cache (posix_fadvise DONTNEED) before the
 *     run
 * @param dropCaches drop the whole page cache (needs root) before the run
 * @param percentiles the clat percentiles reported
 * @param bwAvgTime the bandwidth sampling window
 * @param iopsAvgTime the IOPS sampling window
 * @param stonewall wait for the jobs before this one to finish before starting
 * @param ioEngine how I/O is submitted
 * @param fadviseHint the access hint given for each file when it is opened
 * @param fileHandling how the job's files are named, laid out, created and removed
 * @param pacing think time, start delay, rate process and minimum rates
 * @param measurements which latencies and samples are measured, and which get percentiles
 * @param logs the fio log files the job writes
 * @param offsets where in each file each clone's I/O starts (fio's {@code offset} options)
 * @param numberIos stop after this many I/Os per loop (fio's {@code number_ios}), 0 for no cap
 * @param offsetModifier the {@code :N} of fio's {@code rw=}, with {@code rw_sequencer}
 * @param randomGenerator fio's {@code random_generator}
 * @param zones fio's {@code zonemode=strided} with {@code zonesize}, {@code zonerange} and {@code
 *     zoneskip}
 * @param steadyState fio's steady-state detection ({@code ss}, {@code ss_dur}, {@code ss_ramp})
 * @param cpus where the job's threads run: fio's {@code cpus_allowed}, {@code nice} and NUMA
 *     options
 * @param blockAlign fio's {@code blockalign}: what random offsets are multiples of
 * @param priority fio's {@code prio} and {@code prioclass}: the I/O priority of each clone's thread
 * @param flow fio's {@code flow}, {@code flow_id} and {@code flow_sleep}: the job's weight among
 *     the jobs of its flow that run with it
 * @param trimBlockSize block size of trims ({@code rw=trim}, {@code randtrim})
 * @param errors which I/O errors the job counts and carries on after: fio's {@code
 *     continue_on_error}, {@code ignore_error}, {@code error_dump}
 * @param submitMode fio's {@code io_submit_mode}: whether the job's thread issues its I/Os or a
 *     pool of threads does
 * @param latencyTarget fio's {@code latency_target} and its window, percentile and {@code
 *     latency_run}: the queue depth the job probes for
 * @param commandPriorities fio's {@code cmdprio*}: the priorities some I/Os carry in their requests
 */
public record JobSpec(
    String name,
    ReadWrite rw,
    int rwMixRead,
    BlockSize readBlockSize,
    BlockSize writeBlockSize,
    Size size,
    Size fileSize,
    int nrFiles,
    Size ioSize,
    String fileName,
    int numJobs,
    int ioDepth,
    boolean direct,
    int fsync,
    int fdatasync,
    boolean endFsync,
    boolean fsyncOnClose,
    boolean timeBased,
    Duration runtime,
    Duration rampTime,
    int loops,
    Distribution distribution,
    boolean randomMap,
    long randSeed,
    BufferContent buffers,
    RateLimit rate,
    VerifyMethod verify,
    VerifySettings verifySettings,
    Fallocate fallocate,
    boolean invalidate,
    boolean dropCaches,
    List<Double> percentiles,
    Duration bwAvgTime,
    Duration iopsAvgTime,
    boolean stonewall,
    IoEngine ioEngine,
    FadviseHint fadviseHint,
    FileHandling fileHandling,
    Pacing pacing,
    Measurements measurements,
    LogFiles logs,
    Offsets offsets,
    long numberIos,
    OffsetModifier offsetModifier,
    RandomGenerator randomGenerator,
    Zones zones,
    SteadyState steadyState,
    CpuPlacement cpus,
    BlockAlign blockAlign,
    IoPriority priority,
    Flow flow,
    BlockSize trimBlockSize,
    ErrorHandling errors,
    SubmitMode submitMode,
    LatencyTarget latencyTarget,
    CommandPriorities commandPriorities)
    implements Workload {

  /** fio's default {@code percentile_list}. */
  public static final List<Double> DEFAULT_PERCENTILES =
      List.of(
          1.0, 5.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 95.0, 99.0, 99.5, 99.9,
          99.95, 99.99);

  /** The seed used when none is given, so that runs repeat exactly (fio's randrepeat=1). */
  public static final long DEFAULT_SEED = 0x89L;

  /** Per-direction caps, fio's {@code rate} and {@code rate_iops}; 0 means no cap. */
  public record RateLimit(
      long readBytesPerSec, long writeBytesPerSec, long readIops, long writeIops) {
    public static final RateLimit NONE = new RateLimit(0, 0, 0, 0);

    public RateLimit {
      if (readBytesPerSec < 0 || writeBytesPerSec < 0 || readIops < 0 || writeIops < 0) {
        throw new InvalidInputException("rate and rate_iops must not be negative");
      }
    }

    public boolean isLimited() {
      return !equals(NONE);
    }
  }

  public JobSpec {
    requireName(name);
    Objects.requireNonNull(rw, "rw");
    Objects.requireNonNull(readBlockSize, "readBlockSize");
    Objects.requireNonNull(writeBlockSize, "writeBlockSize");
    Objects.requireNonNull(size, "size");
    Objects.requireNonNull(fileSize, "fileSize");
    Objects.requireNonNull(ioSize, "ioSize");
    Objects.requireNonNull(fileName, "fileName");
    Objects.requireNonNull(distribution, "distribution");
    Objects.requireNonNull(buffers, "buffers");
    Objects.requireNonNull(rate, "rate");
    Objects.requireNonNull(verify, "verify");
    Objects.requireNonNull(verifySettings, "verifySettings");
    Objects.requireNonNull(fallocate, "fallocate");
    Objects.requireNonNull(ioEngine, "ioEngine");
    Objects.requireNonNull(fadviseHint, "fadviseHint");
    Objects.requireNonNull(fileHandling, "fileHandling");
    Objects.requireNonNull(pacing, "pacing");
    Objects.requireNonNull(measurements, "measurements");
    Objects.requireNonNull(logs, "logs");
    Objects.requireNonNull(offsets, "offsets");
    Objects.requireNonNull(offsetModifier, "offsetModifier");
    Objects.requireNonNull(randomGenerator, "randomGenerator");
    Objects.requireNonNull(zones, "zones");
    Objects.requireNonNull(steadyState, "steadyState");
    Objects.requireNonNull(cpus, "cpus");
    if (steadyState.enabled() && !rampTime.isZero()) {
      // fio zeroes a job's byte counters at the end of ramp_time but not the steady-state
      // check's last reading, so its next sample is an unsigned wrap-around, not a rate
      throw new InvalidInputException(
          "job '"
              + name
              + "' gives steadystate with ramp_time, whose end fio's steady-state samples do not"
              + " survive; give ss_ramp instead of ramp_time");
    }
    Objects.requireNonNull(blockAlign, "blockAlign");
    Objects.requireNonNull(priority, "priority");
    Objects.requireNonNull(flow, "flow");
    Objects.requireNonNull(trimBlockSize, "trimBlockSize");
    Objects.requireNonNull(errors, "errors");
    requireTrimFits(name, rw, verify, logs, distribution, blockAlign);
    requireTrimWriteFits(name, rw, offsetModifier, numberIos, loops);
    Objects.requireNonNull(submitMode, "submitMode");
    Objects.requireNonNull(latencyTarget, "latencyTarget");
    Objects.requireNonNull(commandPriorities, "commandPriorities");
    blockAlign.check(name, rw, randomMap, distribution, readBlockSize, writeBlockSize);
    if (!zones.isNone() && distribution.kind() != Distribution.Kind.UNIFORM) {
      // fio draws the skewed offsets over the whole region from each zone's moving start, so
      // most land past the file's end and end the job after a random few
      throw new InvalidInputException(
          "job '"
              + name
              + "': zonemode=strided with random_distribution="
              + distribution
              + " is not supported: fio draws those offsets over the whole file from each zone's"
              + " start and ends the job early at random; drop one of them");
    }
    if (!zones.isNone() && (nrFiles > 1 || fileName.contains(":"))) {
      // fio turns strided zones off for a job with more than one file open, without a word
      throw new InvalidInputException(
          "job '"
              + name
              + "': zonemode=strided works on one file, and this job has several (fio would"
              + " quietly run it without zones); give nrfiles=1 or drop the zones");
    }
    // with the LFSR fio keeps no map, so nothing marks the blocks of sequential I/Os
    requireHonourable(
        name, rw, randomMap && randomGenerator != RandomGenerator.LFSR, direct, offsetModifier);
    if (randomGenerator == RandomGenerator.LFSR
        && distribution.kind() != Distribution.Kind.UNIFORM) {
      // fio draws zipf, pareto and normal offsets from their own models and never asks the LFSR
      throw new InvalidInputException(
          "job '"
              + name
              + "': random_generator=lfsr has no effect with random_distribution="
              + distribution
              + " (fio ignores it there); drop one of them");
    }
    if (numberIos < 0) {
      throw new InvalidInputException("number_ios (" + numberIos + ") must not be negative");
    }
    requireContent(name, buffers, verify, verifySettings, nrFiles);
    if (numberIos > 0 && timeBased) {
      // fio's time_based loop never checks number_ios: the cap would be accepted and do nothing
      throw new InvalidInputException(
          "job '"
              + name
              + "' gives number_ios ("
              + numberIos
              + ") with time_based, which fio ignores; give one or the other");
    }
    percentiles = List.copyOf(percentiles);
    range("rwmixread", rwMixRead, 0, 100);
    range("nrfiles", nrFiles, 1, 1_000_000);
    range("numjobs", numJobs, 1, 4096);
    range("iodepth", ioDepth, 1, 65_536);
    range("fsync", fsync, 0, Integer.MAX_VALUE);
    range("fdatasync", fdatasync, 0, Integer.MAX_VALUE);
    range("loops", loops, 1, Integer.MAX_VALUE);
    nonNegative("runtime", runtime);
    nonNegative("ramp_time", rampTime);
    positive("bwavgtime", bwAvgTime);
    positive("iopsavgtime", iopsAvgTime);
    if (!fileName.isEmpty()) {
      for (String file : fileName.split(":", -1)) {
        if (file.isBlank() || file.contains("/") || file.equals(".") || file.equals("..")) {
          throw new InvalidInputException(
              "filename ("
                  + fileName
                  + ") of job '"
                  + name
                  + "' must be plain file names separated by ':'; fsbench keeps a job's files in"
                  + " its own directory");
        }
      }
    }
    requireFillable(name, rw, ioEngine, size, fileSize, fileHandling);
    // the file-operation engines read nothing: their opens are what create_on_open times; a
    // mix reads what its writes made (a read past the end is a short one of 0 bytes, as in fio)
    if (fileHandling.createOnOpen() && rw.reads() && !rw.writes() && !ioEngine.isFileOperation()) {
      throw new InvalidInputException(
          "job '"
              + name
              + "' reads with create_on_open=1: its files would be created empty when opened and"
              + " its reads would find no data; leave create_on_open=0 so that they are laid out");
    }
    if (timeBased && runtime.isZero()) {
      throw new InvalidInputException(
          "job '" + name + "' is time_based but has no runtime; give one, e.g. runtime=8s");
    }
    if (percentiles.isEmpty() || percentiles.size() > 20) {
      throw new InvalidInputException(
          "percentile_list has " + percentiles.size() + " entries; give 1 to 20");
    }
    for (double p : percentiles) {
      if (!(p > 0 && p <= 100)) {
        throw new InvalidInputException("percentile (" + p + ") must be in (0, 100]");
      }
    }
    requirePacingFits(name, rate, pacing);
    requireSubmissionFits(
        new JobSpec.Submission(name, ioEngine, submitMode, latencyTarget, commandPriorities),
        verify != VerifyMethod.NONE,
        fsync > 0 || fdatasync > 0,
        !pacing.thinkTime().isZero(),
        flow.isSet(),
        priority.isSet());
    if (ioDepth > 1 && ioEngine.isSynchronousOnly() && submitMode != SubmitMode.OFFLOAD) {
      throw new InvalidInputException(
          "iodepth ("
              + ioDepth
              + ") has no effect with a synchronous ioengine; use ioengine=io_uring or libaio"
              + " (or auto) to keep that many I/Os in flight, or iodepth=1");
    }
    requireFileEngineFits(name, ioEngine, rw, verify, fsync > 0 || fdatasync > 0);
    if (ioEngine.isFileOperation() && logs.any()) {
      // fio logs each file operation's clat and none of the fake I/Os; fsbench logs I/Os
      throw new InvalidInputException(
          "job '"
              + name
              + "': write_bw_log, write_iops_log and write_lat_log are not supported with"
              + " ioengine="
              + ioEngine.name().toLowerCase(java.util.Locale.ROOT)
              + "; drop the logs");
    }
    if (direct) {
      for (Size at : List.of(offsets.start(), offsets.increment(), offsets.align())) {
        if (at.bytes() % 512 != 0) {
          throw new InvalidInputException(
              "offset ("
                  + at
                  + ") of job '"
                  + name
                  + "' must be a multiple of 512 with direct=1; O_DIRECT needs aligned I/O");
        }
      }
      for (BlockSize bs : List.of(readBlockSize, writeBlockSize)) {
        for (BlockSize.Split split : bs.splits()) {
          if (split.size().bytes() % 512 != 0) {
            throw new InvalidInputException(
                "block size ("
                    + split.size()
                    + ") must be a multiple of 512 with direct=1; O_DIRECT needs aligned I/O");
          }
        }
      }
    }
  }

  /** Refuses the offset modifiers fsbench cannot do as fio does, naming the reason. */
  /** fio's checks of verify and dedupe options against each other and the job's files. */
  private static void requireContent(
      String name, BufferContent buffers, VerifyMethod verify, VerifySettings v, int nrFiles) {
    if (verify == VerifyMethod.PATTERN && v.pattern().isNone()) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': verify=pattern needs a verify_pattern to check; give one, e.g."
              + " verify_pattern=0xaa");
    }
    Dedupe d = buffers.dedupe();
    if (d.mode() == Dedupe.Mode.WORKING_SET && !d.isNone() && nrFiles != 1) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': dedupe_mode=working_set works on one file per job (as in fio),"
              + " and this job has nrfiles="
              + nrFiles
              + "; give nrfiles=1 or dedupe_mode=repeat");
    }
  }

  private static void requireHonourable(
      String name, ReadWrite rw, boolean marksBlocks, boolean direct, OffsetModifier modifier) {
    if (modifier.sequentialAdd() != 0 && rw.isRandom()) {
      throw new InvalidInputException(
          "job '" + name + "': a byte offset modifier needs a sequential rw, not " + rw.fioName());
    }
    if (modifier.randomEvery() > 1 && !rw.isRandom()) {
      throw new InvalidInputException(
          "job '" + name + "': a random offset modifier needs a random rw, not " + rw.fioName());
    }
    if (modifier.mixesSequential() && !rw.isRandom()) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': percentage_random has no effect with rw="
              + rw.fioName()
              + " (fio applies it to random patterns only); drop it or use a random rw");
    }
    if (modifier.mixesSequential() && marksBlocks) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': percentage_random below 100 needs norandommap or random_generator=lfsr in"
              + " fsbench (its random map cannot mark the blocks the sequential I/Os take)");
    }
    if (modifier.randomEvery() > 1 && !modifier.identical() && marksBlocks) {
      // fio's random map marks the blocks the sequential I/Os in between take, and a random pick
      // skips them; fsbench's map is a permutation that cannot, so its I/O would differ
      throw new InvalidInputException(
          "job '"
              + name
              + "': rw="
              + rw.fioName()
              + ":"
              + modifier.randomEvery()
              + " with rw_sequencer=sequential needs norandommap in fsbench (its random map"
              + " cannot mark the blocks the sequential I/Os take); add norandommap=1, use"
              + " random_generator=lfsr or rw_sequencer=identical");
    }
    if (direct && modifier.sequentialAdd() % 512 != 0) {
      throw new InvalidInputException(
          "the offset modifier ("
              + modifier.sequentialAdd()
              + ") of job '"
              + name
              + "' must be a multiple of 512 with direct=1; O_DIRECT needs aligned I/O");
    }
  }

  public static Builder builder(ReadWrite rw, Size blockSize) {
    return new Builder().rw(rw).blockSize(blockSize);
  }

  public static Builder seqRead(Size blockSize) {
    return builder(ReadWrite.READ, blockSize);
  }

  public static Builder seqWrite(Size blockSize) {
    return builder(ReadWrite.WRITE, blockSize);
  }

  public static Builder randRead(Size blockSize) {
    return builder(ReadWrite.RANDREAD, blockSize);
  }

  public static Builder randWrite(Size blockSize) {
    return builder(ReadWrite.RANDWRITE, blockSize);
  }

  public static Builder readWrite(Size blockSize) {
    return builder(ReadWrite.READWRITE, blockSize);
  }

  public static Builder randReadWrite(Size blockSize) {
    return builder(ReadWrite.RANDRW, blockSize);
  }

  public Builder toBuilder() {
    return new Builder().from(this);
  }

  /**
   * Whether the job takes its files' sizes from the files it finds when it is set up, as fio does
   * for a job with neither {@code size} nor {@code filesize}.
   */
  public boolean sizeFromFiles() {
    return size.isZero() && fileSize.isZero() && !fileHandling.fillDevice();
  }

  /**
   * fio's {@code fill_device} writes until ENOSPC; where a job could never get there, or would do
   * something else first, it is refused rather than run.
   */
  private static void requireFillable(
      String name,
      ReadWrite rw,
      IoEngine ioEngine,
      Size size,
      Size fileSize,
      FileHandling fileHandling) {
    if (!fileHandling.fillDevice()) {
      return;
    }
    String job = "job '" + name + "' has fill_device=1 (write until the filesystem is full)";
    if (!rw.writes() || rw.reads()) {
      throw new InvalidInputException(
          job
              + " but rw="
              + rw.fioName()
              + (rw.writes() ? " also reads" : " does not write")
              + "; fill_device needs a job that only writes, e.g. rw=write");
    }
    if (ioEngine == IoEngine.NULL || ioEngine == IoEngine.FTRUNCATE || ioEngine.isFileOperation()) {
      throw new InvalidInputException(
          job
              + " but ioengine="
              + ioEngine.name().toLowerCase(java.util.Locale.ROOT)
              + " allocates no data blocks and never fills anything; use a data engine such as"
              + " psync, or drop fill_device");
    }
    if (size.isZero() && fileSize.isZero() && rw.isRandom()) {
      throw new InvalidInputException(
          job
              + " and no size, so rw="
              + rw.fioName()
              + " would draw offsets across an unbounded file (fio writes past the largest file"
              + " the filesystem allows and fails with EFBIG); give a size, or use rw=write");
    }
  }

  /** The size of each file. */
  public Size effectiveFileSize() {
    return fileSize.isZero() ? Size.bytes(size.bytes() / nrFiles) : fileSize;
  }

  /**
   * The bytes of I/O one clone does per loop: {@code io_size}, else {@code size}, at most what its
   * files hold ({@code nrfiles * filesize}), as fio caps it.
   */
  public Size effectiveIoSize() {
    if (!ioSize.isZero()) {
      return ioSize;
    }
    Size files = effectiveFileSize().times(nrFiles);
    return size.isZero() || (!fileSize.isZero() && files.bytes() < size.bytes()) ? files : size;
  }

  /** What fio's {@code fixup_options} refuses about rates, and what fsbench cannot honour. */
  /**
   * fio's ftruncate fails every read with EINVAL, and its fake-I/O engines write nothing a verify
   * could read back: refused up front rather than run into an error.
   */
  private static void requireFileEngineFits(
      String name, IoEngine engine, ReadWrite rw, VerifyMethod verify, boolean syncs) {
    boolean fileEngine =
        engine.isFileOperation() || engine == IoEngine.FTRUNCATE || engine == IoEngine.FALLOC;
    if (fileEngine && syncs) {
      // fio queues the sync to the engine: ftruncate and falloc fail it with EINVAL, the
      // file-operation engines count syncs of files they never opened
      throw new InvalidInputException(
          "job '"
              + name
              + "': fsync and fdatasync have no file to sync with ioengine="
              + engine.name().toLowerCase(java.util.Locale.ROOT)
              + " (fio fails or fakes them); drop fsync/fdatasync");
    }
    if (engine == IoEngine.FTRUNCATE && rw.reads()) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': ioengine=ftruncate truncates on writes only, and fio fails each of its reads"
              + " with EINVAL; give rw=write or rw=randwrite");
    }
    if (verify != VerifyMethod.NONE && fileEngine) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': verify needs written data, and ioengine="
              + engine.name().toLowerCase(java.util.Locale.ROOT)
              + " writes none; drop verify");
    }
  }

  /**
   * What fsbench does not run with trims: verify (a trim job writes nothing to check), the log
   * files (fsbench logs reads and writes), zoned distributions and {@code blockalign} (placed per
   * read and write direction only).
   */
  private static void requireTrimFits(
      String name,
      ReadWrite rw,
      VerifyMethod verify,
      LogFiles logs,
      Distribution distribution,
      BlockAlign blockAlign) {
    if (!rw.trims()) {
      return;
    }
    String refused =
        verify != VerifyMethod.NONE
            ? "verify"
            : logs.any()
                ? "the log files (write_*_log)"
                : distribution.isZoned()
                    ? "random_distribution="
                        + distribution.kind().name().toLowerCase(java.util.Locale.ROOT)
                    : !blockAlign.isDefault() ? "blockalign" : null;
    if (refused != null) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': rw="
              + rw.fioName()
              + " with "
              + refused
              + " is not supported by fsbench's engine; drop it, or trim without it");
    }
  }

  /**
   * What fsbench does not run with {@code trimwrite} and {@code randtrimwrite}: an offset modifier
   * or {@code percentage_random}, whose sequence fio's alternation of trims and writes does not
   * define, and {@code number_ios} over several loops, which fio 3.33's do_io doubles again at each
   * pass.
   */
  private static void requireTrimWriteFits(
      String name, ReadWrite rw, OffsetModifier modifier, long numberIos, int loops) {
    if (!rw.trimsThenWrites()) {
      return;
    }
    String refused =
        !modifier.equals(OffsetModifier.NONE)
            ? "an offset modifier or percentage_random"
            : numberIos > 0 && loops > 1
                ? "number_ios and loops=" + loops + " (fio 3.33 doubles number_ios at each loop)"
                : null;
    if (refused != null) {
      throw new InvalidInputException(
          "job '"
              + name
              + "': rw="
              + rw.fioName()
              + " with "
              + refused
              + " is not supported by fsbench's engine; drop it");
    }
  }

  /**
   * What fio's {@code io_submit_mode=offload}, {@code latency_target} and {@code cmdprio*} need.
   * fio knows the {@code cmdprio*} options only in its libaio and io_uring engines ("Bad option"
   * elsewhere), and refuses io_uring with offload; what fsbench does not offload is named.
   */
  /** What {@link #requireSubmissionFits} checks, named. */
  private record Submission(
      String name,
      IoEngine ioEngine,
      SubmitMode submitMode,
      LatencyTarget latencyTarget,
      CommandPriorities commandPriorities) {}

  private static void requireSubmissionFits(
      Submission spec,
      boolean verifies,
      boolean syncs,
      boolean thinks,
      boolean flows,
      boolean prioritized) {
    String job = "job '" + spec.name() + "'";
    if (spec.commandPriorities().isSet()
        && spec.ioEngine() != IoEngine.LIBAIO
        && spec.ioEngine() != IoEngine.IO_URING) {
      throw new InvalidInputException(
          job
              + " gives cmdprio_percentage or cmdprio_bssplit with ioengine="
              + spec.ioEngine().name().toLowerCase(java.util.Locale.ROOT)
              + ", which has no per-I/O priority (fio: 'Bad option <cmdprio_...>', the option"
              + " belongs to its libaio and io_uring engines); give ioengine=libaio or io_uring,"
              + " or use prio/prioclass for the whole job");
    }
    if (spec.submitMode() != SubmitMode.OFFLOAD) {
      return;
    }
    if (spec.ioEngine() == IoEngine.IO_URING) {
      throw new InvalidInputException(
          job
              + ": io_uring can't be used with offloaded submit (fio refuses it too); use"
              + " ioengine=libaio or psync with io_submit_mode=offload, or io_submit_mode=inline");
    }
    String unsupported = null;
    if (spec.ioEngine() != IoEngine.AUTO
        && spec.ioEngine() != IoEngine.PSYNC
        && spec.ioEngine() != IoEngine.LIBAIO) {
      unsupported = "ioengine=" + spec.ioEngine().name().toLowerCase(java.util.Locale.ROOT);
    } else if (verifies) {
      unsupported = "verify";
    } else if (syncs) {
      unsupported = "fsync/fdatasync";
    } else if (thinks) {
      unsupported = "thinktime";
    } else if (flows) {
      unsupported = "flow";
    } else if (spec.latencyTarget().isSet()) {
      // fio 3.33 runs that pair as no one would want: 4 I/Os in all, observed
      unsupported = "latency_target";
    } else if (spec.commandPriorities().isSet()) {
      unsupported = "cmdprio";
    } else if (prioritized) {
      unsupported = "prio/prioclass";
    }
    if (unsupported != null) {
      throw new InvalidInputException(
          job
              + ": io_submit_mode=offload with "
              + unsupported
              + " is not supported by fsbench's engine; drop one of them (offload runs rated"
              + " reads and writes on libaio or psync)");
    }
  }

  private static void requirePacingFits(String name, RateLimit rate, Pacing pacing) {
    if (pacing.poisson() && !rate.isLimited()) {
      throw new InvalidInputException(
          "job '"
              + name
              + "' has rate_process=poisson but no rate or rate_iops; the process spaces I/Os of a"
              + " limited rate, so give one or drop rate_process");
    }
    RateLimit min = pacing.minRate();
    long[][] pairs = {
      {rate.readBytesPerSec(), min.readBytesPerSec()},
      {rate.writeBytesPerSec(), min.writeBytesPerSec()},
      {rate.readIops(), min.readIops()},
      {rate.writeIops(), min.writeIops()}
    };
    for (long[] pair : pairs) {
      if (pair[0] > 0 && pair[1] > pair[0]) {
        throw new InvalidInputException(
            "job '"
                + name
                + "': minimum rate ("
                + pair[1]
                + ") exceeds rate ("
                + pair[0]
                + "); give a rate_min / rate_iops_min at most the rate");
      }
    }
  }

  private static void requireName(String name) {
    // fio's section names may hold spaces (its falloc example's "punch hole-fuzzer"): inner
    // single spaces are taken, as a file named after the job holds them as well
    if (name == null || name.isBlank() || !name.matches("[A-Za-z0-9_.+-]+( [A-Za-z0-9_.+-]+)*")) {
      throw new InvalidInputException(
          "job name ("
              + name
              + ") must be non-empty and hold only letters, digits, _ . + - and single spaces"
              + " between them");
    }
  }

  private static void range(String option, int value, int min, int max) {
    if (value < min || value > max) {
      throw new InvalidInputException(
          option + " (" + value + ") must be between " + min + " and " + max);
    }
  }

  private static void nonNegative(String option, Duration value) {
    if (value == null || value.isNegative()) {
      throw new InvalidInputException(option + " (" + value + ") must not be negative");
    }
    atMostMaxTime(option, value);
  }

  private static void positive(String option, Duration value) {
    if (value == null || value.isNegative() || value.isZero()) {
      throw new InvalidInputException(option + " (" + value + ") must be positive");
    }
    atMostMaxTime(option, value);
  }

  /**
   * Refuses a time beyond {@link #MAX_TIME}: deadlines are computed in nanoseconds from now, and a
   * time near {@code Long.MAX_VALUE} nanoseconds would wrap into the past and end a run at once.
   */
  public static void atMostMaxTime(String option, Duration value) {
    if (value.compareTo(MAX_TIME) > 0) {
      throw new InvalidInputException(
          option
              + " ("
              + value.toSeconds()
              + "s) is longer than "
              + MAX_TIME.toDays()
              + " days, the longest time fsbench takes; give a shorter one");
    }
  }

  /** The longest time any option takes. */
  public static final Duration MAX_TIME = Duration.ofDays(365);

  /** Builds a {@link JobSpec}; the concrete builder for standalone specs. */
  public static final class Builder extends AbstractBuilder<Builder> {
    private Builder() {}

    @Override
    protected Builder self() {
      return this;
    }
  }

  /**
   * The verbs shared by {@link Builder} and by fluent front ends that run what they build (such as
   * {@code FsBench.on("xfs").randWrite(kib(4))}). Defaults are fio's.
   *
   * @param <B> the concrete builder, returned by every verb
   */
  public abstract static class AbstractBuilder<B extends AbstractBuilder<B>> {
    private @Nullable String name;
    private ReadWrite rw = ReadWrite.READ;
    private int rwMixRead = 50;
    private BlockSize readBlockSize = BlockSize.of(Size.kib(4));
    private BlockSize writeBlockSize = BlockSize.of(Size.kib(4));
    private Size size = Size.mib(256);
    private Size fileSize = Size.ZERO;
    private int nrFiles = 1;
    private Size ioSize = Size.ZERO;
    private String fileName = "";
    private int numJobs = 1;
    private int ioDepth = 1;
    private boolean direct;
    private int fsync;
    private int fdatasync;
    private boolean endFsync;
    private boolean fsyncOnClose;
    private boolean timeBased;
    private Duration runtime = Duration.ZERO;
    private Duration rampTime = Duration.ZERO;
    private int loops = 1;
    private Distribution distribution = Distribution.UNIFORM;
    private boolean randomMap = true;
    private long randSeed = DEFAULT_SEED;
    private BufferContent buffers = BufferContent.RANDOM;
    private RateLimit rate = RateLimit.NONE;
    private VerifyMethod verify = VerifyMethod.NONE;
    private VerifySettings verifySettings = VerifySettings.DEFAULT;
    private Fallocate fallocate = Fallocate.NATIVE;
    private boolean invalidate = true;
    private boolean dropCaches;
    private List<Double> percentiles = DEFAULT_PERCENTILES;
    private Duration bwAvgTime = Duration.ofMillis(500);
    private Duration iopsAvgTime = Duration.ofMillis(500);
    private boolean stonewall;
    private IoEngine ioEngine = IoEngine.AUTO;
    private FadviseHint fadviseHint = FadviseHint.BY_PATTERN;
    private FileHandling fileHandling = FileHandling.DEFAULT;
    private Pacing pacing = Pacing.NONE;
    private Measurements measurements = Measurements.FIO_DEFAULTS;
    private LogFiles logs = LogFiles.NONE;
    private Offsets offsets = Offsets.NONE;
    private long numberIos;
    private OffsetModifier offsetModifier = OffsetModifier.NONE;
    private RandomGenerator randomGenerator = RandomGenerator.TAUSWORTHE;
    private Zones zones = Zones.NONE;
    private SteadyState steadyState = SteadyState.NONE;
    private CpuPlacement cpus = CpuPlacement.NONE;
    private BlockAlign blockAlign = BlockAlign.DEFAULT;
    private IoPriority priority = IoPriority.NONE;
    private Flow flow = Flow.NONE;
    private BlockSize trimBlockSize = BlockSize.of(Size.kib(4));
    private ErrorHandling errors = ErrorHandling.NONE;
    private SubmitMode submitMode = SubmitMode.INLINE;
    private LatencyTarget latencyTarget = LatencyTarget.NONE;
    private CommandPriorities commandPriorities = CommandPriorities.NONE;

    protected AbstractBuilder() {}

    protected abstract B self();

    public B name(String name) {
      this.name = name;
      return self();
    }

    public B rw(ReadWrite rw) {
      this.rw = rw;
      return self();
    }

    public B rwMixRead(int percent) {
      this.rwMixRead = percent;
      return self();
    }

    /** Both directions' block size. */
    public B blockSize(Size size) {
      return blockSize(BlockSize.of(size));
    }

    /** The block size of every direction (reads, writes and trims), as fio's single-valued bs. */
    public B blockSize(BlockSize size) {
      this.readBlockSize = size;
      this.writeBlockSize = size;
      this.trimBlockSize = size;
      return self();
    }

    public B readBlockSize(BlockSize size) {
      this.readBlockSize = size;
      return self();
    }

    public B writeBlockSize(BlockSize size) {
      this.writeBlockSize = size;
      return self();
    }

    /** fio's {@code bssplit}, e.g. {@code "4k/10:64k/50:32k/40"}, for both directions. */
    public B bsSplit(String split) {
      return blockSize(BlockSize.parse(split));
    }

    public B size(Size size) {
      this.size = size;
      return self();
    }

    public B fileSize(Size size) {
      this.fileSize = size;
      return self();
    }

    public B nrFiles(int files) {
      this.nrFiles = files;
      return self();
    }

    public B ioSize(Size size) {
      this.ioSize = size;
      return self();
    }

    public B fileName(String fileName) {
      this.fileName = fileName;
      return self();
    }

    public B numJobs(int jobs) {
      this.numJobs = jobs;
      return self();
    }

    public B ioDepth(int depth) {
      this.ioDepth = depth;
      return self();
    }

    public B direct() {
      return direct(true);
    }

    public B direct(boolean direct) {
      this.direct = direct;
      return self();
    }

    public B fsync(int everyWrites) {
      this.fsync = everyWrites;
      return self();
    }

    public B fdatasync(int everyWrites) {
      this.fdatasync = everyWrites;
      return self();
    }

    public B endFsync() {
      return endFsync(true);
    }

    public B endFsync(boolean on) {
      this.endFsync = on;
      return self();
    }

    public B fsyncOnClose(boolean on) {
      this.fsyncOnClose = on;
      return self();
    }

    /** Loop until the runtime expires; requires {@link #runtime}. */
    public B timeBased() {
      return timeBased(true);
    }

    public B timeBased(boolean on) {
      this.timeBased = on;
      return self();
    }

    public B runtime(Duration runtime) {
      this.runtime = runtime;
      return self();
    }

    public B rampTime(Duration rampTime) {
      this.rampTime = rampTime;
      return self();
    }

    public B loops(int loops) {
      this.loops = loops;
      return self();
    }

    /** Any non-uniform distribution also turns the random map off, as in fio. */
    public B distribution(Distribution distribution) {
      this.distribution = distribution;
      if (distribution.kind() != Distribution.Kind.UNIFORM) {
        this.randomMap = false;
      }
      return self();
    }

    public B noRandomMap() {
      this.randomMap = false;
      return self();
    }

    public B randomMap(boolean on) {
      this.randomMap = on;
      return self();
    }

    public B randSeed(long seed) {
      this.randSeed = seed;
      return self();
    }

    public B buffers(BufferContent content) {
      this.buffers = content;
      return self();
    }

    public B rate(RateLimit rate) {
      this.rate = rate;
      return self();
    }

    public B verify(VerifyMethod method) {
      this.verify = method;
      return self();
    }

    /** fio's verify_pattern, verify_interval, verify_backlog and the other verify options. */
    public B verifySettings(VerifySettings settings) {
      this.verifySettings = settings;
      return self();
    }

    public B fallocate(Fallocate mode) {
      this.fallocate = mode;
      return self();
    }

    public B invalidate(boolean on) {
      this.invalidate = on;
      return self();
    }

    /** Drop the whole page cache before the run (needs root). */
    public B dropCaches() {
      this.dropCaches = true;
      return self();
    }

    public B dropCaches(boolean on) {
      this.dropCaches = on;
      return self();
    }

    public B percentiles(List<Double> percentiles) {
      this.percentiles = List.copyOf(percentiles);
      return self();
    }

    public B bwAvgTime(Duration window) {
      this.bwAvgTime = window;
      return self();
    }

    public B iopsAvgTime(Duration window) {
      this.iopsAvgTime = window;
      return self();
    }

    public B stonewall(boolean on) {
      this.stonewall = on;
      return self();
    }

    public B ioEngine(IoEngine engine) {
      this.ioEngine = engine;
      return self();
    }

    /** fio's {@code fadvise_hint}; {@link FadviseHint#BY_PATTERN} by default, as in fio. */
    public B fadviseHint(FadviseHint hint) {
      this.fadviseHint = hint;
      return self();
    }

    /**
     * How the job's files are named, laid out, created and removed; {@link FileHandling#DEFAULT}
     * (fio's defaults) unless given.
     */
    public B fileHandling(FileHandling handling) {
      this.fileHandling = handling;
      return self();
    }

    /** fio's {@code offset}, {@code offset_increment} and {@code offset_align}. */
    public B offsets(Offsets offsets) {
      this.offsets = offsets;
      return self();
    }

    /** fio's {@code number_ios}: at most this many I/Os per loop; 0 for no cap. */
    public B numberIos(long ios) {
      this.numberIos = ios;
      return self();
    }

    /** fio's {@code rw=...:N} and {@code rw_sequencer}. */
    public B offsetModifier(OffsetModifier modifier) {
      this.offsetModifier = modifier;
      return self();
    }

    /** fio's {@code random_generator}; {@link RandomGenerator#LFSR} visits every block once. */
    public B randomGenerator(RandomGenerator generator) {
      this.randomGenerator = generator;
      return self();
    }

    /** fio's {@code zonemode=strided}. */
    public B zones(Zones zones) {
      this.zones = zones;
      return self();
    }

    /** fio's {@code blockalign}: random offsets are multiples of it. */
    public B blockAlign(BlockAlign alignment) {
      this.blockAlign = alignment;
      return self();
    }

    /** fio's {@code prio}/{@code prioclass}: each clone's thread gets this I/O priority. */
    public B priority(IoPriority priority) {
      this.priority = priority;
      return self();
    }

    /** fio's {@code io_submit_mode}: who issues the job's I/Os. */
    public B submitMode(SubmitMode submitMode) {
      this.submitMode = submitMode;
      return self();
    }

    /** fio's {@code latency_target} and its companions: the queue depth the job probes for. */
    public B latencyTarget(LatencyTarget latencyTarget) {
      this.latencyTarget = latencyTarget;
      return self();
    }

    /** fio's {@code cmdprio*}: the priorities some I/Os carry in their requests. */
    public B commandPriorities(CommandPriorities commandPriorities) {
      this.commandPriorities = commandPriorities;
      return self();
    }

    /** fio's {@code flow}: the job's weight among the jobs of its flow that run with it. */
    public B flow(Flow flow) {
      this.flow = flow;
      return self();
    }

    /** Block size of trims (the third value of fio's {@code bs}); 4 KiB unless given. */
    public B trimBlockSize(BlockSize size) {
      this.trimBlockSize = size;
      return self();
    }

    /** Which I/O errors the job counts and carries on after ({@link ErrorHandling}). */
    public B errors(ErrorHandling errors) {
      this.errors = errors;
      return self();
    }

    /** Copies every value of a spec into this builder. */
    public B from(JobSpec spec) {
      name = spec.name();
      rw = spec.rw();
      rwMixRead = spec.rwMixRead();
      readBlockSize = spec.readBlockSize();
      writeBlockSize = spec.writeBlockSize();
      size = spec.size();
      fileSize = spec.fileSize();
      nrFiles = spec.nrFiles();
      ioSize = spec.ioSize();
      fileName = spec.fileName();
      numJobs = spec.numJobs();
      ioDepth = spec.ioDepth();
      direct = spec.direct();
      fsync = spec.fsync();
      fdatasync = spec.fdatasync();
      endFsync = spec.endFsync();
      fsyncOnClose = spec.fsyncOnClose();
      timeBased = spec.timeBased();
      runtime = spec.runtime();
      rampTime = spec.rampTime();
      loops = spec.loops();
      distribution = spec.distribution();
      randomMap = spec.randomMap();
      randSeed = spec.randSeed();
      buffers = spec.buffers();
      rate = spec.rate();
      verify = spec.verify();
      verifySettings = spec.verifySettings();
      fallocate = spec.fallocate();
      invalidate = spec.invalidate();
      dropCaches = spec.dropCaches();
      percentiles = spec.percentiles();
      bwAvgTime = spec.bwAvgTime();
      iopsAvgTime = spec.iopsAvgTime();
      stonewall = spec.stonewall();
      ioEngine = spec.ioEngine();
      fadviseHint = spec.fadviseHint();
      fileHandling = spec.fileHandling();
      pacing = spec.pacing();
      measurements = spec.measurements();
      logs = spec.logs();
      offsets = spec.offsets();
      numberIos = spec.numberIos();
      offsetModifier = spec.offsetModifier();
      randomGenerator = spec.randomGenerator();
      zones = spec.zones();
      steadyState = spec.steadyState();
      cpus = spec.cpus();
      blockAlign = spec.blockAlign();
      priority = spec.priority();
      flow = spec.flow();
      trimBlockSize = spec.trimBlockSize();
      errors = spec.errors();
      submitMode = spec.submitMode();
      latencyTarget = spec.latencyTarget();
      commandPriorities = spec.commandPriorities();
      return self();
    }

    /** Think time, start delay, rate process and minimum rates ({@link Pacing}). */
    public B pacing(Pacing pacing) {
      this.pacing = pacing;
      return self();
    }

    /** Which measurements are taken ({@link Measurements}); fio's defaults unless given. */
    public B measurements(Measurements measurements) {
      this.measurements = measurements;
      return self();
    }

    /** fio's steady-state detection ({@link SteadyState}); none unless given. */
    public B steadyState(SteadyState steadyState) {
      this.steadyState = steadyState;
      return self();
    }

    /** Where the job's threads run ({@link CpuPlacement}); anywhere unless given. */
    public B cpus(CpuPlacement cpus) {
      this.cpus = cpus;
      return self();
    }

    /** The fio log files the job writes ({@link LogFiles}); none unless given. */
    public B logs(LogFiles logs) {
      this.logs = logs;
      return self();
    }

    /** {@code randwrite-4k} for a job nobody named. */
    private String defaultName() {
      BlockSize bs =
          rw.trims() ? trimBlockSize : rw.writes() && !rw.reads() ? writeBlockSize : readBlockSize;
      return rw.fioName() + "-" + (bs.isFixed() ? bs.toString() : "bssplit");
    }

    public JobSpec build() {
      return new JobSpec(
          name != null ? name : defaultName(),
          rw,
          rwMixRead,
          readBlockSize,
          writeBlockSize,
          size,
          fileSize,
          nrFiles,
          ioSize,
          fileName,
          numJobs,
          ioDepth,
          direct,
          fsync,
          fdatasync,
          endFsync,
          fsyncOnClose,
          timeBased,
          runtime,
          rampTime,
          loops,
          distribution,
          randomMap,
          randSeed,
          buffers,
          rate,
          verify,
          verifySettings,
          fallocate,
          invalidate,
          dropCaches,
          percentiles,
          bwAvgTime,
          iopsAvgTime,
          stonewall,
          ioEngine,
          fadviseHint,
          fileHandling,
          pacing,
          measurements,
          logs,
          offsets,
          numberIos,
          offsetModifier,
          randomGenerator,
          zones,
          steadyState,
          cpus,
          blockAlign,
          priority,
          flow,
          trimBlockSize,
          errors,
          submitMode,
          latencyTarget,
          commandPriorities);
    }
  }
}
