package io.fsbench.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an {@link FsMarkSpec} run measured: one {@link FsMarkPhaseResult} per phase, in the order
 * they ran. The headline is the create phase's files per second over wall time.
 *
 * @param spec the spec that ran, with every effective parameter
 * @param syncCall what the runner called where fs_mark calls sync(): {@code sync}, {@code syncfs},
 *     or {@code none} when the sync policy never calls it
 * @param phases the phases in the order they ran
 */
public record FsMarkResult(FsMarkSpec spec, String syncCall, List<FsMarkPhaseResult> phases)
    implements WorkloadResult {

  public FsMarkResult {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(syncCall, "syncCall");
    phases = List.copyOf(phases);
    if (phases.isEmpty()) {
      throw new IllegalArgumentException("an fsmark result needs at least one phase");
    }
  }

  @Override
  public String workload() {
    return spec.name();
  }

  public Optional<FsMarkPhaseResult> phase(MetadataOperation operation) {
    return phases.stream().filter(p -> p.operation() == operation).findFirst();
  }

  /**
   * Whether a phase was cut short by a request to finish early; the phases after it did not run.
   */
  public boolean cutShort() {
    return phases.stream().anyMatch(FsMarkPhaseResult::cutShort);
  }

  @Override
  public List<Metric> metrics() {
    List<Metric> metrics = new ArrayList<>();
    for (FsMarkPhaseResult phase : phases) {
      metrics.addAll(phase.metrics());
    }
    return List.copyOf(metrics);
  }

  @Override
  public Metric headline() {
    FsMarkPhaseResult first = phases.get(0);
    return Metric.of(
        first.operation().key() + ".files_per_sec", first.filesPerSec(), Unit.FILES_PER_SEC);
  }
}
