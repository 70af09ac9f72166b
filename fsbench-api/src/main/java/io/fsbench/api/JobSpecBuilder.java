package io.fsbench.api;

import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The verbs that build a {@link JobSpec}, one per fio option and flat (each fills its group of the
 * spec), shared by {@link JobSpec.Builder} and by fluent front ends that run what they build (such
 * as {@code FsBench.on("xfs").randWrite(kib(4))}). Defaults are fio's.
 *
 * <pre>{@code
 * JobSpec job = JobSpec.randRead(Size.kib(4)).size(Size.mib(64)).ioDepth(16).build();
 * }</pre>
 *
 * <p>Over 400 lines: one verb per fio option (about 60), kept in one class as the fluent API.
 *
 * @param <B> the concrete builder, returned by every verb
 */
public abstract class JobSpecBuilder<B extends JobSpecBuilder<B>> {
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
  private long randSeed = JobSpec.DEFAULT_SEED;
  private BufferContent buffers = BufferContent.RANDOM;
  private JobSpec.RateLimit rate = JobSpec.RateLimit.NONE;
  private VerifyMethod verify = VerifyMethod.NONE;
  private VerifySettings verifySettings = VerifySettings.DEFAULT;
  private Fallocate fallocate = Fallocate.NATIVE;
  private boolean invalidate = true;
  private boolean dropCaches;
  private List<Double> percentiles = JobSpec.DEFAULT_PERCENTILES;
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

  protected JobSpecBuilder() {}

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

  public B rate(JobSpec.RateLimit rate) {
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
