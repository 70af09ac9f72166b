package io.fsbench.core.workload.metadata;

import io.fsbench.core.engine.WorkloadContext;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Shared by the threads of a run: stops them all when one fails or the run is cancelled, and
 * reports progress. Threads check in every {@value #EVERY} files, so the cost per file is a modulo.
 */
final class RunControl {

  static final int EVERY = 256;

  private final WorkloadContext context;
  private final long totalWork;
  private final AtomicLong done = new AtomicLong();
  private volatile boolean stopped;
  private volatile boolean cancelled;

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

  boolean stopped() {
    return stopped;
  }

  boolean cancelled() {
    return cancelled;
  }
}
