package io.fsbench.cluster;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.Metric;
import io.fsbench.api.Unit;
import io.fsbench.api.WorkloadResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One repetition of a cluster comparison's cell, as the comparison records it: the "All clients"
 * aggregate's result under the cell's workload name (its headline the comparison's statistics
 * take), two metrics of the run itself, and the whole cluster result in fio's client-mode JSON
 * ({@link #toolJson()}), each client's result in it, so that nothing of the run is lost.
 *
 * @param workload the cell's workload name
 * @param aggregate the aggregate's result: a block workload's "All clients" job, another workload's
 *     {@link WorkloadTotals}
 * @param run {@link #START_SKEW} and {@link #CLIENT_SPREAD}
 * @param json the cluster result as {@link ClusterReports#json} writes it
 */
record ClusterRepetition(String workload, WorkloadResult aggregate, List<Metric> run, String json)
    implements WorkloadResult {

  /** The spread of the clients' actual starts, seconds. */
  static final String START_SKEW = "cluster.start_skew";

  /**
   * How far apart the clients' own headlines are: (highest - lowest) / mean, percent; 0 for one
   * client.
   */
  static final String CLIENT_SPREAD = "cluster.client_spread";

  ClusterRepetition {
    Objects.requireNonNull(workload, "workload");
    Objects.requireNonNull(aggregate, "aggregate");
    run = List.copyOf(run);
    Objects.requireNonNull(json, "json");
  }

  /**
   * The repetition of {@code result}, a cluster run of workload {@code workload}.
   *
   * @throws FsBenchException when the run has several results per client (a block workload of
   *     several jobs), which one cell cannot compare
   */
  static ClusterRepetition of(String workload, ClusterResult result) {
    List<WorkloadResult> results = result.aggregate().results();
    if (results.size() != 1) {
      throw new FsBenchException(
          FsBenchException.Kind.BAD_INPUT,
          "workload "
              + workload
              + " gave "
              + results.size()
              + " results per run ("
              + results.stream().map(WorkloadResult::workload).toList()
              + "); a cell compares one: report its jobs as one group (group_reporting=1)");
    }
    List<Metric> run =
        List.of(
            Metric.of(START_SKEW, result.startSkew().toNanos() / 1e9, Unit.SECONDS),
            Metric.of(CLIENT_SPREAD, spread(result), Unit.PERCENT));
    return new ClusterRepetition(workload, results.get(0), run, ClusterReports.json(result, false));
  }

  /** (highest - lowest) / mean of the clients' own headlines, percent. */
  static double spread(ClusterResult result) {
    double[] values =
        result.clients().stream().mapToDouble(c -> c.run().result().headline().value()).toArray();
    double mean = java.util.Arrays.stream(values).average().orElse(0);
    if (values.length < 2 || mean == 0) {
      return 0;
    }
    double max = java.util.Arrays.stream(values).max().orElse(0);
    double min = java.util.Arrays.stream(values).min().orElse(0);
    return (max - min) / mean * 100;
  }

  @Override
  public List<Metric> metrics() {
    List<Metric> all = new ArrayList<>(aggregate.metrics());
    all.addAll(run);
    return all;
  }

  @Override
  public Metric headline() {
    return aggregate.headline();
  }

  @Override
  public List<Metric> headlines() {
    return aggregate.headlines();
  }

  @Override
  public Optional<String> toolJson() {
    return Optional.of(json);
  }
}
