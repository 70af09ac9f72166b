package io.fsbench.core.engine.block;

import io.fsbench.api.JobResult;
import io.fsbench.api.SetupTimes;
import io.fsbench.core.jobfile.JobFile;
import io.fsbench.core.stats.JobInfo;
import io.fsbench.core.stats.JobResults;
import io.fsbench.core.stats.JobStats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * fio's {@code --status-interval}: every interval, the results of every job of the run so far, as
 * fio's {@code __show_running_run_stats} reports them: finished clones as they ended, running ones
 * with their runtime up to now, clones of later batches empty. Each report is cumulative from the
 * jobs' start, as fio's. A report is read from the running clones' counters without stopping them,
 * so it may be a moment old in places; the final result is exact.
 */
public final class RunStatus implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(RunStatus.class);

  /**
   * How often to report, and to whom.
   *
   * @param every the interval; zero for no reports
   * @param listener called on the reporting thread with the results so far
   */
  public record Every(Duration every, Consumer<List<JobResult>> listener) {
    /** No reports. */
    public static final Every NONE = new Every(Duration.ZERO, results -> {});

    public Every {
      Objects.requireNonNull(every, "every");
      Objects.requireNonNull(listener, "listener");
    }
  }

  private final Every every;
  private final LongSupplier clock;
  private final long runStartNanos;
  private final List<List<JobFile.Job>> batches;
  private final List<JobResults.Clone> finished = new ArrayList<>();
  private List<JobClone> running = List.of();
  private int batch;
  private Ticker ticker;
  private volatile boolean closed;

  RunStatus(Every every, LongSupplier clock, long runStartNanos, List<List<JobFile.Job>> batches) {
    this.every = every;
    this.clock = clock;
    this.runStartNanos = runStartNanos;
    this.batches = batches;
    if (!every.every().isZero()) {
      ticker = Ticker.start("fsbench-status", clock, every.every().toNanos(), this::report);
    }
  }

  /** The clones of the next batch are made and about to run. */
  synchronized void running(List<JobClone> clones) {
    running = List.copyOf(clones);
  }

  /** The current batch has ended with these results. */
  synchronized void finished(List<JobResults.Clone> results) {
    finished.addAll(results);
    running = List.of();
    batch++;
  }

  /** The run's results so far, in fio's order. */
  synchronized List<JobResult> snapshot(long nowNanos) {
    List<JobResults.Clone> all = new ArrayList<>(finished);
    for (JobClone clone : running) {
      all.add(clone.snapshot(runStartNanos, nowNanos));
    }
    int from = batch + (running.isEmpty() ? 0 : 1);
    for (int b = from; b < batches.size(); b++) {
      for (JobFile.Job job : batches.get(b)) {
        for (int c = 0; c < job.spec().numJobs(); c++) {
          all.add(pending(job));
        }
      }
    }
    return JobResults.of(all);
  }

  /** A clone that has not started: fio reports it with zeros. */
  private static JobResults.Clone pending(JobFile.Job job) {
    JobInfo info =
        new JobInfo(
            job.spec().name(),
            job.groupId(),
            job.groupReporting(),
            job.options(),
            job.spec().percentiles(),
            job.spec().ioDepth(),
            0,
            0,
            0,
            "pending",
            SetupTimes.NONE);
    return new JobResults.Clone(info, JobStats.of(job.spec().measurements()));
  }

  private void report() {
    try {
      List<JobResult> results = snapshot(clock.getAsLong());
      if (!closed) {
        every.listener().accept(results);
      }
    } catch (RuntimeException e) {
      // one report that could not be read or written must not end the reports after it
      log.warn("a status report failed and is skipped: {}", e.toString());
    }
  }

  /** Stops reporting and waits for a report under way, so that none follows the final result. */
  @Override
  public void close() {
    closed = true;
    if (ticker != null) {
      ticker.close();
    }
  }
}
