package io.fsbench.workloads.fsmark;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.FsMarkPhaseResult;
import io.fsbench.api.FsMarkResult;
import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.FsMarkSyncPolicy;
import io.fsbench.api.MetadataOperation;
import io.fsbench.api.Size;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.Preset;
import io.fsbench.core.engine.Threads;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.spi.WorkloadCapability;
import io.fsbench.workloads.common.MdtestLike;
import io.fsbench.workloads.common.ScratchContext;
import io.fsbench.workloads.common.Syncer;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * Runs an {@link FsMarkSpec}: each phase starts all threads together and ends when the last one
 * finishes; the next phase starts only then. Measures as fs_mark 3.3 does (see {@link
 * FsMarkPhaseResult} for the two rates), with nanosecond clocks and latency histograms instead of
 * fs_mark's microsecond min/avg/max.
 *
 * <p>The calls per file are fs_mark's (see {@link FsMarkWorker}). Differences from fs_mark, all
 * deliberate: threads are threads, not forked processes; names are computed from the file's number
 * (fs_mark's start with the time of day); fs_mark calls mkdir() before every file, this runner once
 * per directory as a thread enters it (both count as app overhead); fs_mark has only the create
 * phase and the untimed unlink, the stat, read and rename phases are this runner's.
 *
 * <p>Before the first phase the runner warms the JIT compiler up, untimed: one thread runs the
 * spec's phases (and delete) over up to {@value #WARM_UP_FILES} small files without sync in a
 * scratch directory that it then removes. Without it the first ~0.3 s of a run measure the Java
 * interpreter, not the filesystem; the filesystem sees those few extra files come and go.
 *
 * <p>Asked to finish ({@link io.fsbench.Session#finish()}, a cluster's stonewall), every thread
 * stops after the file it is at; the phase under way is reported with what was done, {@linkplain
 * FsMarkPhaseResult#cutShort() cut short}, and no later phase runs (mdtest's stonewall cuts a phase
 * the same way, by a timer, and still runs the later phases; a finish ends the run).
 *
 * <p>In a directory shared with other clients ({@link WorkloadContext#names()}) every file name
 * starts with the client's tag; the files must then all be in that one directory ({@code
 * files_per_dir} 0), as in mdtest's shared-directory mode.
 *
 * <p>Run with other clients, the runner waits at the context's phase gate ({@link
 * WorkloadContext#beforePhase}) before each phase, after the warm-up, and once after the last
 * (mdtest's barriers), and each phase after create may visit another client's files ({@link
 * WorkloadContext#neighbour}, mdtest's {@code -N}): the same layout under that client's directory
 * and tag, so its names are computed, never listed.
 */
public final class FsMarkRunner implements WorkloadRunner<FsMarkSpec> {

  static final int WARM_UP_FILES = 4000;

  private final Syncer syncer;
  private final boolean warmUp;

  /** A runner that makes the real fsync, sync and syncfs calls. */
  public FsMarkRunner() {
    this(Syncer.system());
  }

  /** A runner that flushes through {@code syncer}, e.g. one that records the calls in a test. */
  public FsMarkRunner(Syncer syncer) {
    this(syncer, true);
  }

  /** A runner that warms the JIT up before measuring, or not. */
  public FsMarkRunner(Syncer syncer, boolean warmUp) {
    this.syncer = Objects.requireNonNull(syncer, "syncer");
    this.warmUp = warmUp;
  }

  @Override
  public Class<FsMarkSpec> specType() {
    return FsMarkSpec.class;
  }

  /** Phases at barriers, an early finish, a shared directory, neighbours' files; CSV. */
  @Override
  public Set<WorkloadCapability> capabilities() {
    return MdtestLike.capabilities();
  }

  @Override
  public List<Preset> presets() {
    return List.of(new Preset("fsmark", FsMarkSpec::fromParams));
  }

  /** Files in one directory can share it, each name with the client's tag; subdirectories not. */
  @Override
  public Optional<String> cannotShare(FsMarkSpec spec) {
    if (spec.filesPerDir() == 0) {
      return Optional.empty();
    }
    return Optional.of(
        "files_per_dir ("
            + spec.filesPerDir()
            + ") spreads the files over subdirectories, which clients cannot share (each would"
            + " remove the others'); use files_per_dir 0, so that every client's files are in the"
            + " shared directory (mdtest without -u), or give each client a directory of its own");
  }

  @Override
  public Footprint footprint(FsMarkSpec spec) {
    long perFile = Footprint.blocks(spec.fileSize().bytes());
    long dirs = spec.filesPerDir() == 0 ? 1 : spec.totalFiles() / spec.filesPerDir() + 1;
    return new Footprint(spec.totalFiles() * perFile, spec.totalFiles() + dirs);
  }

  @Override
  public FsMarkResult run(FsMarkSpec spec, WorkloadContext context) {
    if (warmUp) {
      warmUp(spec, context);
    }
    FileLayout layout = new FileLayout(context.directory(), spec, context.names().prefix());
    List<MetadataOperation> phases = spec.phases();
    int passes = phases.size();
    if (spec.sync().postInOrder() || spec.sync().postReverse()) {
      passes++;
    }
    RunControl control = new RunControl(context, passes * spec.totalFiles());
    context.whenFinishRequested(control::finish);
    List<FsMarkWorker> workers = new ArrayList<>();
    for (int t = 0; t < spec.threads(); t++) {
      workers.add(new FsMarkWorker(spec, layout, syncer, context, control, t));
    }
    List<FsMarkPhaseResult> results = new ArrayList<>();
    for (int step = 0; step < phases.size(); step++) {
      MetadataOperation phase = phases.get(step);
      if (control.finished() && !results.isEmpty()) {
        break;
      }
      List<FsMarkWorker> phaseWorkers =
          step == 0 ? workers : neighbourWorkers(spec, context, control, step, workers);
      context.beforePhase(phase.key());
      results.add(runPhase(phase, spec.totalFiles(), phaseWorkers, context, control));
    }
    // every client past its phases before any removes its files (a neighbour may visit them)
    context.beforePhase(WorkloadContext.END_PHASE);
    context.progress(1.0);
    String syncCall = !spec.sync().systemSync() ? "none" : spec.syncfs() ? "syncfs" : "sync";
    return new FsMarkResult(spec, syncCall, results);
  }

  /**
   * The workers of phase {@code step} (after create): on another client's files when the context
   * names one for the step (mdtest's {@code -N}), the same layout of the same spec under the other
   * client's directory and tag, else this run's own.
   */
  private List<FsMarkWorker> neighbourWorkers(
      FsMarkSpec spec,
      WorkloadContext context,
      RunControl control,
      int step,
      List<FsMarkWorker> own) {
    Optional<io.fsbench.core.engine.NeighbourFiles> other = context.neighbour(step);
    if (other.isEmpty()) {
      return own;
    }
    FileLayout layout = new FileLayout(other.get().root(), spec, other.get().prefix());
    List<FsMarkWorker> workers = new ArrayList<>();
    for (int t = 0; t < spec.threads(); t++) {
      workers.add(new FsMarkWorker(spec, layout, syncer, context, control, t));
    }
    return workers;
  }

  /** Runs a small copy of the spec, untimed and unsynced, in a scratch directory it removes. */
  private void warmUp(FsMarkSpec spec, WorkloadContext context) {
    List<MetadataOperation> ops = new ArrayList<>(spec.operations());
    ops.add(MetadataOperation.DELETE);
    FsMarkSpec small =
        spec.toBuilder()
            .files(Math.min(spec.totalFiles(), WARM_UP_FILES))
            .threads(1)
            .fileSize(Size.bytes(Math.min(spec.fileSize().bytes(), 4096)))
            .filesPerDir(0)
            .sync(FsMarkSyncPolicy.NONE)
            .operations(ops)
            .build();
    ScratchContext.warmUp(
        context, FsMarkSpec.NAME, scratch -> new FsMarkRunner(syncer, false).run(small, scratch));
  }

  private FsMarkPhaseResult runPhase(
      MetadataOperation phase,
      long planned,
      List<FsMarkWorker> workers,
      WorkloadContext context,
      RunControl control) {
    int threads = workers.size();
    PhaseStats[] stats = new PhaseStats[threads];
    Throwable[] errors = new Throwable[threads];
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> running = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int index = t;
      Thread thread =
          new Thread(
              () -> {
                try {
                  start.await();
                  stats[index] = workers.get(index).run(phase);
                } catch (Throwable e) {
                  errors[index] = e;
                  control.stop();
                }
              },
              "fsbench-fsmark-" + phase.key() + "-" + t);
      thread.setDaemon(true);
      running.add(thread);
      thread.start();
    }
    java.time.Instant started = context.instant();
    long begin = context.nanoTime();
    start.countDown();
    joinAll(running, control);
    long wall = context.nanoTime() - begin;
    failOnError(phase, errors, control);
    return summarise(phase, stats, started, wall, planned, control.finished());
  }

  /** Waits for the workers even when interrupted: they hold files open in our directory. */
  private static void joinAll(List<Thread> threads, RunControl control) {
    if (Threads.joinAll(threads, control::stop)) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "fsmark was interrupted");
    }
  }

  private static void failOnError(MetadataOperation phase, Throwable[] errors, RunControl control) {
    for (Throwable error : errors) {
      if (error != null) {
        throw failure(phase, error);
      }
    }
    if (control.cancelled()) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "fsmark was cancelled during its " + phase.key());
    }
  }

  private static RuntimeException failure(MetadataOperation phase, Throwable error) {
    if (error instanceof FsBenchException e) {
      return e;
    }
    Throwable cause = error instanceof UncheckedIOException u ? u.getCause() : error;
    String what = cause instanceof FileSystemException fse ? describe(fse) : cause.toString();
    String hint =
        what.contains("No space left")
            ? "; the volume is full: use a larger volume, fewer files or smaller files"
            : "";
    return new FsBenchException(
        FsBenchException.Kind.RUN_FAILED,
        "fsmark " + phase.key() + " phase failed: " + what + hint,
        cause);
  }

  private static String describe(FileSystemException e) {
    String reason = e.getReason() == null ? e.getClass().getSimpleName() : e.getReason();
    return e.getFile() + ": " + reason;
  }

  private static FsMarkPhaseResult summarise(
      MetadataOperation phase,
      PhaseStats[] stats,
      java.time.Instant started,
      long wallNanos,
      long planned,
      boolean finished) {
    PhaseStats total = new PhaseStats();
    double perThreadSum = 0;
    for (PhaseStats s : stats) {
      total.add(s);
      perThreadSum += s.files / seconds(s.loopNanos);
    }
    // a finish that came after the last file cut nothing short
    boolean cutShort = finished && total.files < planned;
    long overhead = Math.max(0, total.loopNanos - total.callNanos);
    return new FsMarkPhaseResult(
        phase,
        total.files,
        Duration.ofNanos(wallNanos),
        total.files / seconds(wallNanos),
        perThreadSum,
        Duration.ofNanos(overhead),
        total.latencies(),
        cutShort,
        Optional.of(started));
  }

  private static double seconds(long nanos) {
    return Math.max(nanos, 1) / 1e9;
  }
}
