package io.fsbench.api;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

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
 * int depth = job.ioDepth(); // the same as job.submission().ioDepth()
 * }</pre>
 *
 * <p>The options are held in groups, each a record that checks its own values: {@link JobPattern}
 * (what the I/O does and where it goes), {@link JobLayout} (the files and their page cache), {@link
 * JobSubmission} (how the I/Os are issued), {@link JobSyncs}, {@link JobTiming}, {@link JobContent}
 * (what is written and verified) and {@link JobReporting}. The rules between groups are checked
 * here. Every option also has a flat accessor, named and typed as its group's ({@code job.rw()} is
 * {@code job.pattern().rw()}), and the verbs of {@link JobSpecBuilder} stay flat.
 *
 * @param name the job name (fio's section name)
 * @param pattern what the I/O does and where in the files it goes
 * @param layout the job's files and their page cache
 * @param submission how the I/Os are issued: clones, depth, engine, CPUs, priorities
 * @param syncs when writes are synced
 * @param timing runtime, loops, rates, pacing, steady state and stonewall
 * @param content what is written and how it is verified
 * @param reporting the percentiles, sampling windows, measurements and logs
 */
public record JobSpec(
    String name,
    JobPattern pattern,
    JobLayout layout,
    JobSubmission submission,
    JobSyncs syncs,
    JobTiming timing,
    JobContent content,
    JobReporting reporting)
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
    JobSpecRules.requireName(name);
    Objects.requireNonNull(pattern, "pattern");
    Objects.requireNonNull(layout, "layout");
    Objects.requireNonNull(submission, "submission");
    Objects.requireNonNull(syncs, "syncs");
    Objects.requireNonNull(timing, "timing");
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(reporting, "reporting");
    JobSpecRules.check(name, pattern, layout, submission, syncs, timing, content, reporting);
  }

  // JobPattern, flat (what the I/O does and where it goes)
  public ReadWrite rw() {
    return pattern.rw();
  }

  public int rwMixRead() {
    return pattern.rwMixRead();
  }

  public BlockSize readBlockSize() {
    return pattern.readBlockSize();
  }

  public BlockSize writeBlockSize() {
    return pattern.writeBlockSize();
  }

  public BlockSize trimBlockSize() {
    return pattern.trimBlockSize();
  }

  public Distribution distribution() {
    return pattern.distribution();
  }

  public boolean randomMap() {
    return pattern.randomMap();
  }

  public long randSeed() {
    return pattern.randSeed();
  }

  public RandomGenerator randomGenerator() {
    return pattern.randomGenerator();
  }

  public Offsets offsets() {
    return pattern.offsets();
  }

  public OffsetModifier offsetModifier() {
    return pattern.offsetModifier();
  }

  public Zones zones() {
    return pattern.zones();
  }

  public BlockAlign blockAlign() {
    return pattern.blockAlign();
  }

  public long numberIos() {
    return pattern.numberIos();
  }

  // JobLayout, flat (the files)
  public Size size() {
    return layout.size();
  }

  public Size fileSize() {
    return layout.fileSize();
  }

  public int nrFiles() {
    return layout.nrFiles();
  }

  public Size ioSize() {
    return layout.ioSize();
  }

  public String fileName() {
    return layout.fileName();
  }

  public Fallocate fallocate() {
    return layout.fallocate();
  }

  public FileHandling fileHandling() {
    return layout.fileHandling();
  }

  public boolean invalidate() {
    return layout.invalidate();
  }

  public boolean dropCaches() {
    return layout.dropCaches();
  }

  public FadviseHint fadviseHint() {
    return layout.fadviseHint();
  }

  // JobSubmission, flat (how the I/Os are issued)
  public int numJobs() {
    return submission.numJobs();
  }

  public int ioDepth() {
    return submission.ioDepth();
  }

  public boolean direct() {
    return submission.direct();
  }

  public IoEngine ioEngine() {
    return submission.ioEngine();
  }

  public SubmitMode submitMode() {
    return submission.submitMode();
  }

  public IoPriority priority() {
    return submission.priority();
  }

  public CommandPriorities commandPriorities() {
    return submission.commandPriorities();
  }

  public CpuPlacement cpus() {
    return submission.cpus();
  }

  public LatencyTarget latencyTarget() {
    return submission.latencyTarget();
  }

  public Flow flow() {
    return submission.flow();
  }

  public ErrorHandling errors() {
    return submission.errors();
  }

  // JobSyncs, flat (when writes are synced)
  public int fsync() {
    return syncs.fsync();
  }

  public int fdatasync() {
    return syncs.fdatasync();
  }

  public boolean endFsync() {
    return syncs.endFsync();
  }

  public boolean fsyncOnClose() {
    return syncs.fsyncOnClose();
  }

  // JobTiming, flat (how long and how fast)
  public boolean timeBased() {
    return timing.timeBased();
  }

  public Duration runtime() {
    return timing.runtime();
  }

  public Duration rampTime() {
    return timing.rampTime();
  }

  public int loops() {
    return timing.loops();
  }

  public RateLimit rate() {
    return timing.rate();
  }

  public Pacing pacing() {
    return timing.pacing();
  }

  public SteadyState steadyState() {
    return timing.steadyState();
  }

  public boolean stonewall() {
    return timing.stonewall();
  }

  // JobContent, flat (what is written and verified)
  public BufferContent buffers() {
    return content.buffers();
  }

  public VerifyMethod verify() {
    return content.verify();
  }

  public VerifySettings verifySettings() {
    return content.verifySettings();
  }

  // JobReporting, flat (what is measured and reported)
  public List<Double> percentiles() {
    return reporting.percentiles();
  }

  public Duration bwAvgTime() {
    return reporting.bwAvgTime();
  }

  public Duration iopsAvgTime() {
    return reporting.iopsAvgTime();
  }

  public Measurements measurements() {
    return reporting.measurements();
  }

  public LogFiles logs() {
    return reporting.logs();
  }

  /**
   * Whether the job takes its files' sizes from the files it finds when it is set up, as fio does
   * for a job with neither {@code size} nor {@code filesize}.
   */
  public boolean sizeFromFiles() {
    return layout.sizeFromFiles();
  }

  /** The size of each file. */
  public Size effectiveFileSize() {
    return layout.effectiveFileSize();
  }

  /**
   * The bytes of I/O one clone does per loop: {@code io_size}, else {@code size}, at most what its
   * files hold ({@code nrfiles * filesize}), as fio caps it.
   */
  public Size effectiveIoSize() {
    return layout.effectiveIoSize();
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

  /**
   * Builds a {@link JobSpec}; the concrete builder for standalone specs, with the verbs of {@link
   * JobSpecBuilder}.
   */
  public static final class Builder extends JobSpecBuilder<Builder> {
    private Builder() {}

    @Override
    protected Builder self() {
      return this;
    }
  }
}
