package io.fsbench.core.report.compare;

import io.fsbench.api.BaselineRatio;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.Tuning;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The whole comparison at a glance, as the classic comparisons print it: a row per workload step, a
 * column per filesystem and tuning, each entry the median and its ratio to the baseline. The
 * per-workload tables after it carry the intervals and the run counts.
 *
 * @param columns the column headings, e.g. {@code ext4} or {@code btrfs compress=zstd:3}
 * @param rows one per {@link WorkloadTable}
 */
record OverviewMatrix(List<String> columns, List<Row> rows) {

  /**
   * One row.
   *
   * @param label {@code workload metric}, after the preset's row in its original table ({@code #19
   *     dd-write-1k}) when the comparison reproduces one
   * @param unit the unit of the row's numbers and which way is better, e.g. {@code s ↓}
   * @param entries one per column: the median and the ratio, or a dash where nothing ran
   * @param ratios one per column: the ratio to the baseline (above 1 is better whichever way the
   *     metric points), empty for the baseline itself and where there is none
   */
  record Row(
      String label, String unit, List<String> entries, List<Optional<BaselineRatio>> ratios) {

    Row(String label, String unit, List<String> entries) {
      this(
          label,
          unit,
          entries,
          entries.stream().map(e -> Optional.<BaselineRatio>empty()).toList());
    }
  }

  /** The legend of the arrows and ratios; the mark of a single run only where there is one. */
  static String legend(Comparison comparison) {
    String baseline = comparison.settings().baseline();
    boolean singleRun =
        comparison.cells().stream()
            .flatMap(c -> c.baselineRatios().values().stream())
            .anyMatch(BaselineRatio::singleRun);
    return "medians (↑ higher, ↓ lower is better)"
        + (baseline.isEmpty()
            ? ""
            : "; 1.07× = 7% better than "
                + baseline
                + ", ≈ = not distinguishable"
                + (singleRun ? ", * = one run (n=1), no interval" : ""));
  }

  /** A ratio that the intervals cannot tell from 1 is shown with ≈. */
  static OverviewMatrix of(Comparison comparison) {
    Map<String, Column> columns = new LinkedHashMap<>();
    for (ComparisonCell cell : comparison.cells()) {
      Column c = new Column(cell.fileSystem(), cell.tuning());
      columns.putIfAbsent(c.heading(), c);
    }
    List<Row> rows = new ArrayList<>();
    List<WorkloadTable> tables = WorkloadTable.of(comparison);
    for (WorkloadTable table : tables) {
      List<String> entries = new ArrayList<>();
      List<Optional<BaselineRatio>> ratios = new ArrayList<>();
      for (Column column : columns.values()) {
        entries.add(entry(table, column));
        ratios.add(ratioOf(table, column));
      }
      String better = table.unit().higherIsBetter() ? " ↑" : " ↓";
      boolean measured = !table.metric().isEmpty(); // else every cell failed before a run
      String label = measured ? label(table, tables) : table.workload();
      String classicRow =
          comparison
              .settings()
              .preset()
              .flatMap(p -> p.row(table.workload(), table.metric()))
              .map(r -> "#" + r + " ")
              .orElse("");
      rows.add(
          new Row(
              classicRow + label,
              measured ? table.scale().heading() + better : "",
              entries,
              ratios));
    }
    return new OverviewMatrix(List.copyOf(columns.keySet()), List.copyOf(rows));
  }

  /**
   * The workload alone when it has one row (its unit says what was measured), else the workload and
   * the step: {@code tree extract} for {@code extract.seconds}, so that four filesystems fit a
   * terminal.
   */
  private static String label(WorkloadTable table, List<WorkloadTable> tables) {
    long rows = tables.stream().filter(t -> t.workload().equals(table.workload())).count();
    if (rows == 1) {
      return table.workload();
    }
    return table.workload() + " " + table.metric().replaceFirst("\\.seconds$", "");
  }

  private record Column(String fileSystem, Tuning tuning) {
    String heading() {
      return tuning.isDefault() ? fileSystem : fileSystem + " " + tuning.label();
    }
  }

  private static String entry(WorkloadTable table, Column column) {
    for (WorkloadTable.Row row : table.rows()) {
      ComparisonCell cell = row.cell();
      if (cell.fileSystem().equals(column.fileSystem()) && cell.tuning().equals(column.tuning())) {
        if (row.summary().isEmpty()) {
          return cell.failed() ? "failed" : HumanUnits.ABSENT;
        }
        return table.median(row) + ratio(table.ratio(row));
      }
    }
    return HumanUnits.ABSENT;
  }

  private static Optional<BaselineRatio> ratioOf(WorkloadTable table, Column column) {
    for (WorkloadTable.Row row : table.rows()) {
      ComparisonCell cell = row.cell();
      if (cell.fileSystem().equals(column.fileSystem())
          && cell.tuning().equals(column.tuning())
          && row.summary().isPresent()) {
        return table.ratio(row);
      }
    }
    return Optional.empty();
  }

  private static String ratio(Optional<BaselineRatio> ratio) {
    if (ratio.isEmpty()) {
      return "";
    }
    BaselineRatio r = ratio.get();
    String text = HumanUnits.ratio(r.ratio());
    if (r.singleRun()) {
      return " " + text + "*";
    }
    return r.distinguishable() ? " " + text : " ≈" + text;
  }

  /** Whether there is something to line up: more than one column. */
  boolean worthShowing() {
    return columns.size() > 1 && !rows.isEmpty();
  }
}
