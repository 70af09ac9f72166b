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
  private static final int AGED_TUNING = 18;
  private static final int AGED_FIGURE = 14;

  @Override
  public void write(Comparison comparison, Appendable out) throws IOException {
    header(comparison, out);
    overview(comparison, out);
    for (WorkloadTable table : WorkloadTable.withLayout(comparison)) {
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
    aged(AgedVolumes.of(comparison), out);
    footer(comparison, out);
  }

  /**
   * Fresh and aged side by side: how each volume was aged, then per workload a row per filesystem
   * with both medians, the aged against the fresh and the layout scores.
   */
  private static void aged(AgedVolumes aged, Appendable out) throws IOException {
    if (aged.isEmpty()) {
      return;
    }
    out.append('\n');
    line(out, "aged volumes:");
    wrapped(out, aged.intro(), "  ", "  ");
    for (AgedVolumes.Aging a : aged.agings()) {
      wrapped(
          out,
          a.volume() + ": aged in " + a.took() + ", " + a.fullness() + " full, " + a.figures(),
          "  - ",
          "    ");
      wrapped(out, "free space fresh: " + a.before(), "    ", "      ");
      wrapped(out, "free space aged: " + a.after(), "    ", "      ");
    }
    wrapped(out, AgedVolumes.legend(), "  ", "  ");
    for (AgedVolumes.Table table : aged.tables()) {
      out.append('\n');
      line(out, Text.fit("  " + table.workload() + " · " + table.heading(), WIDTH));
      line(
          out,
          "  "
              + agedColumns(
                  "filesystem", "tuning", "fresh", "aged", "aged vs fresh", "layout fresh → aged"));
      for (AgedVolumes.Row row : table.rows()) {
        line(
            out,
            ("  "
                    + agedColumns(
                        row.fileSystem(),
                        row.tuning(),
                        table.figure(row.freshSummary()),
                        table.figure(row.agedSummary()),
                        row.versus(),
                        row.layout()))
                .stripTrailing());
      }
    }
  }

  private static String agedColumns(
      String fs, String tuning, String fresh, String aged, String versus, String layout) {
    return Text.left(fs, FS)
        + "  "
        + Text.left(tuning, AGED_TUNING)
        + "  "
        + Text.right(fresh, AGED_FIGURE)
        + "  "
        + Text.right(aged, AGED_FIGURE)
        + "  "
        + Text.right(versus, "aged vs fresh".length())
        + "  "
        + Text.fit(layout, WIDTH - 2 - FS - AGED_TUNING - 2 * AGED_FIGURE - 23);
  }

  /** The overview matrix, when there are several columns and they fit the width. */
  private static void overview(Comparison comparison, Appendable out) throws IOException {
    overview(comparison, out, WIDTH);
  }

  /**
   * The overview in {@code width} columns: a row per line where that fits; else each row's label on
   * a line of its own and its unit and values on the next (the classic table's 51 rows on four
   * filesystems need that in 100 columns); else none, the tables below having every number.
   */
  static void overview(Comparison comparison, Appendable out, int width) throws IOException {
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
    int values = widths.stream().mapToInt(w -> w + 2).sum();
    boolean oneLine = 2 + label + 2 + unit + values <= width;
    if (!oneLine && 2 + TWO_LINE_INDENT + unit + values > width) {
      return; // too many columns even with the labels on lines of their own
    }
    out.append('\n');
    for (String l : Text.wrap("overview: " + OverviewMatrix.legend(comparison), width, "", "  ")) {
      line(out, l);
    }
    String head = oneLine ? "  " + Text.left("step", label) + "  " : "  step /" + "\n" + indent();
    line(out, (head + values(Text.left("unit", unit), matrix.columns(), widths)).stripTrailing());
    for (OverviewMatrix.Row row : matrix.rows()) {
      String first =
          oneLine
              ? "  " + Text.left(row.label(), label) + "  "
              : "  " + Text.fit(row.label(), width - 2) + "\n" + indent();
      line(
          out,
          (first + values(Text.left(row.unit(), unit), row.entries(), widths)).stripTrailing());
    }
  }

  /** How far a row's unit and values are indented under its label in the two-line overview. */
  private static final int TWO_LINE_INDENT = 4;

  private static String indent() {
    return " ".repeat(2 + TWO_LINE_INDENT);
  }

  private static String values(String unit, List<String> entries, List<Integer> widths) {
    StringBuilder l = new StringBuilder(unit);
    for (int i = 0; i < widths.size(); i++) {
      l.append("  ").append(Text.right(entries.get(i), widths.get(i)));
    }
    return l.toString();
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
