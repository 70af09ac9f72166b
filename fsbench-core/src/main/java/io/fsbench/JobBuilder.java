package io.fsbench;

import io.fsbench.api.JobSpecBuilder;
import io.fsbench.api.RunResult;

/**
 * A block I/O job with fio's options and defaults, run on its {@link Session} by {@link #run()}.
 * Every option of {@link JobSpecBuilder} is here, named after fio's.
 *
 * <pre>{@code
 * RunResult result = FsBench.on("xfs")
 *     .randWrite(kib(4))
 *     .size(mib(256))
 *     .runtime(Duration.ofSeconds(8)).timeBased()
 *     .ioDepth(32).direct()
 *     .run();
 * long p99 = result.jobs().get(0).write().clat().percentile(99.0).orElseThrow();
 * }</pre>
 */
public final class JobBuilder extends JobSpecBuilder<JobBuilder> {

  private final Session session;
  private boolean groupReporting;

  JobBuilder(Session session) {
    this.session = session;
  }

  @Override
  protected JobBuilder self() {
    return this;
  }

  /** Reports the {@code numJobs} clones as one job, fio's {@code group_reporting}. */
  public JobBuilder groupReporting() {
    return groupReporting(true);
  }

  public JobBuilder groupReporting(boolean on) {
    this.groupReporting = on;
    return this;
  }

  /** Builds the job (every value is checked now) and runs it on the session's volume. */
  public RunResult run() {
    return session.run(build(), groupReporting);
  }
}
