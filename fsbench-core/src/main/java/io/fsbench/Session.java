package io.fsbench;

import io.fsbench.api.Environment;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobResult;
import io.fsbench.api.JobSpec;
import io.fsbench.api.ReadWrite;
import io.fsbench.api.RunResult;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.UnsupportedTuningException;
import io.fsbench.api.Volume;
import io.fsbench.api.VolumeInfo;
import io.fsbench.api.Workload;
import io.fsbench.api.WorkloadResult;
import io.fsbench.core.compare.EnvironmentProbe;
import io.fsbench.core.engine.FinishRequest;
import io.fsbench.core.engine.RunNames;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.block.BlockJobRunner;
import io.fsbench.core.engine.block.RunStatus;
import io.fsbench.core.jobfile.FioOption;
import io.fsbench.core.jobfile.FioOptionTable;
import io.fsbench.core.jobfile.JobFile;
import io.fsbench.core.jobfile.JobOptionParser;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.Function;

/**
 * Workloads run on one filesystem target: a fresh loop volume ({@link FsBench#on}), a directory
 * ({@link FsBench#onDirectory}) or a device ({@link FsBench#onDevice}). Each run works in a fresh
 * subdirectory of the volume and removes it afterwards.
 *
 * <p>An {@linkplain #open() open} session makes its volume when the first workload runs, runs every
 * later workload on it, and destroys it on {@link #close()}. A session that was not opened makes
 * and destroys a volume for each run, so a one-shot run leaves nothing behind:
 *
 * <pre>{@code
 * RunResult once = FsBench.on("ext4").randWrite(kib(4)).size(mib(64)).run();
 *
 * try (Session xfs = FsBench.on("xfs").imageSize(gib(1)).open()) {
 *   RunResult write = xfs.seqWrite(kib(128)).size(mib(256)).run();
 *   RunResult read = xfs.seqRead(kib(128)).size(mib(256)).run();
 *   RunResult postmark = xfs.run(PostMarkSpec.builder().files(5000).build());
 * }
 * }</pre>
 *
 * <p>A session runs one workload at a time; its methods may be called from any thread.
 */
public final class Session implements AutoCloseable {

  /** Runs block jobs in a context: the block engine, or a fake in tests. */
  interface BlockJobs {
    List<JobResult> run(List<JobFile.Job> jobs, WorkloadContext context, RunStatus.Every status);
  }

  private final FsBench fsbench;
  private final String fileSystem;
  private final BlockJobs blockJobs;
  private final Clock clock;
  private Target target;
  private Tuning tuning = Tuning.defaults();
  private RunNames names = RunNames.OWN;
  private PhaseGate phaseGate = PhaseGate.NONE;
  private java.util.function.IntFunction<Neighbour> neighbours;
  private DoubleConsumer progress = fraction -> {};
  private Consumer<String> messages = line -> {};
  private Duration statusEvery = Duration.ZERO;
  private Consumer<RunResult> status = result -> {};
  private boolean keepsVolume;
  private Volume volume;
  private Environment environment;
  private int runs;
  private boolean closed;
  // Set from another thread (a qualification's cancel, its deadline), so not under the lock.
  private volatile boolean stopRequested;
  private volatile AtomicBoolean running;
  private volatile boolean finishRequested;
  private volatile FinishRequest finishing;

  Session(FsBench fsbench, String fileSystem, Target target, BlockJobs blockJobs, Clock clock) {
    this.fsbench = fsbench;
    this.fileSystem = fileSystem;
    this.target = target;
    this.blockJobs = blockJobs;
    this.clock = clock;
  }

  /** The size of the loop image (default {@link FsBench#defaultImageSize()}). */
  public synchronized Session imageSize(Size size) {
    requireNoVolume("imageSize");
    if (!(target instanceof Target.Loop)) {
      throw new InvalidInputException(
          "imageSize ("
              + size
              + ") applies to a loop volume (FsBench.on(fileSystem)), not to "
              + describe(target));
    }
    target = Target.loop(size);
    return this;
  }

