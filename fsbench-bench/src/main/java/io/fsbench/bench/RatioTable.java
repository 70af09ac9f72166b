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
 * of each side over its rounds, fsbench's over the C tool's (of the means, and of the medians,
 * which one disturbed run moves less), and every run's own rate; where the runs say what CPU they
 * used, fsbench's CPU time per unit of work over the C tool's, which the machine's noise moves far
 * less than the rates: above 1, fsbench does more work per operation.
 */
final class RatioTable {

  /**
   * One timed run of one side.
   *
   * @param cpuPerUnit the run's user plus system CPU seconds per unit of its rate (per KiB, per
   *     file), NaN when the side does not say
   */
  record Run(
      String workload,
      String unit,
      String fileSystem,
      boolean cTool,
      double rate,
      double cpuPerUnit) {

    Run(String workload, String unit, String fileSystem, boolean cTool, double rate) {
      this(workload, unit, fileSystem, cTool, rate, Double.NaN);
    }
  }

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
          "median f/C",
          "cpu/unit f/C",
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
            ratio(fMean, cMean),
            ratio(median(f), median(c)),
            ratio(median(cpu(runs, false)), median(cpu(runs, true))),
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

  private static List<Double> cpu(List<Run> runs, boolean cTool) {
    return runs.stream()
        .filter(r -> r.cTool() == cTool && !Double.isNaN(r.cpuPerUnit()))
        .map(Run::cpuPerUnit)
        .toList();
  }

  private static String ratio(double f, double c) {
    return Double.isNaN(f) || Double.isNaN(c) || c == 0
        ? "-"
        : String.format(Locale.ROOT, "%.2f", f / c);
  }

  static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int half = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
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
