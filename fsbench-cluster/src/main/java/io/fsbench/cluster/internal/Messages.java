package io.fsbench.cluster.internal;

import io.fsbench.api.JobResult;
import io.fsbench.cluster.ClusterWork;
import io.fsbench.cluster.WorkloadTotals;
import java.util.List;
import java.util.Map;

/**
 * The messages of a cluster run, in the order a run sends them. Each is a record sent as JSON by
 * {@link Wire}; every reply names the run it answers, so that a late answer to an earlier run is
 * never taken for one of this run.
 */
public final class Messages {

  private Messages() {}

  /** Controller to all: who is there, and with which version? */
  public record Hello(String version, String controller) {}

  /** Agent to controller: here, with this version, allowed these directories, busy or not. */
  public record Here(
      String version, String hostname, String address, List<String> allowed, boolean busy) {}

  /** Controller to agent: one exchange of the clock-offset measurement. */
  public record Ping(long seq, long sentMicros) {}

  /** Agent to controller: the ping back, with the agent's clock when it answered. */
  public record Pong(long seq, long sentMicros, long agentMicros) {}

  /**
   * Controller to agent: take part in this run as client {@code index} of {@code clients}, running
   * {@code work} ({@code options} for a job of fio options), in {@code directory} itself with names
   * tagged by {@code index} when {@code sharedDir}, waiting at a barrier before each phase when
   * {@code phaseBarriers}, visiting client {@code (index + m * neighbourStride) mod clients}'s
   * files in its m-th phase after create when {@code neighbourStride} is not 0.
   */
  public record Prepare(
      String runId,
      String version,
      List<String> options,
      String directory,
      boolean perClientDir,
      int index,
      int clients,
      ClusterWork work,
      boolean sharedDir,
      boolean phaseBarriers,
      int neighbourStride) {}

  /** Agent to controller: prepared, waiting for the start. */
  public record Ready(String runId) {}

  /** Agent to controller: it will not take part, and why. */
  public record Refused(String runId, String reason) {}

  /** Controller to agent: start when the agent's own clock reads {@code atAgentMicros}. */
  public record Start(String runId, long atAgentMicros) {}

  /**
   * Agent to controller: it reached barrier {@code seq} (0 before the first phase, 1 before the
   * second, ...), before {@code phase} ({@code end} after the last), and waits there.
   */
  public record Arrived(String runId, int seq, String phase) {}

  /** Controller to agents: every client reached barrier {@code seq}; start the phase. */
  public record Go(String runId, int seq) {}

  /** Agent to controller: what it measured. */
  public record Done(String runId, ClientReport report) {}

  /**
   * Controller to agents: another client finished first; end the run now and send what it did (a
   * stonewalled run).
   */
  public record Stonewall(String runId) {}

  /** Agent to controller: its run failed; nothing was measured. */
  public record Failed(String runId, String phase, String reason) {}

  /** Controller to agents: stop this run and release everything; it is invalid. */
  public record Abort(String runId, String reason) {}

  /** Agent to controller: stopped, everything released. */
  public record Aborted(String runId) {}

  /**
   * One client's result as sent: the block jobs' results in full (histograms included, so that the
   * controller merges them exactly) or, for another workload, its totals (null for block jobs),
   * where and with what it ran, and its time window in its own clock, in microseconds since the
   * epoch.
   */
  public record ClientReport(
      String hostname,
      String address,
      String fsbenchVersion,
      long timestampMs,
      String workload,
      Map<String, String> parameters,
      List<JobResult> jobs,
      Map<String, String> environment,
      long environmentMs,
      String directory,
      String mountOptions,
      String fileSystemType,
      long startedMicros,
      long ioStartMicros,
      long ioEndMicros,
      WorkloadTotals totals) {}
}