  /**
   * How the filesystem is made and mounted.
   *
   * @throws UnsupportedTuningException now, when the filesystem cannot honour a knob
   */
  public synchronized Session tuned(Tuning tuning) {
    requireNoVolume("tuned");
    Objects.requireNonNull(tuning, "tuning");
    if (fileSystem != null) {
      fsbench.validate(fileSystem, tuning);
    }
    this.tuning = tuning;
    return this;
  }

  /**
   * Runs every workload in the target directory itself, which this client shares with other clients
   * running at the same time (mdtest's shared-directory mode, as opposed to a directory per
   * client), instead of in a fresh subdirectory of its own. Every name the run makes there starts
   * with {@code tag} and a dot, as mdtest's {@code file.mdtest.RANK.N} carry the rank, so clients
   * with different tags never collide; afterwards the run removes exactly the names with its tag.
   * fsbench makes and removes nothing else there: the directory is the caller's, made before and
   * removed after by the caller.
   *
   * <p>A run refuses to start when the directory already holds a name with its tag (another client
   * with the same tag, or what a killed run left: remove it). The fs_mark-style {@code fsmark} (in
   * one directory, {@code files_per_dir} 0), {@code tree} and {@code postmark} can share; the
   * others are refused when they run, naming what to do instead (block jobs share one file through
   * {@code filename=}).
   *
   * <pre>{@code
   * // on client 3 of a cluster, in a directory the controller made
   * Session client = fsbench.session(null, Target.directory(shared)).shareDirectory("3");
   * RunResult r = client.run(FsMarkSpec.builder().files(10_000).fileSize(Size.ZERO).build());
   * }</pre>
   *
   * @param tag this client's tag, unique among the clients: 1 to 64 letters, digits, {@code -} or
   *     {@code _}, e.g. the client's index
   * @throws InvalidInputException for a target other than a directory, or a bad tag
   */
  public synchronized Session shareDirectory(String tag) {
    requireNoVolume("shareDirectory");
    if (!(target instanceof Target.Directory)) {
      throw new InvalidInputException(
          "shareDirectory ("
              + tag
              + ") applies to a directory target (FsBench.onDirectory, --dir), not to "
              + describe(target)
              + ": clients share a filesystem that is already mounted");
    }
    this.names = RunNames.tagged(tag);
    return this;
  }

  /**
   * Has every workload with phases (fsmark, tree) wait at {@code gate} before each phase and after
   * the last, outside the timing: how a cluster agent starts each phase on every client together
   * (mdtest's barriers). Workloads without phases never call it.
   *
   * <pre>{@code
   * Session client = fsbench.session(null, Target.directory(dir)).phaseGate(barrier::await);
   * }</pre>
   */
  public synchronized Session phaseGate(PhaseGate gate) {
    this.phaseGate = java.util.Objects.requireNonNull(gate, "gate");
    return this;
  }

  /**
   * Has fsmark (and tree) visit other clients' files in the phases after their first, as mdtest's
   * {@code -N}: phase {@code step} after create (1 for the first: stat, read, rename or delete,
   * whichever comes first; for a tree, the phases after extract, which must run) visits the files
   * of the client {@code neighbours} names for it, which ran the same spec and created them before
   * this phase started (the clients meet at a {@link #phaseGate} before each phase, so that they
   * exist). Every client's names are tagged ({@link #shareDirectory}, in one shared directory or
   * each in its own), so that each finds the others' by their tags. A workload that cannot visit
   * another's files is refused when it runs.
   *
   * <pre>{@code
   * // client 1 of 3 in a shared directory, as mdtest -N 1: stat 2's files, read 0's, remove 1's
   * session.shareDirectory("1")
   *     .neighbours(step -> new Neighbour(shared, Integer.toString((1 + step) % 3)));
   * }</pre>
   */
  public synchronized Session neighbours(java.util.function.IntFunction<Neighbour> neighbours) {
    this.neighbours = java.util.Objects.requireNonNull(neighbours, "neighbours");
    return this;
  }

