package io.fsbench.cluster.internal;

import io.fsbench.api.FsMarkPhaseResult;
import io.fsbench.api.FsMarkResult;
import io.fsbench.api.MetadataOperation;
import io.fsbench.api.TreePhaseResult;
import io.fsbench.api.TreeResult;
import io.fsbench.api.WorkloadResult;
import io.fsbench.cluster.PhaseTotals;
import io.fsbench.cluster.WorkloadTotals;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A client's workload result as it travels: its metrics, and its phases' counts where the result
 * counts them (fs_mark's and a tree's), which is what the controller adds up exactly.
 */
final class ClientTotals {

  private ClientTotals() {}

  /**
   * {@code workload} names it as the run does ({@code filebench:varmail}): a filebench result names
   * the file it ran, which on an agent is a temporary copy. The phases' starts, on the system clock
   * in the result, are moved by {@code toAgentMicros} into the agent's clock, the one its
   * controller measured the offset of.
   */
  static WorkloadTotals of(String workload, WorkloadResult result, long toAgentMicros) {
    List<PhaseTotals> phases =
        phases(result).stream().map(p -> PhaseWindows.shifted(p, toAgentMicros)).toList();
    return new WorkloadTotals(
        workload, phases, result.metrics(), result.headline().name(), List.of());
  }

  private static List<PhaseTotals> phases(WorkloadResult result) {
    if (result instanceof FsMarkResult fsmark) {
      long fileSize = fsmark.spec().fileSize().bytes();
      return fsmark.phases().stream().map(p -> phase(p, fileSize)).toList();
    }
    if (result instanceof TreeResult tree) {
      return tree.phases().stream().map(ClientTotals::phase).toList();
    }
    return List.of();
  }

  private static Instant started(Optional<Instant> started, String phase) {
    // every runner of this version times its phases; the handshake refuses other versions
    return started.orElseThrow(
        () -> new IllegalStateException("the " + phase + " phase's result has no start time"));
  }

  /**
   * fs_mark writes every file whole when it creates it and reads it whole; no other phase moves
   * data.
   */
  private static PhaseTotals phase(FsMarkPhaseResult phase, long fileSize) {
    boolean data =
        phase.operation() == MetadataOperation.CREATE
            || phase.operation() == MetadataOperation.READ;
    String key = phase.operation().key();
    return PhaseTotals.of(
        key,
        phase.files(),
        0,
        data ? phase.files() * fileSize : 0,
        started(phase.started(), key),
        phase.wallTime());
  }

  private static PhaseTotals phase(TreePhaseResult phase) {
    String key = phase.phase().key();
    return PhaseTotals.of(
        key,
        phase.files(),
        phase.directories(),
        phase.bytes(),
        started(phase.started(), key),
        phase.time());
  }
}
