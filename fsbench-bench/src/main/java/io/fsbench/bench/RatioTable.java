package io.fsbench.bench;

import io.fsbench.cli.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The runs of both sides, and the table of their ratios: per workload and filesystem the mean rate
 * of each side over its rounds, fsbench's over the C tool's, and every run's own rate.
 */
final class RatioTable {

  /** One timed run of one side. */
  record Run(String workload, String unit, String fileSystem, boolean cTool, double rate) {}

  private final Map<String, List<Run>> rows = new LinkedHashMap<>();

  void add(Run run) {
    rows.computeIfAbsent(run.workload() + "\0" + run.fileSystem(), k -> new ArrayList<>()).add(run);
  }

  String render() {
    List<String[]> table = new ArrayList<>();
    table.add(
        new String[] {
          "workload",
          "fs",
          "unit",
          "C tool",
          "fsbench",
          "fsbench/C",
          "apart",
          "C runs",
          "fsbench runs"
        });
    for (List<Run> runs : rows.values()) {
      List<Double> c = rates(runs, true);
      List<Double> f = rates(runs, false);
      Run first = runs.get(0);
      double cMean = mean(c);
      double fMean = mean(f);
      table.add(
          new String[] {
            first.workload(),
            first.fileSystem(),
            first.unit(),
            number(cMean),
            number(fMean),
            c.isEmpty() || f.isEmpty() ? "-" : String.format(Locale.ROOT, "%.2f", fMean / cMean),
            apart(c, f),
            join(c),
            join(f)
          });
    }
    return Table.render(table);
  }

  /**
   * Whether the two sides' runs lie apart: {@code <} when every fsbench run was slower than every C
   * run, {@code >} when faster, {@code ≈} when the ranges overlap (the machine's noise covers the
   * difference), {@code -} when a side has no run.
   */
  static String apart(List<Double> c, List<Double> f) {
    if (c.isEmpty() || f.isEmpty()) {
      return "-";
    }
    double cMin = c.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double cMax = c.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    double fMin = f.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double fMax = f.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    return fMax < cMin ? "<" : fMin > cMax ? ">" : "≈";
  }

  private static List<Double> rates(List<Run> runs, boolean cTool) {
    return runs.stream().filter(r -> r.cTool() == cTool).map(Run::rate).toList();
  }

  private static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }

  private static String join(List<Double> values) {
    return values.stream().map(RatioTable::number).collect(Collectors.joining(" "));
  }

  static String number(double value) {
    return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.1f", value);
  }
}
