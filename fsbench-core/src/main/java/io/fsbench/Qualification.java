package io.fsbench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.RunResult;
import io.fsbench.api.Target;
import io.fsbench.api.Workload;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;

/**
 * Does this disk (directory, filesystem) meet its spec? Checks — workloads with expectations — run
 * one after the other on one target within a time budget, and give a {@link Verdict}: PASS, FAIL,
 * or INCONCLUSIVE when a result is implausible or a check could not finish.
 *
 * <pre>{@code
 * Verdict verdict = Qualification.on("xfs", Target.device(Path.of("/dev/sdb"), consent))
 *     .check(Checks.etcdFdatasync())
 *     .check("randwrite-4k", Workloads.named("randwrite-4k", Map.of()),
 *         Measure.iops().atLeast(50_000), Measure.iops().plausibleBetween(50, 5_000_000))
 *     .within(Duration.ofMinutes(2))
 *     .run();
 * System.exit(verdict.passed() ? 0 : 1);
 * }</pre>
 *
 * <p>The budget is honoured: each check gets an equal share of the time left, less a reserve for
 * making and releasing the volume (at most 3 s, 15 % of what is left), a time-based job's runtime
 * is shortened to its share and a job that ends by its size is capped at it; a check still running
 * at the deadline is stopped and reported as such, and checks with no time left are reported as not
 * run. {@link Handle#cancel()} — or interrupting the thread in {@link #run()} — stops the I/O
 * within a second, and every volume, mount and loop device is released before the verdict returns.
 * A qualification runs once.
 */
public final class Qualification {

  /** How long past the deadline a check may take to stop before it is stopped from outside. */
  private static final Duration GRACE = Duration.ofSeconds(1);

  private static final long POLL_MILLIS = 50;

  private final QualificationRun.Runner runner;
  private final List<Check> checks = new ArrayList<>();
  private Clock clock = Clock.systemUTC();
  private Duration budget;
  private DoubleConsumer progress = f -> {};
  private Consumer<String> messages = line -> {};
  private boolean started;

  Qualification(QualificationRun.Runner runner) {
    this.runner = runner;
  }

  /**
   * A qualification of an existing directory (no mkfs, no root).
   *
   * @throws InvalidInputException for a loop or device target, which needs a filesystem: {@link
   *     #on(String, Target)}
   */
  public static Qualification on(Target target) {
    Objects.requireNonNull(target, "target");
    if (target.formats()) {
      throw new InvalidInputException(
          "a loop volume or a device is made with a filesystem; name it:"
              + " Qualification.on(\"xfs\", target)");
    }
    return on(FsBench.defaults().session(null, target));
  }

  /** A qualification on a fresh volume of this filesystem on the target (loop image or device). */
  public static Qualification on(String fileSystem, Target target) {
    return on(FsBench.defaults().session(fileSystem, target));
  }

  /**
   * A qualification on a session's target, as tuned: every check runs on one volume, made for the
   * first and destroyed at the end. The qualification owns the session and closes it.
   */
  public static Qualification on(Session session) {
    return new Qualification(new SessionRunner(Objects.requireNonNull(session, "session").open()));
  }

  /** Adds a check: a workload and what is expected of it. */
  public Qualification check(String name, Workload workload, Expectation... expectations) {
    return check(Check.of(name, workload, expectations));
  }

  /** Adds a check, e.g. one of {@link Checks}. */
  public synchronized Qualification check(Check check) {
    requireNotStarted();
    Objects.requireNonNull(check, "check");
    if (checks.stream().anyMatch(c -> c.name().equals(check.name()))) {
      throw new InvalidInputException(
          "check name (" + check.name() + ") is given twice; give each check its own name");
    }
    checks.add(check);
    return this;
  }

  /** The whole qualification's time budget, setup and release included (default: none). */
  public synchronized Qualification within(Duration budget) {
    requireNotStarted();
    if (budget == null || budget.isNegative() || budget.isZero()) {
      throw new InvalidInputException(
          "within (" + budget + ") must be a positive time, e.g. Duration.ofMinutes(2)");
    }
    this.budget = budget;
    return this;
  }

  /** Called with the qualification's progress, 0 to 1, a few times a second. */
  public synchronized Qualification progress(DoubleConsumer listener) {
    this.progress = Objects.requireNonNull(listener, "listener");
    return this;
  }

  /** Called with a line as each check starts and ends, and with the verdict. */
  public synchronized Qualification messages(Consumer<String> listener) {
    this.messages = Objects.requireNonNull(listener, "listener");
    return this;
  }

