package io.fsbench;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.JobResult;
import io.fsbench.api.JobSpec;
import io.fsbench.api.RunResult;
import io.fsbench.api.Workload;
import io.fsbench.core.jobfile.FioOptionTable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;

/**
 * Runs a qualification's checks one after the other on one thread, each sized to its share of the
 * time left, and judges each. Another thread stops it through {@link #stop}: a cancel, or the
 * deadline passing while a check still runs.
 */
final class QualificationRun {

  /** What runs a check's workloads: a session on the target, or a fake in tests. */
  interface Runner {
    /** Refuses, before anything is made, what could not run. */
    void check(List<Workload> workloads);

    /** Makes what every check runs on (a volume), before the first check's time is shared out. */
    default void prepare() {}

    /** Runs the workloads as one run; blocks until it ends or {@link #stop()} ends it. */
    RunResult run(String name, List<Workload> workloads, DoubleConsumer progress);

    /** Stops the running workload, from another thread, and every later one. */
    void stop();

    /** Releases everything the runs made. */
    void close();
  }

  /** Why the run was stopped from outside. */
  enum Stop {
    NONE,
    CANCELLED,
    DEADLINE
  }

  private final List<Check> checks;
  private final Runner runner;
  private final Clock clock;
  private final Duration budget;
  private final DoubleConsumer progress;
  private final Consumer<String> messages;
  private volatile Stop stop = Stop.NONE;

  QualificationRun(
      List<Check> checks,
      Runner runner,
      Clock clock,
      Duration budget,
      DoubleConsumer progress,
      Consumer<String> messages) {
    this.checks = List.copyOf(checks);
    this.runner = runner;
    this.clock = clock;
    this.budget = budget;
    this.progress = progress;
    this.messages = messages;
  }

  /** Stops the check running now and every later one; the first reason given is kept. */
  void stop(Stop why) {
    synchronized (this) {
      if (stop == Stop.NONE) {
        stop = why;
      }
    }
    runner.stop();
  }

  /** Runs every check and releases what they made; the verdict of what ran. */
  Verdict execute(Instant start) {
    Instant deadline = budget == null ? null : start.plus(budget);
    List<CheckResult> results = new ArrayList<>();
    try {
      prepare();
      for (int i = 0; i < checks.size(); i++) {
        results.add(runOne(checks.get(i), i, deadline));
      }
    } finally {
      runner.close();
    }
    Duration elapsed = Duration.between(start, clock.instant());
    Verdict verdict =
        new Verdict(Verdict.of(results), results, budget == null ? Duration.ZERO : budget, elapsed);
    messages.accept("qualification: " + verdict.outcome() + " in " + BudgetSizing.seconds(elapsed));
    return verdict;
  }

  /** Makes the volume; a failure there is the first check's, which then runs into it again. */
  private void prepare() {
    messages.accept("preparing the target");
    try {
      runner.prepare();
    } catch (FsBenchException e) {
      messages.accept("could not prepare the target: " + e.getMessage());
    }
  }

