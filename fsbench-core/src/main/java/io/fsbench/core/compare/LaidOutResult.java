package io.fsbench.core.compare;

import io.fsbench.api.Metric;
import io.fsbench.api.Unit;
import io.fsbench.api.WorkloadResult;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A run's result with its files' {@link LayoutScore} added as the metric {@code layout.score}, so
 * that fresh and aged cells show how fragmented the files they read were. The headlines stay the
 * run's.
 */
record LaidOutResult(WorkloadResult result, double score) implements WorkloadResult {

  static final String METRIC = "layout.score";

  /** The result with the score, or the result alone when there is none. */
  static WorkloadResult of(WorkloadResult result, OptionalDouble score) {
    return score.isPresent() ? new LaidOutResult(result, score.getAsDouble()) : result;
  }

  @Override
  public String workload() {
    return result.workload();
  }

  @Override
  public List<Metric> metrics() {
    List<Metric> metrics = new ArrayList<>(result.metrics());
    metrics.add(Metric.of(METRIC, score, Unit.RATIO));
    return metrics;
  }

  @Override
  public Metric headline() {
    return result.headline();
  }

  @Override
  public List<Metric> headlines() {
    return result.headlines();
  }

  @Override
  public java.util.Optional<String> toolText() {
    return result.toolText();
  }

  @Override
  public java.util.Optional<String> toolCsv() {
    return result.toolCsv();
  }

  @Override
  public java.util.Optional<String> toolJson() {
    return result.toolJson();
  }
}
