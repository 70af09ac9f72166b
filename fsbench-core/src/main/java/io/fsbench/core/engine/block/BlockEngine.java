package io.fsbench.core.engine.block;

import io.fsbench.api.EnvironmentException;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IoEngine;
import io.fsbench.api.JobResult;
import io.fsbench.core.engine.Threads;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.jobfile.JobFile;
import io.fsbench.core.nativeio.Caches;
import io.fsbench.core.nativeio.CpuTopology;
import io.fsbench.core.nativeio.NativeIoException;
import io.fsbench.core.nativeio.ThreadPlacement;
import io.fsbench.core.stats.JobResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * fsbench's block I/O engine: runs fio-style jobs in a directory and measures them as fio does.
 *
 * <p>Jobs run concurrently until one with {@code stonewall} (or {@code wait_for_previous}), which
 * waits for all before it; each job runs {@code numjobs} clones, each on its own thread with its
 * own files (or the shared {@code filename}s). Before a batch starts, its files are laid out and
 * their caches invalidated, timed apart from the I/O. Results are reported per clone, or summed per
 * group under {@code group_reporting}, by {@link JobResults}.
 */
public final class BlockEngine {

  /**
   * Runs {@code jobs} in {@code context.directory()} and returns their results in fio's order.
   * Files the jobs create are left in the directory for the caller to remove.
   */
  public List<JobResult> run(List<JobFile.Job> jobs, WorkloadContext context) {
    return run(jobs, context, RunStatus.Every.NONE);
  }

