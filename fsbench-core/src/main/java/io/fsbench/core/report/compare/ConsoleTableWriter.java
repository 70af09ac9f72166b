package io.fsbench.core.report.compare;

import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.Environment;
import io.fsbench.api.SkippedFileSystem;
import java.io.IOException;
import java.util.List;

/**
 * The comparison as a plain-text table that fits a 100-column terminal: per workload, one row per
 * filesystem and tuning with the headline metric's median, the 95% CI half-width, the coefficient
 * of variation, the number of runs and the comparison with the baseline; then what was skipped and
 * the warnings.
 */
public final class ConsoleTableWriter implements ComparisonWriter {

  /** The widest line written. */
  public static final int WIDTH = 100;

  private static final int FS = 10;
  private static final int TUNING = 22;
  private static final int MEDIAN = 9;
  private static final int CI = 9;
  private static final int CV = 6;
  private static final int N = 3;
  private static final int OVERVIEW_LABEL = 34;

  @Override
  public void write(Comparison comparison, Appendable out) throws IOException {
    header(comparison, out);
    overview(comparison, out);
    for (WorkloadTable table : WorkloadTable.of(comparison)) {
      out.append('\n');
      line(out, Text.fit(table.workload() + " · " + table.heading(), WIDTH));
      line(
          out,
          "  "
              + Text.left("filesystem", FS)
              + "  "
              + Text.left("tuning", TUNING)
              + "  "
              + Text.right("median", MEDIAN)
              + " "
              + Text.right("±95% CI", CI)
              + "  "
              + Text.right("CV", CV)
              + "  "
              + Text.right("n", N)
              + "  vs baseline");
      for (WorkloadTable.Row row : table.rows()) {
        line(out, row(table, row).stripTrailing());
      }
    }
    footer(comparison, out);
  }

  /** The overview matrix, when there are several columns and they fit the width. */
  private static void overview(Comparison comparison, Appendable out) throws IOException {
    OverviewMatrix matrix = OverviewMatrix.of(comparison);
    if (!matrix.worthShowing()) {
      return;
    }
    int label = "step".length();
    int unit = "unit".length();
    List<Integer> widths = new java.util.ArrayList<>();
    for (String column : matrix.columns()) {
      widths.add(column.length());
    }
    for (OverviewMatrix.Row row : matrix.rows()) {
      label = Math.max(label, row.label().length());
      unit = Math.max(unit, row.unit().length());
      for (int i = 0; i < widths.size(); i++) {
        widths.set(i, Math.max(widths.get(i), row.entries().get(i).length()));
      }
    }
    label = Math.min(label, OVERVIEW_LABEL);
    int total = 2 + label + 2 + unit + widths.stream().mapToInt(w -> w + 2).sum();
    if (total > WIDTH) {
      return; // too many columns for a terminal; the tables below have every number
    }
    out.append('\n');
    wrapped(out, "overview: " + OverviewMatrix.legend(comparison), "", "  ");
    StringBuilder head = new StringBuilder("  " + Text.left("step", label) + "  ");
    head.append(Text.left("unit", unit));
    for (int i = 0; i < widths.size(); i++) {
      head.append("  ").append(Text.right(matrix.columns().get(i), widths.get(i)));
    }
    line(out, head.toString().stripTrailing());
    for (OverviewMatrix.Row row : matrix.rows()) {
      StringBuilder l = new StringBuilder("  " + Text.left(row.label(), label) + "  ");
      l.append(Text.left(row.unit(), unit));
      for (int i = 0; i < widths.size(); i++) {
        l.append("  ").append(Text.right(row.entries().get(i), widths.get(i)));
      }
      line(out, l.toString().stripTrailing());
    }
  }

  private static String row(WorkloadTable table, WorkloadTable.Row row) {
    String line =
        "  "
            + Text.left(row.cell().fileSystem(), FS)
            + "  "
            + Text.left(row.cell().tuning().label(), TUNING)
            + "  "
            + Text.right(table.median(row), MEDIAN)
            + " "
            + Text.right(table.plusMinus(row), CI)
            + "  "
            + Text.right(table.cv(row), CV)
            + "  "
            + Text.right(table.n(row), N)
            + "  ";
    return line + Text.fit(row.vsBaseline(), WIDTH - line.length());
  }

  private static void header(Comparison comparison, Appendable out) throws IOException {
    ComparisonSettings s = comparison.settings();
    Environment env = comparison.environment();
    line(
        out,
        Text.fit(
            "fsbench "
                + env.fsbenchVersion()
                + " comparison · "
                + HumanUnits.dateTime(comparison.started())
                + " · "
                + env.hostname()
                + " · took "
                + HumanUnits.duration(comparison.duration()),
            WIDTH));
    wrapped(out, Summary.machine(env), "", "  ");
    wrapped(out, Summary.settings(s), "", "  ");
    if (s.hasBaseline()) {
      wrapped(out, Summary.ratioLegend(s.baseline()), "", "  ");
    }
    for (String line : Summary.preset(s)) {
      wrapped(out, line, "", "  ");
    }
  }

  private static void footer(Comparison comparison, Appendable out) throws IOException {
    List<SkippedFileSystem> skipped = comparison.skipped();
    if (!skipped.isEmpty()) {
      out.append('\n');
      line(out, "skipped:");
      for (SkippedFileSystem s : skipped) {
        wrapped(out, Summary.skipped(s), "  - ", "    ");
      }
    }
    if (!comparison.warnings().isEmpty()) {
      out.append('\n');
      line(out, "warnings:");
      for (String warning : comparison.warnings()) {
        wrapped(out, warning, "  - ", "    ");
      }
    }
  }

  private static void wrapped(Appendable out, String text, String first, String indent)
      throws IOException {
    for (String l : Text.wrap(text, WIDTH, first, indent)) {
      line(out, l);
    }
  }

  private static void line(Appendable out, String line) throws IOException {
    out.append(line).append('\n');
  }
}
