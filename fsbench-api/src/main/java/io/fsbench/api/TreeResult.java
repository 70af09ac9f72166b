package io.fsbench.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link TreeSpec} or {@link LargeFileSpec} run measured, one {@link TreePhaseResult} per
 * phase in the order they ran. The headline is the first phase's time in seconds.
 *
 * @param spec the spec that ran
 * @param cachesDropped whether the page cache was dropped before each phase (cold); otherwise the
 *     phases ran warm, right after the step before them
 * @param phases the phases in the order they ran
 */
public record TreeResult(Workload spec, boolean cachesDropped, List<TreePhaseResult> phases)
    implements WorkloadResult {

  public TreeResult {
    Objects.requireNonNull(spec, "spec");
    phases = List.copyOf(phases);
    if (phases.isEmpty()) {
      throw new IllegalArgumentException("a tree result needs at least one phase");
    }
  }

  @Override
  public String workload() {
    return spec.name();
  }

  public Optional<TreePhaseResult> phase(TreePhase phase) {
    return phases.stream().filter(p -> p.phase() == phase).findFirst();
  }

  /**
   * Whether a phase was cut short by a request to finish early; the phases after it did not run.
   */
  public boolean cutShort() {
    return phases.stream().anyMatch(TreePhaseResult::cutShort);
  }

  @Override
  public List<Metric> metrics() {
    List<Metric> metrics = new ArrayList<>();
    for (TreePhaseResult phase : phases) {
      metrics.addAll(phase.metrics());
    }
    return List.copyOf(metrics);
  }

  @Override
  public Metric headline() {
    return seconds(phases.get(0));
  }

  /** Each phase's time, in the order they ran: a row each in the classic comparisons. */
  @Override
  public List<Metric> headlines() {
    return phases.stream().map(TreeResult::seconds).toList();
  }

  private static Metric seconds(TreePhaseResult phase) {
    return Metric.of(phase.phase().key() + ".seconds", phase.seconds(), Unit.SECONDS);
  }
}