  /** Also erase a device that already carries a filesystem or partition-table signature. */
  public synchronized Session eraseSignatures() {
    requireNoVolume("eraseSignatures");
    if (!(target instanceof Target.BlockDevice device)) {
      throw new InvalidInputException(
          "eraseSignatures applies to a device (FsBench.onDevice), not to " + describe(target));
    }
    target = device.force();
    return this;
  }

  /**
   * Checks, without making anything, that the session's volume can be made: the filesystem, root,
   * the tuning, a device safe to erase, a size the filesystem can use, a usable directory. Every
   * run checks this anyway; call it to refuse before printing or preparing anything.
   */
  public synchronized Session check() {
    requireNotClosed();
    if (volume == null) {
      fsbench.check(fileSystem, target, tuning);
    }
    return this;
  }

  /**
   * Checks, as {@link #check()}, the volume, and that the workload's runner would take it (an
   * archive to extract exists, say); in a {@linkplain #shareDirectory shared directory} also that
   * the workload can share it and that no name with this client's tag is there yet. Makes nothing.
   */
  public synchronized Session check(Workload workload) {
    check();
    fsbench.runners().check(workload);
    if (names.shared()) {
      fsbench.runners().checkShared(workload, names);
      SharedRun.requireNoneOf(((Target.Directory) target).path(), names);
    }
    if (neighbours != null) {
      fsbench.runners().checkNeighbours(workload);
      NeighbourRuns.check(neighbours, names);
    }
    return this;
  }

  /**
   * Called every {@code every} while block jobs run, with their results so far, cumulative from
   * their start as fio's {@code --status-interval} reports them (a running job's CPU and sampled
   * rates come only with its final result). No report follows the run's own result.
   *
   * <pre>{@code
   * session.status(Duration.ofSeconds(1), soFar -> System.err.println(soFar.jobs().size()));
   * }</pre>
   */
  public synchronized Session status(Duration every, Consumer<RunResult> listener) {
    if (every == null || every.isNegative() || every.isZero()) {
      throw new InvalidInputException("status interval (" + every + ") must be positive");
    }
    this.statusEvery = every;
    this.status = Objects.requireNonNull(listener, "listener");
    return this;
  }

  /** Called with each run's progress, 0 to 1, a few times a second. */
  public synchronized Session progress(DoubleConsumer listener) {
    this.progress = Objects.requireNonNull(listener, "listener");
    return this;
  }

  /**
   * Called with the lines a workload itself prints, such as a filebench file's {@code echo}; they
   * are dropped otherwise.
   */
  public synchronized Session messages(Consumer<String> listener) {
    this.messages = Objects.requireNonNull(listener, "listener");
    return this;
  }

  /**
   * Keeps one volume for every run of this session, made on the first run and destroyed by {@link
   * #close()}. Use it in try-with-resources.
   */
  public synchronized Session open() {
    requireNotClosed();
    keepsVolume = true;
    return this;
  }

  /** Sequential reads ({@code rw=read}) of {@code blockSize}. */
  public JobBuilder seqRead(Size blockSize) {
    return verb(ReadWrite.READ, blockSize);
  }

  /** Sequential writes ({@code rw=write}) of {@code blockSize}. */
  public JobBuilder seqWrite(Size blockSize) {
    return verb(ReadWrite.WRITE, blockSize);
  }

  /** Random reads ({@code rw=randread}) of {@code blockSize}. */
  public JobBuilder randRead(Size blockSize) {
    return verb(ReadWrite.RANDREAD, blockSize);
  }

  /** Random writes ({@code rw=randwrite}) of {@code blockSize}. */
  public JobBuilder randWrite(Size blockSize) {
    return verb(ReadWrite.RANDWRITE, blockSize);
  }

