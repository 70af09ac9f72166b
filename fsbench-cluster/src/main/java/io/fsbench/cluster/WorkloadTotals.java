package io.fsbench.cluster;

import io.fsbench.api.Metric;
import io.fsbench.api.WorkloadResult;
import java.util.List;
import java.util.Objects;

/**
 * The result of a workload other than block jobs (fsmark, tree, postmark, a filebench personality)
 * in a cluster run: for each client, its result's metrics and its phases' counts; for the
 * aggregate, what adds exactly across clients and what is derived from it, with the metrics that
 * are not aggregated named rather than averaged.
 *
 * <pre>{@code
 * WorkloadTotals all = (WorkloadTotals) result.aggregate().result();
 * long created = all.phases().get(0).files(); // the sum of every client's created files
 * }</pre>
 *
 * @param workload the workload's name
 * @param phases the phases in the order they ran (empty for a workload without phases)
 * @param metrics a client's: every metric its result had; the aggregate's: the summed counts and
 *     bytes, each phase's time (the union of the clients' windows) and the rates over it
 * @param headlineName the metric that summarises the run, as the workload's own result names it
 * @param notAggregated the metrics of the clients the aggregate leaves out, by name: latency
 *     percentiles (the clients send no histograms to merge) and rates whose operations the result
 *     does not count; empty for a client
 */
public record WorkloadTotals(
    String workload,
    List<PhaseTotals> phases,
    List<Metric> metrics,
    String headlineName,
    List<String> notAggregated)
    implements WorkloadResult {

  public WorkloadTotals {
    Objects.requireNonNull(workload, "workload");
    phases = List.copyOf(phases);
    metrics = List.copyOf(metrics);
    Objects.requireNonNull(headlineName, "headlineName");
    notAggregated = List.copyOf(notAggregated);
    if (metrics.isEmpty()) {
      throw new IllegalArgumentException("workload " + workload + " reported no metric");
    }
  }

  /** The workload's own headline where the aggregate has it, else its first metric. */
  @Override
  public Metric headline() {
    return metric(headlineName).orElse(metrics.get(0));
  }
}