  /** The clock that times the budget (default: the system's); tests pass a fake one. */
  public synchronized Qualification clock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  /**
   * Runs every check on this thread's behalf and returns the verdict. Interrupting this thread
   * cancels the qualification as {@link Handle#cancel()} does; the verdict is returned with the
   * thread's interrupt status set.
   *
   * @throws InvalidInputException before anything is made, for a check that cannot run here
   */
  public Verdict run() {
    Handle handle = start();
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return handle.await();
        } catch (InterruptedException e) {
          // cancel, then wait on for the release; the status is set again only on the way out,
          // or every later wait would end at once
          interrupted = true;
          handle.cancel();
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Starts the checks on a thread of their own and returns at once.
   *
   * @throws InvalidInputException before anything is made, for a check that cannot run here
   */
  public synchronized Handle start() {
    requireNotStarted();
    if (checks.isEmpty()) {
      throw new InvalidInputException("a qualification needs at least one check; add one");
    }
    checks.forEach(c -> runner.check(c.workloads()));
    started = true;
    QualificationRun run = new QualificationRun(checks, runner, clock, budget, progress, messages);
    Handle handle = new Handle(run, clock, budget == null ? null : clock.instant().plus(budget));
    handle.begin();
    return handle;
  }

  private void requireNotStarted() {
    if (started) {
      throw new IllegalStateException("this qualification has run; make a new one");
    }
  }

  /** A running qualification: cancel it, or wait for its verdict. */
  public static final class Handle implements AutoCloseable {
    private final QualificationRun run;
    private final Clock clock;
    private final Instant hardStop;
    private final AtomicReference<Verdict> verdict = new AtomicReference<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread worker;

    private Handle(QualificationRun run, Clock clock, Instant deadline) {
      this.run = run;
      this.clock = clock;
      this.hardStop = deadline == null ? null : deadline.plus(GRACE);
      Instant start = clock.instant();
      this.worker =
          new Thread(
              () -> {
                try {
                  verdict.set(run.execute(start));
                } catch (Throwable t) {
                  failure.set(t);
                }
              },
              "fsbench-qualification");
      worker.setDaemon(false);
    }

    private void begin() {
      worker.start();
    }

    /**
     * Stops the qualification from any thread: the running check's I/O stops within a second and is
     * reported as cancelled, later checks are not run, and everything made is released. Returns at
     * once; {@link #await()} gives the verdict.
     */
    public void cancel() {
      run.stop(QualificationRun.Stop.CANCELLED);
    }

    /** Whether the verdict is ready. */
    public boolean isDone() {
      return !worker.isAlive();
    }

    /**
     * Waits for the verdict, stopping a check that runs past the deadline.
     *
     * @throws InterruptedException when this thread is interrupted while waiting; the qualification
     *     runs on
     */
    public Verdict await() throws InterruptedException {
      while (worker.isAlive()) {
        worker.join(POLL_MILLIS);
        if (hardStop != null && worker.isAlive() && !clock.instant().isBefore(hardStop)) {
          run.stop(QualificationRun.Stop.DEADLINE);
        }
      }
      Throwable t = failure.get();
      if (t instanceof RuntimeException e) {
        throw e;
      }
      if (t instanceof Error e) {
        throw e;
      }
      return verdict.get();
    }

    /** Cancels the qualification, if it still runs, and waits until it has released everything. */
    @Override
    public void close() {
      if (!isDone()) {
        cancel();
      }
      boolean interrupted = false;
      while (!isDone()) {
        try {
          worker.join();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Runs checks on a session's volume. */
  private static final class SessionRunner implements QualificationRun.Runner {
    private final Session session;

    SessionRunner(Session session) {
      this.session = session;
    }

    @Override
    public void check(List<Workload> workloads) {
      Set<String> seen = new HashSet<>();
      for (Workload w : workloads) {
        session.check(w);
        if (!seen.add(w.name())) {
          throw new InvalidInputException(
              "two jobs of one check are named " + w.name() + "; name each its own");
        }
      }
    }

    @Override
    public void prepare() {
      session.prepare();
    }

    @Override
    public RunResult run(String name, List<Workload> workloads, DoubleConsumer progress) {
      session.progress(progress);
      if (workloads.stream().allMatch(w -> w.spec() instanceof JobSpec)) {
        // on the block engine's own path, which reports progress and status as it runs
        return session.runInTurn(name, workloads.stream().map(w -> (JobSpec) w.spec()).toList());
      }
      return session.run(workloads.get(0));
    }

    @Override
    public void stop() {
      session.stopRuns();
    }

    @Override
    public void close() {
      session.close();
    }
  }
}
