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
 * int depth = job.ioDepth(); // the same as job.submission().ioDepth()
 * }</pre>
 *
 * <p>The options are held in groups, each a record that checks its own values: {@link JobPattern}
 * (what the I/O does and where it goes), {@link JobLayout} (the files), {@link JobSubmission} (how
 * the I/Os are issued), {@link JobSyncs}, {@link JobTiming}, {@link JobContent} (what is written
 * and verified) and {@link JobReporting}. The rules between groups are checked here. Every option
 * also has a flat accessor named after it ({@code job.rw()}, {@code job.size()}), and the builder's
 * verbs stay flat.
 *
 * <p>Over 400 lines: its flat accessors and its builder's verbs, one per fio option, are the API.
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

  /** The pattern's {@link JobPattern#rw() rw}. */
  public ReadWrite rw() {
    return pattern.rw();
  }

  /** The pattern's {@link JobPattern#rwMixRead() rwMixRead}. */
  public int rwMixRead() {
    return pattern.rwMixRead();
  }

  /** The pattern's {@link JobPattern#readBlockSize() readBlockSize}. */
  public BlockSize readBlockSize() {
    return pattern.readBlockSize();
  }

  /** The pattern's {@link JobPattern#writeBlockSize() writeBlockSize}. */
  public BlockSize writeBlockSize() {
    return pattern.writeBlockSize();
  }

  /** The layout's {@link JobLayout#size() size}. */
  public Size size() {
    return layout.size();
  }

  /** The layout's {@link JobLayout#fileSize() fileSize}. */
  public Size fileSize() {
    return layout.fileSize();
  }

  /** The layout's {@link JobLayout#nrFiles() nrFiles}. */
  public int nrFiles() {
    return layout.nrFiles();
  }

  /** The layout's {@link JobLayout#ioSize() ioSize}. */
  public Size ioSize() {
    return layout.ioSize();
  }

  /** The layout's {@link JobLayout#fileName() fileName}. */
  public String fileName() {
    return layout.fileName();
  }

  /** The submission's {@link JobSubmission#numJobs() numJobs}. */
  public int numJobs() {
    return submission.numJobs();
  }

  /** The submission's {@link JobSubmission#ioDepth() ioDepth}. */
  public int ioDepth() {
    return submission.ioDepth();
  }

  /** The submission's {@link JobSubmission#direct() direct}. */
  public boolean direct() {
    return submission.direct();
  }

  /** The syncs's {@link JobSyncs#fsync() fsync}. */
  public int fsync() {
    return syncs.fsync();
  }

  /** The syncs's {@link JobSyncs#fdatasync() fdatasync}. */
  public int fdatasync() {
    return syncs.fdatasync();
  }

  /** The syncs's {@link JobSyncs#endFsync() endFsync}. */
  public boolean endFsync() {
    return syncs.endFsync();
  }

  /** The syncs's {@link JobSyncs#fsyncOnClose() fsyncOnClose}. */
  public boolean fsyncOnClose() {
    return syncs.fsyncOnClose();
  }

  /** The timing's {@link JobTiming#timeBased() timeBased}. */
  public boolean timeBased() {
    return timing.timeBased();
  }

  /** The timing's {@link JobTiming#runtime() runtime}. */
  public Duration runtime() {
    return timing.runtime();
  }

  /** The timing's {@link JobTiming#rampTime() rampTime}. */
  public Duration rampTime() {
    return timing.rampTime();
  }

  /** The timing's {@link JobTiming#loops() loops}. */
  public int loops() {
    return timing.loops();
  }

  /** The pattern's {@link JobPattern#distribution() distribution}. */
  public Distribution distribution() {
    return pattern.distribution();
  }

  /** The pattern's {@link JobPattern#randomMap() randomMap}. */
  public boolean randomMap() {
    return pattern.randomMap();
  }

  /** The pattern's {@link JobPattern#randSeed() randSeed}. */
  public long randSeed() {
    return pattern.randSeed();
  }

  /** The content's {@link JobContent#buffers() buffers}. */
  public BufferContent buffers() {
    return content.buffers();
  }

  /** The timing's {@link JobTiming#rate() rate}. */
  public RateLimit rate() {
    return timing.rate();
  }

  /** The content's {@link JobContent#verify() verify}. */
  public VerifyMethod verify() {
    return content.verify();
  }

  /** The content's {@link JobContent#verifySettings() verifySettings}. */
  public VerifySettings verifySettings() {
    return content.verifySettings();
  }

  /** The layout's {@link JobLayout#fallocate() fallocate}. */
  public Fallocate fallocate() {
    return layout.fallocate();
  }

  /** The layout's {@link JobLayout#invalidate() invalidate}. */
  public boolean invalidate() {
    return layout.invalidate();
  }

  /** The layout's {@link JobLayout#dropCaches() dropCaches}. */
  public boolean dropCaches() {
    return layout.dropCaches();
  }

  /** The reporting's {@link JobReporting#percentiles() percentiles}. */
  public List<Double> percentiles() {
    return reporting.percentiles();
  }

  /** The reporting's {@link JobReporting#bwAvgTime() bwAvgTime}. */
  public Duration bwAvgTime() {
    return reporting.bwAvgTime();
  }

  /** The reporting's {@link JobReporting#iopsAvgTime() iopsAvgTime}. */
  public Duration iopsAvgTime() {
    return reporting.iopsAvgTime();
  }

  /** The timing's {@link JobTiming#stonewall() stonewall}. */
  public boolean stonewall() {
    return timing.stonewall();
  }

  /** The submission's {@link JobSubmission#ioEngine() ioEngine}. */
  public IoEngine ioEngine() {
    return submission.ioEngine();
  }

  /** The layout's {@link JobLayout#fadviseHint() fadviseHint}. */
  public FadviseHint fadviseHint() {
    return layout.fadviseHint();
  }

  /** The layout's {@link JobLayout#fileHandling() fileHandling}. */
  public FileHandling fileHandling() {
    return layout.fileHandling();
  }

  /** The timing's {@link JobTiming#pacing() pacing}. */
  public Pacing pacing() {
    return timing.pacing();
  }

  /** The reporting's {@link JobReporting#measurements() measurements}. */
  public Measurements measurements() {
    return reporting.measurements();
  }

  /** The reporting's {@link JobReporting#logs() logs}. */
  public LogFiles logs() {
    return reporting.logs();
  }

  /** The pattern's {@link JobPattern#offsets() offsets}. */
  public Offsets offsets() {
    return pattern.offsets();
  }

  /** The pattern's {@link JobPattern#numberIos() numberIos}. */
  public long numberIos() {
    return pattern.numberIos();
  }

  /** The pattern's {@link JobPattern#offsetModifier() offsetModifier}. */
  public OffsetModifier offsetModifier() {
    return pattern.offsetModifier();
  }

  /** The pattern's {@link JobPattern#randomGenerator() randomGenerator}. */
  public RandomGenerator randomGenerator() {
    return pattern.randomGenerator();
  }

  /** The pattern's {@link JobPattern#zones() zones}. */
  public Zones zones() {
    return pattern.zones();
  }

  /** The timing's {@link JobTiming#steadyState() steadyState}. */
  public SteadyState steadyState() {
    return timing.steadyState();
  }

  /** The submission's {@link JobSubmission#cpus() cpus}. */
  public CpuPlacement cpus() {
    return submission.cpus();
  }

  /** The pattern's {@link JobPattern#blockAlign() blockAlign}. */
  public BlockAlign blockAlign() {
    return pattern.blockAlign();
  }

  /** The submission's {@link JobSubmission#priority() priority}. */
  public IoPriority priority() {
    return submission.priority();
  }

  /** The submission's {@link JobSubmission#flow() flow}. */
  public Flow flow() {
    return submission.flow();
  }

  /** The pattern's {@link JobPattern#trimBlockSize() trimBlockSize}. */
  public BlockSize trimBlockSize() {
    return pattern.trimBlockSize();
  }

  /** The submission's {@link JobSubmission#errors() errors}. */
  public ErrorHandling errors() {
    return submission.errors();
  }

  /** The submission's {@link JobSubmission#submitMode() submitMode}. */
  public SubmitMode submitMode() {
    return submission.submitMode();
  }

  /** The submission's {@link JobSubmission#latencyTarget() latencyTarget}. */
  public LatencyTarget latencyTarget() {
    return submission.latencyTarget();
  }

  /** The submission's {@link JobSubmission#commandPriorities() commandPriorities}. */
  public CommandPriorities commandPriorities() {
    return submission.commandPriorities();
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
          new JobPattern(
              rw,
              rwMixRead,
              readBlockSize,
              writeBlockSize,
              trimBlockSize,
              distribution,
              randomMap,
              randSeed,
              randomGenerator,
              offsets,
              offsetModifier,
              zones,
              blockAlign,
              numberIos),
          new JobLayout(
              size,
              fileSize,
              nrFiles,
              ioSize,
              fileName,
              fallocate,
              fileHandling,
              invalidate,
              dropCaches,
              fadviseHint),
          new JobSubmission(
              numJobs,
              ioDepth,
              direct,
              ioEngine,
              submitMode,
              priority,
              commandPriorities,
              cpus,
              latencyTarget,
              flow,
              errors),
          new JobSyncs(fsync, fdatasync, endFsync, fsyncOnClose),
          new JobTiming(timeBased, runtime, rampTime, loops, rate, pacing, steadyState, stonewall),
          new JobContent(buffers, verify, verifySettings),
          new JobReporting(percentiles, bwAvgTime, iopsAvgTime, measurements, logs));
    }
  }
}
