package io.fsbench.core.engine.block;

import io.fsbench.core.jobfile.JobControl;
import io.fsbench.core.jobfile.JobFile;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * fio 3.33's job control over a whole run: {@code wait_for} (a clone starts when every clone of the
 * named earlier job has ended, as {@code waitee_running} checks) and {@code exitall} with {@code
 * exit_what} (when a clone ends, {@code fio_terminate_threads} stops its group's clones, started or
 * not; or every running clone; or every clone, including those of later stonewalls). A clone that
 * is stopped ends in turn and stops what its own {@code exit_what} names, as in fio.
 */
final class ExitControl {

  private final Map<JobFile.Job, CountDownLatch> ended = new IdentityHashMap<>();
  private final Map<JobFile.Job, JobFile.Job> waitees = new IdentityHashMap<>();
  private final List<JobClone> clones = new ArrayList<>();
  private final List<JobClone> running = new ArrayList<>();
  private boolean allStopped;

  ExitControl(List<JobFile.Job> jobs) {
    for (int i = 0; i < jobs.size(); i++) {
      JobFile.Job job = jobs.get(i);
      ended.put(job, new CountDownLatch(job.spec().numJobs()));
      String waitFor = job.control().waitFor();
      for (int w = 0; w < i && !waitFor.isEmpty(); w++) {
        if (jobs.get(w).spec().name().equals(waitFor)) {
          waitees.put(job, jobs.get(w)); // JobFile made sure there is exactly one
        }
      }
    }
  }

  /** Whether {@code job} starts only after another job has ended. */
  boolean waits(JobFile.Job job) {
    return waitees.containsKey(job);
  }

  /** A clone made; a run whose jobs were all stopped never starts it. */
  synchronized void add(JobClone clone) {
    clones.add(clone);
    if (allStopped) {
      clone.termination().request();
    }
    if (!waits(clone.job())) {
      // running from its batch's start, as fio marks a batch's threads running before they go:
      // a job that ends at once still stops one whose thread has yet to be scheduled
      running.add(clone);
    }
  }

  /**
   * Waits, on the clone's thread, until the job it waits for has ended; false when the clone was
   * stopped meanwhile (or before), so that it never starts.
   */
  boolean awaitStart(JobClone clone) {
    JobFile.Job waitee = waitees.get(clone.job());
    clone.termination().enter();
    try {
      if (waitee != null) {
        ended.get(waitee).await();
      }
    } catch (InterruptedException e) {
      // a request to stop woke it: it never starts
    } finally {
      clone.termination().leave();
    }
    synchronized (this) {
      if (clone.termination().requested()) {
        return false;
      }
      if (!running.contains(clone)) {
        running.add(clone);
      }
      return true;
    }
  }

  /**
   * A clone has ended, or never {@code started}: wake its waiters, and stop what exitall names
   * (only for one that ran, as fio's terminate call is at the end of a thread's main).
   */
  void ended(JobClone clone, boolean started) {
    synchronized (this) {
      running.remove(clone);
      JobControl control = clone.job().control();
      if (started && control.exitAll()) {
        stop(clone.job().groupId(), control.exitWhat());
      }
    }
    ended.get(clone.job()).countDown();
  }

  /** Stops every clone, started or not, as exit_what=all does: the run is asked to finish. */
  synchronized void stopAll() {
    stop(-1, JobControl.ExitWhat.ALL);
  }

  private void stop(int group, JobControl.ExitWhat what) {
    List<JobClone> targets =
        switch (what) {
          case GROUP -> clones.stream().filter(c -> c.job().groupId() == group).toList();
          case STONEWALL -> List.copyOf(running);
          case ALL -> List.copyOf(clones);
        };
    if (what == JobControl.ExitWhat.ALL) {
      allStopped = true;
    }
    targets.forEach(c -> c.termination().request());
  }
}
