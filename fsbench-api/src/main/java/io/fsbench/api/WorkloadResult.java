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
   * The run as its reference tool prints it, where fsbench reproduces that tool's report
   * (bonnie++'s table, IOzone's table), with fsbench's own notes: the run's text output in place of
   * the metric list; empty for families whose text is their metrics.
   */
  default Optional<String> toolText() {
    return Optional.empty();
  }

  /**
   * The reference tool's own CSV (bonnie++'s line, which its bon_csv2txt and bon_csv2html read;
   * IOzone's Excel report), with its newline; empty for families whose CSV is their metrics.
   */
  default Optional<String> toolCsv() {
    return Optional.empty();
  }

  /**
   * The run's full detail as one JSON object (filebench's per-flowop lines, IO Summary, samples,
   * CPU and dataset), where a flat list of metrics would lose its structure; JSON output places it
   * under {@code "tool"}. Empty for families whose JSON is their metrics.
   *
   * <pre>{@code
   * result.toolJson().ifPresent(json -> Files.writeString(Path.of("filebench.json"), json));
   * }</pre>
   */
  default Optional<String> toolJson() {
    return Optional.empty();
  }

  default Optional<Metric> metric(String name) {
    return metrics().stream().filter(m -> m.name().equals(name)).findFirst();
  }
}