  /**
   * Runs {@code jobs} as {@link #run(List, WorkloadContext)} does, reporting the results so far to
   * {@code status} at its interval (fio's {@code --status-interval}); no report follows the return.
   */
  public List<JobResult> run(
      List<JobFile.Job> jobs, WorkloadContext context, RunStatus.Every status) {
    if (jobs.isEmpty()) {
      throw new InvalidInputException("no jobs to run; give at least one job");
    }
    CpuTopology topology = CpuTopology.system();
    for (JobFile.Job job : jobs) {
      // a job without size learns its files' sizes at setup, where they are checked
      JobUsability.requireUsable(
          job.spec(), job.spec().sizeFromFiles() ? Long.MAX_VALUE : CloneFiles.share(job.spec()));
      topology.require(job.spec().cpus());
    }
    ExistingFiles.requireMade(jobs, context.directory());
    long runStart = context.nanoTime();
    List<JobResults.Clone> results = new ArrayList<>();
    int firstThread = 1;
    // fio sets up every job's files before any runs, so a clone sees the size an earlier one
    // (of any batch) made a shared file: what a percentage offset is taken of
    Map<Path, Long> madeSizes = new HashMap<>();
    ExitControl control = new ExitControl(jobs);
    // a finish request (a cluster's stonewall) ends the run as exit_what=all does, with results
    context.whenFinishRequested(control::stopAll);
    long[] streams = contentStreams(jobs);
    List<List<JobFile.Job>> batches = batches(jobs);
    try (RunStatus reports = new RunStatus(status, context::nanoTime, runStart, batches)) {
      for (List<JobFile.Job> batch : batches) {
        List<JobResults.Clone> done =
            runBatch(batch, context, runStart, firstThread, madeSizes, reports, control, streams);
        reports.finished(done);
        results.addAll(done);
        firstThread += batch.stream().mapToInt(j -> j.spec().numJobs()).sum();
        if (context.cancelled()) {
          throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "the run was cancelled");
        }
      }
    }
    return JobResults.of(results);
  }

  /**
   * Every thread's content seed, by thread number - 1: a {@code dedupe_global} job's working set
   * holds blocks of every thread's stream, as fio's {@code init_global_dedupe_working_set_seeds}.
   */
  private static long[] contentStreams(List<JobFile.Job> jobs) {
    int threads = jobs.stream().mapToInt(j -> j.spec().numJobs()).sum();
    long[] streams = new long[threads];
    int t = 0;
    for (JobFile.Job job : jobs) {
      for (int c = 0; c < job.spec().numJobs(); c++, t++) {
        streams[t] = WriteContent.streamSeed(JobClone.seed(job.spec(), t + 1));
      }
    }
    return streams;
  }

  /** Splits at each job with stonewall: a batch's jobs run together. */
  static List<List<JobFile.Job>> batches(List<JobFile.Job> jobs) {
    List<List<JobFile.Job>> batches = new ArrayList<>();
    List<JobFile.Job> current = new ArrayList<>();
    for (JobFile.Job job : jobs) {
      if (job.spec().stonewall() && !current.isEmpty()) {
        batches.add(current);
        current = new ArrayList<>();
      }
      current.add(job);
    }
    batches.add(current);
    return batches;
  }

  private List<JobResults.Clone> runBatch(
      List<JobFile.Job> batch,
      WorkloadContext context,
      long runStart,
      int firstThread,
      Map<Path, Long> madeSizes,
      RunStatus reports,
      ExitControl control,
      long[] streams) {
    AtomicBoolean failed = new AtomicBoolean();
    List<JobClone> clones = new ArrayList<>();
    try (RateSampling sampling = new RateSampling(context::nanoTime);
        SteadyStateMonitor steadyState = new SteadyStateMonitor(context::nanoTime)) {
      try {
        for (JobFile.Job job : batch) {
          for (int c = 0; c < job.spec().numJobs(); c++) {
            // fio makes a job's clones last first: its second thread is subjob numjobs-1, whose
            // number names its files and scales offset_increment; they are set up in that order
            int subjob = c == 0 ? 0 : job.spec().numJobs() - c;
            clones.add(
                new JobClone(
                    job,
                    c,
                    new CloneIo(
                        job,
                        firstThread + clones.size(),
                        CloneFiles.files(job.spec(), subjob, context.directory(), madeSizes),
                        streams,
                        sampling,
                        steadyState,
                        context::nanoTime,
                        () -> failed.get() || context.cancelled()),
                    context::currentTimeMillis));
          }
        }
        reports.running(clones);
        clones.forEach(control::add);
        steadyState.begin(); // fio's helper thread ticks from before the jobs' setup
        // the flows of the jobs that run together (fio counts every job of the file)
        FlowGate.Flows flows = new FlowGate.Flows();
        clones.forEach(clone -> clone.joinFlow(flows));
        // a clone that waits for another job sets its files up when it starts, as fio's thread
        // does; one stopped before it starts never touches them
        prepare(
            clones.stream()
                .filter(c -> !control.waits(c.job()) && !c.termination().requested())
                .toList(),
            context);
        runThreads(clones, failed, control, context);
      } finally {
        clones.forEach(JobClone::close);
        unlink(clones);
      }
      steadyState.close();
      sampling.close(); // the samples are read once the helpers have stopped
      List<JobResults.Clone> results = new ArrayList<>();
      for (JobClone clone : clones) {
        SteadyStateMonitor.Subject subject = clone.steadyState();
        results.add(clone.result(runStart, subject.result(steadyState.reportedWith(subject))));
      }
      return results;
    }
  }

  /** fio's {@code unlink}: a job's files are removed when it ends. */
  private static void unlink(List<JobClone> clones) {
    for (JobClone clone : clones) {
      if (!clone.spec().fileHandling().unlink()) {
        continue;
      }
      for (IoFile file : clone.files()) {
        try {
          Files.deleteIfExists(file.path);
        } catch (IOException e) {
          // the run's directory is removed after the run in any case; this must not hide the
          // job's own error when it ends by one
          org.slf4j.LoggerFactory.getLogger(BlockEngine.class)
              .warn("unlink=1: removing {} failed: {}", file.name(), e.getMessage());
        }
      }
    }
  }

  /** Drops caches, lays out and opens every clone's files, in the calling thread, as fio does. */
  private static void prepare(List<JobClone> clones, WorkloadContext context) {
    if (clones.stream().anyMatch(c -> c.spec().dropCaches())) {
      long start = context.nanoTime();
      try {
        Caches.dropAll();
      } catch (IOException e) {
        throw new EnvironmentException(
            "drop_caches failed (" + e.getMessage() + "); run as root or leave drop_caches off", e);
      }
      Duration spent = Duration.ofNanos(context.nanoTime() - start);
      clones.stream().filter(c -> c.spec().dropCaches()).forEach(c -> c.addDropCaches(spent));
    }
    try {
      for (JobClone clone : clones) {
        long start = context.nanoTime();
        for (IoFile file : clone.files()) {
          // each clone sets its files up, as each fio thread does: a shared file already big
          // enough is reused, one a write-only job left empty is laid out again
          // as fio's FIO_DISKLESSIO engines, null and filecreate lay nothing out
          if (clone.spec().ioEngine() != IoEngine.NULL
              && clone.spec().ioEngine() != IoEngine.FILECREATE) {
            IoFiles.layOut(file, clone.spec(), clone.content());
          }
        }
        clone.addLayout(Duration.ofNanos(context.nanoTime() - start));
      }
      for (JobClone clone : clones) {
        clone.open();
      }
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "preparing the job's files failed: " + e.getMessage(),
          e);
    }
  }

  private static void runThreads(
      List<JobClone> clones, AtomicBoolean failed, ExitControl control, WorkloadContext context) {
    AtomicReference<Throwable> error = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    for (JobClone clone : clones) {
      Thread thread =
          new Thread(
              () -> {
                boolean started = false;
                try {
                  // a failure elsewhere fails the run: a clone still waiting never starts
                  started = control.awaitStart(clone) && !failed.get();
                  if (started) {
                    if (clone.spec().cpus().any()) {
                      ThreadPlacement.apply(
                          clone.spec().cpus(), clone.threadNumber(), CpuTopology.system());
                    }
                    if (control.waits(clone.job())) {
                      prepare(List.of(clone), context);
                    }
                    clone.run();
                  }
                } catch (Throwable t) {
                  failed.set(true);
                  error.compareAndSet(null, t);
                } finally {
                  // exitall's stop first: a clone the flow held back stops with it, rather than
                  // running free between this one leaving the flow and the stop (in fio, the
                  // reap loop's interval; here a preemption of this thread)
                  control.ended(clone, started);
                  clone.leaveFlow();
                }
              },
              "fsbench-job-" + clone.spec().name());
      threads.add(thread);
    }
    threads.forEach(Thread::start);
    boolean interrupted = Threads.joinAll(threads, () -> failed.set(true));
    Throwable t = error.get();
    if (t instanceof FsBenchException e) {
      throw e;
    }
    if (t instanceof NativeIoException e) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
    }
    if (t instanceof RuntimeException e) {
      throw e;
    }
    if (t instanceof Error e) {
      throw e;
    }
    if (t != null) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, t.getMessage(), t);
    }
    if (interrupted) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "the run was interrupted");
    }
  }
}