  /** Mixed sequential reads and writes ({@code rw=rw}, {@code rwmixread=50} by default). */
  public JobBuilder readWrite(Size blockSize) {
    return verb(ReadWrite.READWRITE, blockSize);
  }

  /** Mixed random reads and writes ({@code rw=randrw}, {@code rwmixread=50} by default). */
  public JobBuilder randReadWrite(Size blockSize) {
    return verb(ReadWrite.RANDRW, blockSize);
  }

  /**
   * A job given as fio options, as in a job file's section or on fio's command line: {@code
   * fioJob(List.of("rw=randread", "bs=4k", "size=64m", "group_reporting"))}. Every option the
   * engine does not implement is refused by name.
   */
  public JobBuilder fioJob(List<String> options) {
    List<FioOption> parsed = new ArrayList<>();
    for (String option : options) {
      parsed.add(FioOption.parse(option, ""));
    }
    JobOptionParser.Parsed job = JobOptionParser.parse(null, parsed);
    if (!job.scheduling().directory().isEmpty()) {
      throw new InvalidInputException(
          "directory ("
              + job.scheduling().directory()
              + ") is where this session's target already is; give the target instead (--dir)");
    }
    JobBuilder builder = job(job.spec()).groupReporting(job.scheduling().groupReporting());
    boolean named = parsed.stream().anyMatch(o -> o.key().equalsIgnoreCase("name"));
    // An unnamed job keeps being named after its pattern and block size as it is adjusted.
    return named ? builder : builder.name(null);
  }

  private JobBuilder verb(ReadWrite rw, Size blockSize) {
    return new JobBuilder(this).rw(rw).blockSize(blockSize);
  }

  /** A job that starts as {@code spec}, to adjust and run, e.g. one of {@link Workloads#named}. */
  public JobBuilder job(JobSpec spec) {
    return new JobBuilder(this).from(spec);
  }

  /** Runs one block job; its clones are reported one by one, as fio does by default. */
  public RunResult run(JobSpec job) {
    return run(job, false);
  }

  RunResult run(JobSpec job, boolean groupReporting) {
    JobFile.Job one = new JobFile.Job(job, 0, groupReporting, FioOptionTable.effective(job));
    return runJobs(job.name(), List.of(one), Map.of());
  }

  /**
   * Runs a fio job file on fsbench's engine: [global] sections, several jobs, stonewall and
   * group_reporting as fio does. An option the engine does not implement is refused by name before
   * anything runs.
   */
  public RunResult fio(Path jobFile) {
    JobFile file = JobFile.parse(jobFile);
    return runJobs(String.valueOf(jobFile.getFileName()), file.jobs(), file.globalOptions());
  }

  /**
   * Runs a fio job file given as its text, as {@link #fio(Path)} runs a file, {@code name} naming
   * the run: how a cluster agent runs the job file its controller sent. {@code ${VAR}} takes this
   * process's environment, as for a file; an {@code include} is read from this machine.
   */
  public RunResult fio(String name, String jobFileText) {
    JobFile file = JobFile.parse(name, jobFileText);
    return runJobs(name, file.jobs(), file.globalOptions());
  }

  /**
   * Runs any workload: fs_mark, PostMark, a tree or a large file (see {@link Workloads#named}), or
   * a block job, whose clones are then reported as one group in one {@link JobResult}.
   */
  public RunResult run(Workload workload) {
    fsbench.runners().check(workload);
    if (names.shared()) {
      fsbench.runners().checkShared(workload, names);
    }
    if (neighbours != null) {
      fsbench.runners().checkNeighbours(workload);
      NeighbourRuns.check(neighbours, names);
    }
    if (fsbench.runners().makesVolumes(workload)) {
      throw new InvalidInputException(
          workload.name()
              + " measures making and mounting volumes, which a session does not repeat; run it"
              + " with FsBench.compare() (fsbench compare --workloads fs-lifecycle)");
    }
    return onVolume(
        volume -> {
          WorkloadResult result =
              inRunDirectory(volume, context -> fsbench.runners().run(workload, context));
          return new RunResult(
              EnvironmentProbe.fsbenchVersion(),
              clock.millis(),
              workload.name(),
              fsbench.runners().parameters(workload),
              List.of(result),
              environment(),
              VolumeInfo.of(volume));
        });
  }