  private CheckResult runOne(Check check, int index, Instant deadline) {
    Instant started = clock.instant();
    if (stop != Stop.NONE) {
      return notRun(
          check, stop == Stop.CANCELLED ? "not run: the qualification was cancelled" : spent());
    }
    Duration share = null;
    if (deadline != null) {
      Duration left = Duration.between(started, deadline);
      share = BudgetSizing.share(left, checks.size() - index);
      if (share.compareTo(BudgetSizing.MIN_SHARE) < 0) {
        return notRun(check, spent());
      }
    }
    BudgetSizing.Sized sized = BudgetSizing.size(withPercentiles(check), share);
    Map<String, String> parameters = parameters(sized);
    messages.accept(
        "check "
            + check.name()
            + ": running"
            + (share == null ? "" : " (share " + BudgetSizing.seconds(share) + ")"));
    double done = (double) index / checks.size();
    RunResult run;
    try {
      run =
          runner.run(
              check.name(), sized.workloads(), f -> progress.accept(done + f / checks.size()));
    } catch (FsBenchException e) {
      Stop why = stop;
      String reason =
          switch (why) {
            case CANCELLED -> "cancelled while it ran";
            case DEADLINE ->
                "stopped at the deadline (budget "
                    + BudgetSizing.seconds(budget)
                    + ") before it finished";
            case NONE -> "the run failed: " + e.getMessage();
          };
      return finish(
          new CheckResult(
              check.name(),
              Verdict.Outcome.INCONCLUSIVE,
              reason,
              List.of(),
              parameters,
              why == Stop.DEADLINE,
              Duration.between(started, clock.instant()),
              Optional.empty()));
    }
    CheckEvaluation.Judged judged = CheckEvaluation.judge(check, run);
    boolean cut = cutShort(run, sized);
    String reason = judged.reason();
    if (cut) {
      reason =
          (reason.isEmpty() ? "" : reason + "; ")
              + "stopped at the deadline, judged on what it did";
    }
    Map<String, String> withVolume = new LinkedHashMap<>(parameters);
    withVolume.put("filesystem", run.volume().fileSystem());
    withVolume.put("tuning", run.volume().tuning().label());
    withVolume.put("mount_options", run.volume().mountOptions());
    return finish(
        new CheckResult(
            check.name(),
            judged.outcome(),
            reason,
            judged.findings(),
            withVolume,
            cut,
            Duration.between(started, clock.instant()),
            Optional.of(run)));
  }

  private CheckResult finish(CheckResult result) {
    messages.accept(
        "check "
            + result.name()
            + ": "
            + result.outcome()
            + (result.reason().isEmpty() ? "" : " - " + result.reason()));
    return result;
  }

  private String spent() {
    return "not run: the budget of " + BudgetSizing.seconds(budget) + " was used up";
  }

  private CheckResult notRun(Check check, String reason) {
    return finish(
        new CheckResult(
            check.name(),
            Verdict.Outcome.INCONCLUSIVE,
            reason,
            List.of(),
            Map.of(),
            stop == Stop.DEADLINE || reason.startsWith("not run: the budget"),
            Duration.ZERO,
            Optional.empty()));
  }

  /** Whether a job capped to fit the budget ran until its cap, not until its size was done. */
  private static boolean cutShort(RunResult run, BudgetSizing.Sized sized) {
    List<JobResult> jobs = run.jobs();
    for (int i = 0; i < Math.min(jobs.size(), sized.capMillis().size()); i++) {
      long cap = sized.capMillis().get(i);
      if (cap > 0 && jobs.get(i).jobRuntimeMs() >= cap - Math.min(100, cap / 10)) {
        return true;
      }
    }
    return false;
  }

  /** The check's jobs, recording every percentile its expectations read. */
  private static List<Workload> withPercentiles(Check check) {
    TreeSet<Double> wanted = new TreeSet<>();
    for (Expectation e : check.expectations()) {
      if (e.measure().percentile() > 0) {
        wanted.add(e.measure().percentile());
      }
    }
    List<Workload> workloads = new ArrayList<>();
    for (Workload w : check.workloads()) {
      if (w.spec() instanceof JobSpec job && !job.percentiles().containsAll(wanted)) {
        TreeSet<Double> all = new TreeSet<>(job.percentiles());
        all.addAll(wanted);
        workloads.add(job.toBuilder().percentiles(List.copyOf(all)).build());
      } else {
        workloads.add(w);
      }
    }
    return workloads;
  }

  private static Map<String, String> parameters(BudgetSizing.Sized sized) {
    Map<String, String> parameters = new LinkedHashMap<>();
    List<Workload> workloads = sized.workloads();
    for (Workload w : workloads) {
      String prefix = workloads.size() == 1 ? "" : w.name() + ".";
      if (w.spec() instanceof JobSpec job) {
        Map<String, String> options = FioOptionTable.effective(job);
        for (String key : JobResult.DESCRIBING_OPTIONS) {
          if (options.containsKey(key)) {
            parameters.put(prefix + key, options.get(key));
          }
        }
      } else {
        parameters.put(prefix + "workload", w.name());
      }
    }
    if (!sized.notes().isEmpty()) {
      parameters.put("budget", String.join("; ", sized.notes()));
    }
    return parameters;
  }
}
