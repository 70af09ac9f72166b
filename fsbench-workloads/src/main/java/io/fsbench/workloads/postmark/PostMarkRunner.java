package io.fsbench.workloads.postmark;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.PostMarkPhase;
import io.fsbench.api.PostMarkResult;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.Preset;
import io.fsbench.core.engine.RunNames;
import io.fsbench.core.engine.Threads;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.spi.WorkloadCapability;
import io.fsbench.workloads.common.ScratchContext;
import io.fsbench.workloads.common.Syncer;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Phaser;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * Runs a {@link PostMarkSpec} the way PostMark 1.53's {@code cli_run} does: create the pool, run
 * the transactions, delete what is left, with the clock read at the same four points (after setup,
 * after creation, after the transactions, after deletion) but in nanoseconds.
 *
 * <p>With the threads extension every thread is a whole PostMark instance in its own directory
 * {@code t<n>} with seed {@code seed + n}; a barrier aligns the phases so the four clock readings
 * mean the same as with one instance. "Out of files" ends the run with an error after the cleanup,
 * as PostMark prints no report then.
 *
 * <p>Before measuring, the runner warms the JIT compiler up, untimed: a small PostMark (at most
 * {@value #WARM_UP_FILES} files and {@value #WARM_UP_TRANSACTIONS} transactions, same sizes and
 * buffering) runs in a scratch directory that is then removed, so that the measured run does not
 * start in the Java interpreter.
 *
 * <p>Asked to finish ({@link io.fsbench.Session#finish()}, a cluster's stonewall), every instance
 * ends the phase under way after the file or transaction it is at, and no later phase runs: the
 * result reports that phase {@linkplain PostMarkResult#phaseCutShort() cut short} with what it did
 * over the time it took, and the total time ends with it. The files left are then removed untimed
 * and uncounted, so that nothing stays behind, but that cleanup is not PostMark's deletion phase: a
 * client that finished early reports no "deletion alone" it never measured.
 *
 * <p>In a directory shared with other clients ({@link WorkloadContext#names()}) every name made
 * there starts with the client's tag: the files and {@code sK} subdirectories of one instance, the
 * {@code t<n>} directories of several.
 */
public final class PostMarkRunner implements WorkloadRunner<PostMarkSpec> {

  /** glibc's stdio buffer when the filesystem reports no block size. */
  private static final int DEFAULT_STDIO_BUFFER = 4096;

  static final int WARM_UP_FILES = 500;
  static final int WARM_UP_TRANSACTIONS = 20_000;

  private final Syncer syncer;
  private final boolean warmUp;

  public PostMarkRunner() {
    this(Syncer.system());
  }

  /** A runner whose fsync extension goes through {@code syncer}. */
  public PostMarkRunner(Syncer syncer) {
    this(syncer, true);
  }

  /** A runner that warms the JIT up before measuring, or not. */
  public PostMarkRunner(Syncer syncer, boolean warmUp) {
    this.syncer = Objects.requireNonNull(syncer, "syncer");
    this.warmUp = warmUp;
  }

  @Override
  public Class<PostMarkSpec> specType() {
    return PostMarkSpec.class;
  }

  /**
   * An early finish, and a shared directory (every name it makes carries the client's tag); CSV.
   */
  @Override
  public Set<WorkloadCapability> capabilities() {
    return EnumSet.of(
        WorkloadCapability.WRITES_CSV,
        WorkloadCapability.FINISHES_EARLY,
        WorkloadCapability.SHARES_DIRECTORY);
  }

  @Override
  public List<Preset> presets() {
    return List.of(new Preset("postmark", PostMarkSpec::fromParams));
  }

  /**
   * The pool at its biggest: every file at the largest size, twice the pool as PostMark's table.
   */
  @Override
  public Footprint footprint(PostMarkSpec spec) {
    long files = 2L * spec.files() * spec.threads();
    return new Footprint(files * Footprint.blocks(spec.sizeHigh().bytes()), files);
  }

  @Override
  public PostMarkResult run(PostMarkSpec spec, WorkloadContext context) {
    if (warmUp) {
      warmUp(spec, context);
    }
    int threads = spec.threads();
    int bufferSize = stdioBufferSize(context.directory());
    long[] marks = new long[4];
    AtomicBoolean stop = new AtomicBoolean();
    AtomicBoolean finishing = new AtomicBoolean();
    context.whenFinishRequested(() -> finishing.set(true));
    Phaser phases =
        new Phaser(threads) {
          @Override
          protected boolean onAdvance(int phase, int registeredParties) {
            if (phase < marks.length) {
              marks[phase] = context.nanoTime();
              context.progress(Math.min(1.0, phase / 3.0));
            }
            return registeredParties == 0;
          }
        };
    Instance[] instances = new Instance[threads];
    RunNames names = context.names();
    for (int t = 0; t < threads; t++) {
      // one instance names its files in the run's directory; several each make a directory there
      Path dir =
          threads == 1 ? context.directory() : context.directory().resolve(names.of("t" + t));
      String prefix = threads == 1 ? names.prefix() : "";
      instances[t] =
          new Instance(
              dir,
              new PostMarkEngine(spec, dir, prefix, spec.seed() + t, bufferSize, syncer),
              phases,
              finishing::get);
    }
    runAll(instances, stop, context);
    PostMarkCounters total = new PostMarkCounters();
    for (Instance instance : instances) {
      if (instance.error != null) {
        throw failure(instance.error);
      }
      total.add(instance.engine.counters());
    }
    context.failIfCancelled(PostMarkSpec.NAME);
    for (Instance instance : instances) {
      if (instance.outOfFiles) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            "postmark ran out of files after "
                + instance.engine.counters().transactions
                + " of "
                + spec.transactions()
                + " transactions; for this workload, either increase the number of files or"
                + " decrease the number of transactions (or raise bias_create)");
      }
    }
    context.progress(1.0);
    Optional<PostMarkPhase> cut =
        finishing.get() ? firstUnfinished(spec, total, instances) : Optional.empty();
    // the phases after the cut did not run: their times are zero, the total ends with the cut
    int ran = cut.map(p -> p.ordinal() + 1).orElse(3);
    return new PostMarkResult(
        spec,
        Duration.ofNanos(marks[ran] - marks[0]),
        Duration.ofNanos(marks[1] - marks[0]),
        ran < 2 ? Duration.ZERO : Duration.ofNanos(marks[2] - marks[1]),
        ran < 3 ? Duration.ZERO : Duration.ofNanos(marks[3] - marks[2]),
        total.transactions,
        total.created,
        total.createdAlone,
        total.read,
        total.appended,
        total.deleted,
        total.deletedAlone,
        total.bytesRead,
        total.bytesWritten,
        cut);
  }

  /**
   * The first phase a finish left undone: a pool short of its files, transactions short of their
   * count, files left after the deletion; none when the finish came after the last file.
   */
  private static Optional<PostMarkPhase> firstUnfinished(
      PostMarkSpec spec, PostMarkCounters total, Instance[] instances) {
    long threads = instances.length;
    if (total.createdAlone < spec.files() * threads) {
      return Optional.of(PostMarkPhase.CREATION);
    }
    if (total.transactions < spec.transactions() * threads) {
      return Optional.of(PostMarkPhase.TRANSACTIONS);
    }
    for (Instance instance : instances) {
      if (!instance.deletedAll) {
        return Optional.of(PostMarkPhase.DELETION);
      }
    }
    return Optional.empty();
  }

  /** A small run of the same kind, unmeasured, in a scratch directory it removes. */
  private void warmUp(PostMarkSpec spec, WorkloadContext context) {
    PostMarkSpec small =
        spec.toBuilder()
            .files(Math.min(spec.files(), WARM_UP_FILES))
            .transactions(Math.min(spec.transactions(), WARM_UP_TRANSACTIONS))
            .threads(1)
            .fsync(false)
            // creates only (or, as asked, neither): a warm-up that deletes can run out of files
            // on a small pool (one file, half the transactions deleting) and fail a valid run
            .biasCreate(spec.biasCreate() == -1 ? -1 : 10)
            .build();
    ScratchContext.warmUp(
        context,
        PostMarkSpec.NAME,
        scratch -> new PostMarkRunner(syncer, false).run(small, scratch));
  }

  private static void runAll(Instance[] instances, AtomicBoolean stop, WorkloadContext context) {
    BooleanSupplier stopper = () -> stop.get() || context.cancelled();
    if (instances.length == 1) {
      instances[0].run(stop, stopper);
      return;
    }
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < instances.length; t++) {
      Instance instance = instances[t];
      Thread thread = new Thread(() -> instance.run(stop, stopper), "fsbench-postmark-" + t);
      thread.setDaemon(true);
      threads.add(thread);
      thread.start();
    }
    Threads.joinAll(threads, () -> stop.set(true)); // the instances hold files open
  }

  /** The stdio buffer glibc would use: st_blksize, which is the filesystem's block size. */
  private static int stdioBufferSize(Path directory) {
    try {
      long size = Files.getFileStore(directory).getBlockSize();
      return size > 0 && size <= (1 << 20) ? (int) size : DEFAULT_STDIO_BUFFER;
    } catch (IOException | UnsupportedOperationException e) {
      return DEFAULT_STDIO_BUFFER;
    }
  }

  private static RuntimeException failure(Throwable error) {
    if (error instanceof FsBenchException e) {
      return e;
    }
    String what =
        error instanceof FileSystemException fse
            ? fse.getFile() + ": " + (fse.getReason() == null ? fse.toString() : fse.getReason())
            : error.toString();
    return new FsBenchException(
        FsBenchException.Kind.RUN_FAILED, "postmark failed: " + what, error);
  }

  /** One PostMark instance and what happened to it. */
  private static final class Instance {
    final Path directory;
    final PostMarkEngine engine;
    final Phaser phases;
    final BooleanSupplier finishing;
    boolean outOfFiles;
    boolean deletedAll;
    Throwable error;

    Instance(Path directory, PostMarkEngine engine, Phaser phases, BooleanSupplier finishing) {
      this.directory = directory;
      this.engine = engine;
      this.phases = phases;
      this.finishing = finishing;
    }

    /**
     * Setup, creation, transactions, deletion, each ended at the barrier. A failing instance leaves
     * the barrier so that the others are not held, and stops them. After a finish each phase left
     * ends at once (its barrier still keeps the instances together), and what is left is removed
     * after the last clock reading.
     */
    void run(AtomicBoolean stop, BooleanSupplier stopper) {
      boolean registered = true;
      try {
        Files.createDirectories(directory);
        engine.createSubdirectories();
        phases.arriveAndAwaitAdvance();
        engine.createInitialFiles(finishing);
        phases.arriveAndAwaitAdvance();
        outOfFiles =
            engine.runTransactions(stopper, finishing) == PostMarkEngine.Ending.OUT_OF_FILES;
        phases.arriveAndAwaitAdvance();
        deletedAll = engine.deleteRemainingFiles(finishing);
        phases.arriveAndDeregister();
        registered = false;
        engine.removeLeftovers();
        engine.deleteSubdirectories();
      } catch (Throwable e) {
        error = e;
        stop.set(true);
        if (registered) {
          phases.arriveAndDeregister();
        }
      }
    }
  }
}
