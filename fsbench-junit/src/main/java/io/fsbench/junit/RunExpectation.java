package io.fsbench.junit;

import io.fsbench.api.DirectionResult;
import io.fsbench.api.JobResult;
import io.fsbench.api.Metric;
import io.fsbench.api.RunResult;
import io.fsbench.api.WorkloadResult;
import java.util.List;
import java.util.Optional;

/**
 * Expectations on one run, from {@link Expect#that}: on a direction of its block job, its syncs, or
 * any metric of its result.
 *
 * <pre>{@code
 * Expect.that(run).write().iops().atLeast(50_000);
 * Expect.that(run).job("reader").read().bwBytes().atLeast(100L << 20);
 * Expect.that(run).sync().latPercentile(99).atMost(Duration.ofMillis(10));
 * Expect.that(run).metric("create.files_per_sec").atLeast(2_000);
 * }</pre>
 */
public final class RunExpectation {

  private final RunResult run;
  private final JobResult job;

  RunExpectation(RunResult run, JobResult job) {
    this.run = run;
    this.job = job;
  }

  /** The expectations on the block job of this name, for a run of several jobs. */
  public RunExpectation job(String name) {
    return run.jobs().stream()
        .filter(j -> j.jobname().equals(name))
        .findFirst()
        .map(j -> new RunExpectation(run, j))
        .orElseThrow(
            () ->
                Failures.fail(
                    "the run has no job named '" + name + "'; its jobs are " + jobNames(), this));
  }

  /** What the job read. */
  public DirectionExpectation read() {
    return direction("read", job().read());
  }

  /** What the job wrote. */
  public DirectionExpectation write() {
    return direction("write", job().write());
  }

  /** What the job trimmed. */
  public DirectionExpectation trim() {
    return direction("trim", job().trim());
  }

  /** The job's fsync/fdatasync calls. */
  public SyncExpectation sync() {
    return new SyncExpectation(this, job().sync());
  }

  /**
   * Any metric of the result by its name, in its unit: {@code write.clat.p99_9} (ns), {@code
   * total.iops}, {@code transactions_per_sec}... as {@link WorkloadResult#metrics()} lists them.
   */
  public NumberExpectation<RunExpectation> metric(String name) {
    WorkloadResult result = result();
    Optional<Metric> metric = result.metric(name);
    if (metric.isEmpty()) {
      throw Failures.fail(
          "the result of "
              + result.workload()
              + " has no metric '"
              + name
              + "'; it has "
              + result.metrics().stream().map(Metric::name).toList(),
          this);
    }
    return of(metric.get());
  }

  /**
   * A measure as {@code fsbench check} and {@link io.fsbench.Qualification} read it, e.g. {@code
   * Measure.parse("sync.p99")} or {@code Measure.iops()}: the same selection (rates added over
   * directions and jobs, the worst latency), in the measure's unit (latencies in ns).
   */
  public NumberExpectation<RunExpectation> measure(io.fsbench.Measure measure) {
    double value;
    try {
      value = measure.valueIn(run);
    } catch (io.fsbench.api.InvalidInputException e) {
      throw Failures.fail(e.getMessage(), this);
    }
    return new NumberExpectation<>(this, measure.name(), value, measure.unit().symbol(), this);
  }

  /** The metric that sums the result up: a block job's bandwidth, PostMark's transactions/s... */
  public NumberExpectation<RunExpectation> headline() {
    return of(result().headline());
  }

  private NumberExpectation<RunExpectation> of(Metric metric) {
    return new NumberExpectation<>(
        this, metric.name(), metric.value(), metric.unit().symbol(), this);
  }

  private DirectionExpectation direction(String name, DirectionResult direction) {
    return new DirectionExpectation(this, name, direction);
  }

  private JobResult job() {
    if (job != null) {
      return job;
    }
    List<JobResult> jobs = run.jobs();
    if (jobs.size() == 1) {
      return jobs.get(0);
    }
    if (jobs.isEmpty()) {
      throw Failures.fail(
          "the run of "
              + run.workload()
              + " has no block job, so no read, write, trim or sync; use metric(name) on its"
              + " metrics "
              + run.result().metrics().stream().map(Metric::name).toList(),
          this);
    }
    throw Failures.fail(
        "the run has " + jobs.size() + " jobs " + jobNames() + "; pick one with job(name)", this);
  }

  private WorkloadResult result() {
    if (job != null) {
      return job;
    }
    if (run.results().size() == 1) {
      return run.result();
    }
    throw Failures.fail(
        "the run has "
            + run.results().size()
            + " results "
            + jobNames()
            + "; pick one with job(name)",
        this);
  }

  private List<String> jobNames() {
    return run.results().stream().map(WorkloadResult::workload).toList();
  }

  /** The run's parameters, for failure messages. */
  String describeRun() {
    return RunDescription.of(
        run, job != null ? job : (run.jobs().size() == 1 ? run.jobs().get(0) : null));
  }
}
