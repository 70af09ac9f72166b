package io.fsbench.api;

import java.util.Objects;

/**
 * How a job's I/Os are issued: by how many clones, how many in flight, through which engine, from
 * which CPUs and at which priority, and what happens when one fails. One of the groups of a {@link
 * JobSpec}; the builder's flat verbs fill it.
 *
 * <pre>{@code
 * JobSubmission submission =
 *     JobSpec.randWrite(Size.kib(4)).numJobs(4).ioDepth(32).direct().build().submission();
 * }</pre>
 *
 * @param numJobs clones of this job, run concurrently
 * @param ioDepth I/Os kept in flight per clone
 * @param direct O_DIRECT
 * @param ioEngine how I/O is submitted
 * @param submitMode fio's {@code io_submit_mode}: whether the job's thread issues its I/Os or a
 *     pool of threads does
 * @param priority fio's {@code prio} and {@code prioclass}: the I/O priority of each clone's thread
 * @param commandPriorities fio's {@code cmdprio*}: the priorities some I/Os carry in their requests
 * @param cpus where the job's threads run: fio's {@code cpus_allowed}, {@code nice} and NUMA
 *     options
 * @param latencyTarget fio's {@code latency_target} and its window, percentile and {@code
 *     latency_run}: the queue depth the job probes for
 * @param flow fio's {@code flow}, {@code flow_id} and {@code flow_sleep}: the job's weight among
 *     the jobs of its flow that run with it
 * @param errors which I/O errors the job counts and carries on after: fio's {@code
 *     continue_on_error}, {@code ignore_error}, {@code error_dump}
 */
public record JobSubmission(
    int numJobs,
    int ioDepth,
    boolean direct,
    IoEngine ioEngine,
    SubmitMode submitMode,
    IoPriority priority,
    CommandPriorities commandPriorities,
    CpuPlacement cpus,
    LatencyTarget latencyTarget,
    Flow flow,
    ErrorHandling errors) {

  public JobSubmission {
    Objects.requireNonNull(ioEngine, "ioEngine");
    Objects.requireNonNull(submitMode, "submitMode");
    Objects.requireNonNull(priority, "priority");
    Objects.requireNonNull(commandPriorities, "commandPriorities");
    Objects.requireNonNull(cpus, "cpus");
    Objects.requireNonNull(latencyTarget, "latencyTarget");
    Objects.requireNonNull(flow, "flow");
    Objects.requireNonNull(errors, "errors");
    JobSpecRules.range("numjobs", numJobs, 1, 4096);
    JobSpecRules.range("iodepth", ioDepth, 1, 65_536);
  }
}
