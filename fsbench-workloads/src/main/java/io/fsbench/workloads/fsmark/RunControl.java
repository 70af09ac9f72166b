package io.fsbench.workloads.fsmark;

import io.fsbench.core.engine.WorkloadContext;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Shared by the threads of a run: stops them all when one fails, the run is cancelled or asked to
 * finish, and reports progress. Threads check for a cancel every {@value #EVERY} files, so the cost
 * per file is a modulo; a stop or finish is seen at the next file.
 */
final class RunControl {

  static final int EVERY = 256;

  private final WorkloadContext context;
  private final long totalWork;
  private final AtomicLong done = new AtomicLong();
  private volatile boolean stopped;
  private volatile boolean cancelled;
  private volatile boolean finished;

  RunControl(WorkloadContext context, long totalWork) {
    this.context = context;
    this.totalWork = Math.max(totalWork, 1);
  }

  /** Whether thread {@code thread} should go on with its file number {@code i}. */
  boolean proceed(int thread, long i) {
    if (i % EVERY == 0 && i > 0) {
      long d = done.addAndGet(EVERY);
      if (thread == 0) {
        context.progress(Math.min(1.0, (double) d / totalWork));
      }
      if (context.cancelled()) {
        cancelled = true;
        stopped = true;
      }
    }
    return !stopped;
  }

  /** Stops every thread at its next check, e.g. because one of them failed. */
  void stop() {
    stopped = true;
  }

  /**
   * Ends the run early with a result: every thread stops after the file it is at (mdtest's
   * stonewall), and no later phase starts.
   */
  void finish() {
    finished = true;
    stopped = true;
  }

  /** Whether the run was asked to finish early. */
  boolean finished() {
    return finished;
  }

  boolean stopped() {
    return stopped;
  }

  boolean cancelled() {
    return cancelled;
  }
}
