package io.fsbench.core.compare;

import io.fsbench.api.Metric;
import io.fsbench.api.NamedWorkload;
import io.fsbench.api.WorkloadResult;
import java.util.List;
import java.util.Objects;

/**
 * A result under the name of the {@link NamedWorkload} that ran, so that it lands in that
 * workload's cell: {@code files-1m} runs a tree spec whose own result is named {@code tree}.
 *
 * @param workload the name the comparison knows the workload by
 * @param result what the runner returned
 */
record NamedResult(String workload, WorkloadResult result) implements WorkloadResult {

  NamedResult {
    Objects.requireNonNull(workload, "workload");
    Objects.requireNonNull(result, "result");
  }

  /** The result under the workload's name; itself when the names already agree. */
  static WorkloadResult of(String workload, WorkloadResult result) {
    return result.workload().equals(workload) ? result : new NamedResult(workload, result);
  }

  @Override
  public List<Metric> metrics() {
    return result.metrics();
  }

  @Override
  public Metric headline() {
    return result.headline();
  }

  @Override
  public List<Metric> headlines() {
    return result.headlines();
  }
}