  private RunResult runJobs(
      String name, List<JobFile.Job> jobs, Map<String, String> globalOptions) {
    if (names.shared()) {
      throw new InvalidInputException(
          name
              + " cannot run in a directory shared with other clients (client tag "
              + names.tag()
              + "): "
              + BlockJobRunner.NOT_SHARED);
    }
    if (neighbours != null) {
      throw new InvalidInputException(
          name
              + " cannot visit another client's files (Session.neighbours, mdtest's -N): block"
              + " jobs work on their own files; fsmark and tree can");
    }
    // a CPU or NUMA node the machine lacks is refused before the volume is made
    jobs.forEach(job -> io.fsbench.core.nativeio.CpuTopology.system().require(job.spec().cpus()));
    return onVolume(
        volume -> {
          Environment env = environment();
          Function<List<JobResult>, RunResult> asRun =
              results ->
                  RunResult.ofJobs(
                      EnvironmentProbe.fsbenchVersion(),
                      clock.millis(),
                      name,
                      globalOptions,
                      results,
                      env,
                      VolumeInfo.of(volume));
          RunStatus.Every every =
              statusEvery.isZero()
                  ? RunStatus.Every.NONE
                  : new RunStatus.Every(statusEvery, soFar -> status.accept(asRun.apply(soFar)));
          return asRun.apply(
              inRunDirectory(volume, context -> blockJobs.run(jobs, context, every)));
        });
  }

  /** Runs on the session's volume, made now if there is none; a session not open releases it. */
  private synchronized <T> T onVolume(Function<Volume, T> work) {
    requireNotClosed();
    if (volume == null) {
      volume = makeVolume();
    }
    try {
      return work.apply(volume);
    } finally {
      if (!keepsVolume) {
        releaseVolume();
      }
    }
  }

  /** A volume made for the target, or the shared directory itself, which is not made. */
  private Volume makeVolume() {
    return names.shared()
        ? fsbench.sharedVolume((Target.Directory) target, tuning)
        : fsbench.volume(fileSystem, target, tuning);
  }

  private <T> T inRunDirectory(Volume volume, Function<WorkloadContext, T> work) {
    Path directory =
        names.shared()
            ? volume.mountPoint()
            : volume.mountPoint().resolve("fsbench-run-" + (++runs));
    AtomicBoolean cancelled = new AtomicBoolean(stopRequested);
    FinishRequest finish = new FinishRequest();
    running = cancelled;
    finishing = finish;
    try {
      // a stop asked for between the lines above is seen here, before any I/O
      cancelled.compareAndSet(false, stopRequested);
      if (finishRequested) {
        finish.request();
      }
      if (names.shared()) {
        return SharedRun.run(
            directory,
            names,
            fsbench.registry(),
            progress,
            messages,
            cancelled,
            finish,
            phaseGate,
            NeighbourRuns.files(neighbours, names),
            work);
      }
      return RunDirectory.run(
          directory,
          target.formats() ? volume : null,
          progress,
          messages,
          cancelled,
          finish,
          phaseGate,
          NeighbourRuns.files(neighbours, names),
          work);
    } finally {
      running = null;
      finishing = null;
    }
  }

  /**
   * Makes the volume and reads the environment now, rather than in the first run, so that a {@link
   * Qualification} sizes its checks to the time left after them.
   */
  synchronized void prepare() {
    requireNotClosed();
    if (volume == null) {
      volume = makeVolume();
    }
    environment();
  }

