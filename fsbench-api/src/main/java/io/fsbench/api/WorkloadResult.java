package io.fsbench.api;

import java.util.List;
import java.util.Optional;

/**
 * What running a {@link Workload} measured, as named metrics. Each kind of workload has its own
 * result record with its full detail; this view is what comparisons and generic reports use.
 */
public interface WorkloadResult {

  /** The name of the workload that ran. */
  String workload();

  /** Every number measured, each with its unit. */
  List<Metric> metrics();

  /** The one metric that summarises the run (throughput, rate or time), for tables and charts. */
  Metric headline();

  /**
   * The metrics a comparison shows as rows of their own, the headline first: one for most
   * workloads, one per timed step for those that time several (filesystem creation, mount and
   * unmount; each phase of a tree workload).
   */
  default List<Metric> headlines() {
    return List.of(headline());
  }

  /**
   * The reference tool's own report of the run, as the tool prints it (IOzone's table, say), for
   * {@code --output-format text}; empty for families whose text is their metrics.
   */
  default Optional<String> toolReport() {
    return Optional.empty();
  }

  /**
   * The reference tool's own spreadsheet layout as CSV (IOzone's Excel report), for {@code
   * --output-format csv}; empty for families without one, whose CSV is their metrics.
   */
  default Optional<String> toolCsv() {
    return Optional.empty();
  }

  default Optional<Metric> metric(String name) {
    return metrics().stream().filter(m -> m.name().equals(name)).findFirst();
  }
}
