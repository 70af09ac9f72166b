package io.fsbench.core.engine.block;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobResult;
import io.fsbench.api.JobSpec;
import io.fsbench.core.engine.Footprint;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.core.jobfile.FioOptionTable;
import io.fsbench.core.jobfile.JobFile;
import io.fsbench.core.text.HumanText;
import io.fsbench.spi.WorkloadCapability;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/** Runs one {@link JobSpec} as a comparison cell: its clones reported as one group. */
public final class BlockJobRunner implements WorkloadRunner<JobSpec> {

  /**
   * Why block jobs do not run in a shared directory: their files are shared through fio's own
   * means.
   */
  public static final String NOT_SHARED =
      "block jobs share files through filename= (one file that every client opens), not by"
          + " tagging names; run them without a shared directory";

  private final BlockEngine engine = new BlockEngine();

  @Override
  public Class<JobSpec> specType() {
    return JobSpec.class;
  }

  /**
   * Asked to finish, its threads stop after the I/O under way; fio has no CSV output, so a block
   * job is written as fio writes it.
   */
  @Override
  public Set<WorkloadCapability> capabilities() {
    return EnumSet.of(WorkloadCapability.FINISHES_EARLY);
  }

  @Override
  public JobResult run(JobSpec spec, WorkloadContext context) {
    JobFile.Job job = new JobFile.Job(spec, 0, true, FioOptionTable.effective(spec));
    List<JobResult> results = engine.run(List.of(job), context);
    return results.get(0);
  }

  @Override
  public Optional<String> cannotShare(JobSpec spec) {
    return Optional.of(NOT_SHARED);
  }

  /** A CPU or NUMA node the machine lacks is refused before any volume is made. */
  @Override
  public void check(JobSpec spec) {
    io.fsbench.core.nativeio.CpuTopology.system().require(spec.cpus());
  }

  @Override
  public Footprint footprint(JobSpec job) {
    return new Footprint(
        job.effectiveIoSize().bytes() * job.numJobs(), (long) job.nrFiles() * job.numJobs());
  }

  /** A block job's parameters are its effective fio options. */
  @Override
  public Map<String, String> parameters(JobSpec job) {
    return FioOptionTable.effective(job);
  }

  @Override
  public OptionalLong workingSet(JobSpec job) {
    return OptionalLong.of(job.effectiveIoSize().bytes() * job.numJobs());
  }

  /**
   * A time-based job runs for the comparison's runtime; a job that ends when its size is done
   * cannot, and is refused rather than run for another length than asked.
   */
  @Override
  public JobSpec withRuntime(JobSpec job, Duration runtime) {
    if (runtime.isZero()) {
      return job;
    }
    if (!job.timeBased()) {
      throw new InvalidInputException(
          "runtime ("
              + HumanText.duration(runtime)
              + ") conflicts with workload "
              + job.name()
              + ", which ends when its size is done (time_based off)"
              + (job.runtime().isZero() ? "" : " within " + HumanText.duration(job.runtime()))
              + "; drop the runtime, or make the workload time based");
    }
    return job.toBuilder().runtime(runtime).build();
  }

  /** The job with its clones pinned to {@code cpus}, as {@code cpus_allowed} does. */
  @Override
  public JobSpec pinned(JobSpec job, java.util.List<Integer> cpus) {
    return job.toBuilder().cpus(job.cpus().cpus(cpus)).build();
  }
}