  /**
   * Stops the running workload, from any thread, as Ctrl-C does (its I/O stops within milliseconds,
   * its run fails as cancelled), and every later one as it starts. The volume stays until {@link
   * #close()}. For a {@link Qualification}'s cancel and deadline.
   */
  void stopRuns() {
    cancel();
  }

  /**
   * Stops the running workload from any thread, as Ctrl-C does: its I/O stops within milliseconds
   * and its run fails as cancelled, never reporting a partial result; every later run fails as it
   * starts. The volume stays until {@link #close()}. For a caller that learns from elsewhere that
   * the run is no longer wanted (a cluster run whose controller or another client died).
   */
  public void cancel() {
    stopRequested = true;
    AtomicBoolean current = running;
    if (current != null) {
      current.set(true);
    }
  }

  /**
   * Ends the running workload now, from any thread, with what it did so far (unlike {@link
   * #cancel()}, the run succeeds with a result); a run that starts later ends as it starts. For a
   * cluster run's stonewall: the first client done ends the others' runs.
   *
   * <ul>
   *   <li>block jobs stop after the I/O each is doing and report as when their runtime ends (fio's
   *       {@code exitall});
   *   <li>{@code fsmark} stops every thread after the file it is at, and {@code tree} after the
   *       entry it is at: the phase under way is reported with what it did and marked {@link
   *       io.fsbench.api.FsMarkPhaseResult#cutShort() cutShort} ({@link
   *       io.fsbench.api.TreePhaseResult#cutShort()}), and no later phase runs, as mdtest's
   *       stonewall cuts a phase;
   *   <li>a filebench workload (a personality or a file) ends as when its time is up, its result
   *       marked cut short;
   *   <li>{@code postmark} ends the phase under way (the pool's creation, the transactions or the
   *       deletion) after the file or transaction it is at and runs no later phase; that phase is
   *       {@link io.fsbench.api.PostMarkResult#phaseCutShort()}, and the files left are removed
   *       untimed, not reported as PostMark's deletion;
   *   <li>other workloads run to their end.
   * </ul>
   */
  public void finish() {
    finishRequested = true;
    FinishRequest current = finishing;
    if (current != null) {
      current.request();
    }
  }

  /**
   * Runs block jobs one after the other (each waits for the one before, as fio's stonewall) as one
   * run, its results a job each.
   */
  RunResult runInTurn(String name, List<JobSpec> jobs) {
    List<JobFile.Job> inTurn = new ArrayList<>();
    for (int i = 0; i < jobs.size(); i++) {
      JobSpec spec = i == 0 ? jobs.get(i) : jobs.get(i).toBuilder().stonewall(true).build();
      inTurn.add(new JobFile.Job(spec, i, false, FioOptionTable.effective(spec)));
    }
    return runJobs(name, inTurn, Map.of());
  }

  private Environment environment() {
    if (environment == null) {
      environment = fsbench.environment(fileSystem);
    }
    return environment;
  }

  /** Destroys the volume, if one was made. Idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    releaseVolume();
  }

  private void releaseVolume() {
    if (volume != null) {
      Volume v = volume;
      volume = null;
      v.close();
    }
  }

  private void requireNotClosed() {
    if (closed) {
      throw new IllegalStateException("this session is closed; start a new one with FsBench.on");
    }
  }

  private void requireNoVolume(String setting) {
    requireNotClosed();
    if (volume != null) {
      throw new IllegalStateException(
          setting + " cannot change a volume that is already made; set it before the first run");
    }
  }

  private static String describe(Target target) {
    return target instanceof Target.Directory d
        ? "a directory (" + d.path() + ")"
        : target instanceof Target.BlockDevice b ? "a device (" + b.path() + ")" : "a loop volume";
  }

  @Override
  public synchronized String toString() {
    return "session on "
        + (fileSystem == null ? "" : fileSystem + " ")
        + describe(target)
        + (names.shared() ? " shared as client " + names.tag() : "")
        + (tuning.isDefault() ? "" : " tuned " + tuning.label());
  }
}
