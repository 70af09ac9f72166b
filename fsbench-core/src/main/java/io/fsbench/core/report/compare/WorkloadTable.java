package io.fsbench.core.report.compare;

import io.fsbench.api.BaselineRatio;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.MetricSummary;
import io.fsbench.api.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One workload's rows as every human-readable report shows them: its headline metric, the scale its
 * numbers are shown in, and per cell the summary and the "vs baseline" label.
 *
 * @param workload the workload name
 * @param metric the headline metric's name
 * @param unit its unit
 * @param scale the scale every number of this table is shown in
 * @param rows one per cell, in report order
 * @param note what the rows depend on besides the filesystem, said with them; empty for none
 */
record WorkloadTable(
    String workload, String metric, Unit unit, Scale scale, List<Row> rows, String note) {

  /**
   * One cell's row.
   *
   * @param cell the cell
   * @param summary its headline summary; empty when it has no measured run
   * @param vsBaseline the "vs baseline" label
   */
  record Row(ComparisonCell cell, Optional<MetricSummary> summary, String vsBaseline) {}

  /**
   * A table per workload and row metric ({@link ComparisonCell#headlineMetrics()}): one for most
   * workloads, one per timed step for those that time several, such as the tree phases.
   */
  static List<WorkloadTable> of(Comparison comparison) {
    List<WorkloadTable> tables = new ArrayList<>();
    String baseline = comparison.settings().baseline();
    // mkfs time grows with what it formats, and one image size serves every workload compared.
    String mkfsNote =
        comparison
            .settings()
            .imageSize()
            .map(size -> "on a " + size + " image sized for all workloads")
            .orElse("at the target's size");
    for (String workload : comparison.workloads()) {
      List<ComparisonCell> cells = comparison.cellsOf(workload);
      List<String> metrics = new ArrayList<>();
      for (ComparisonCell cell : cells) {
        cell.headlineMetrics().stream().filter(m -> !metrics.contains(m)).forEach(metrics::add);
      }
      if (metrics.isEmpty()) {
        metrics.add(""); // every cell failed before a run: one table of failures
      }
      for (String metric : metrics) {
        tables.add(
            table(workload, metric, cells, baseline, metric.startsWith("mkfs.") ? mkfsNote : ""));
      }
    }
    return tables;
  }

  /**
   * As {@link #of}, with a table of {@code layout.score} after each workload's own where its cells
   * have one (runs on volumes fsbench made, fresh or aged): how fragmented the files the workload
   * read were. For the results tables only; the overview and the charts stay with the headlines.
   */
  static List<WorkloadTable> withLayout(Comparison comparison) {
    List<WorkloadTable> tables = new ArrayList<>();
    String baseline = comparison.settings().baseline();
    List<WorkloadTable> headlines = of(comparison);
    for (int i = 0; i < headlines.size(); i++) {
      WorkloadTable table = headlines.get(i);
      tables.add(table);
      boolean last =
          i + 1 == headlines.size() || !headlines.get(i + 1).workload().equals(table.workload());
      List<ComparisonCell> cells = comparison.cellsOf(table.workload());
      boolean scored = cells.stream().anyMatch(c -> c.summary(AgedVolumes.LAYOUT).isPresent());
      if (last && scored && !table.metric().equals(AgedVolumes.LAYOUT)) {
        tables.add(
            table(
                table.workload(),
                AgedVolumes.LAYOUT,
                cells,
                baseline,
                "contiguous pieces per file read"));
      }
    }
    return tables;
  }

  private static WorkloadTable table(
      String workload, String metric, List<ComparisonCell> cells, String baseline, String note) {
    List<Row> rows = new ArrayList<>();
    List<MetricSummary> summaries = new ArrayList<>();
    for (ComparisonCell cell : cells) {
      Optional<MetricSummary> summary = cell.summary(metric);
      summary.ifPresent(summaries::add);
      rows.add(new Row(cell, summary, vsBaseline(cell, metric, summary, baseline)));
    }
    Unit unit = summaries.isEmpty() ? Unit.COUNT : summaries.get(0).unit();
    return new WorkloadTable(
        workload, metric, unit, HumanUnits.scaleFor(unit, summaries), List.copyOf(rows), note);
  }

  private static String vsBaseline(
      ComparisonCell cell, String metric, Optional<MetricSummary> summary, String baseline) {
    if (cell.failed()) {
      int n = summary.map(MetricSummary::n).orElse(0);
      return "failed after " + n + (n == 1 ? " run" : " runs");
    }
    return HumanUnits.vsBaseline(cell, metric, baseline);
  }

  /** The row's ratio to the baseline on this table's metric, when it has one. */
  Optional<BaselineRatio> ratio(Row row) {
    return Optional.ofNullable(row.cell().baselineRatios().get(metric));
  }

  String median(Row row) {
    return row.summary().map(s -> scale.number(s.median())).orElse(HumanUnits.ABSENT);
  }

  String mean(Row row) {
    return row.summary().map(s -> scale.number(s.mean())).orElse(HumanUnits.ABSENT);
  }

  String plusMinus(Row row) {
    return row.summary().map(s -> HumanUnits.plusMinus(s, scale)).orElse(HumanUnits.ABSENT);
  }

  String cv(Row row) {
    return row.summary().map(s -> HumanUnits.percent(s.cv())).orElse(HumanUnits.ABSENT);
  }

  String n(Row row) {
    return row.summary().map(s -> Integer.toString(s.n())).orElse("0");
  }

  /**
   * {@code write.iops (IOPS, higher is better)}; with the table's note, e.g. {@code mkfs.seconds
   * (s, lower is better; made on the 34g loop image sized for every workload compared)}.
   */
  String heading() {
    return metric + " (" + HumanUnits.unitNote(scale) + (note.isEmpty() ? "" : "; " + note) + ")";
  }
}
