package io.fsbench.core.report.compare;

import io.fsbench.api.Comparison;
import io.fsbench.api.Environment;
import io.fsbench.api.SkippedFileSystem;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The comparison as GitHub-flavoured Markdown: the same tables as the console, then
 * recommendations, warnings, the environment, the feature matrix, what was skipped and the applied
 * mount options.
 */
public final class MarkdownWriter implements ComparisonWriter {

  @Override
  public void write(Comparison comparison, Appendable out) throws IOException {
    Environment env = comparison.environment();
    out.append("# fsbench comparison\n\n");
    out.append(
        escape(
            HumanUnits.dateTime(comparison.started())
                + " on "
                + env.hostname()
                + ", took "
                + HumanUnits.duration(comparison.duration())
                + ". "
                + Summary.machine(env)
                + "."));
    out.append("\n\n");
    out.append(escape(Summary.settings(comparison.settings()) + ".")).append("\n\n");
    if (comparison.settings().hasBaseline()) {
      out.append(escape(Summary.ratioLegend(comparison.settings().baseline()) + "."))
          .append("\n\n");
    }
    for (String line : Summary.preset(comparison.settings())) {
      out.append(line.startsWith("preset ") ? "" : "- ").append(escape(line)).append("\n");
    }
    if (comparison.settings().preset().isPresent()) {
      out.append("\n");
    }
    overview(comparison, out);
    results(comparison, out);
    aged(AgedVolumes.of(comparison), out);
    recommendations(comparison, out);
    list(out, "Warnings", comparison.warnings());
    environment(env, out);
    features(comparison, out);
    skipped(comparison.skipped(), out);
    applied(comparison, out);
  }

  private static void overview(Comparison comparison, Appendable out) throws IOException {
    OverviewMatrix matrix = OverviewMatrix.of(comparison);
    if (!matrix.worthShowing()) {
      return;
    }
    out.append("## Overview\n\n");
    out.append(escape(OverviewMatrix.legend(comparison) + ".")).append("\n\n");
    List<String> head = new java.util.ArrayList<>(List.of("step", "unit"));
    head.addAll(matrix.columns());
    row(out, head.toArray(String[]::new));
    out.append("|---|---").append("|---:".repeat(matrix.columns().size())).append("|\n");
    for (OverviewMatrix.Row r : matrix.rows()) {
      List<String> cells = new java.util.ArrayList<>(List.of(r.label(), r.unit()));
      cells.addAll(r.entries());
      row(out, cells.toArray(String[]::new));
    }
    out.append('\n');
  }

  private static void results(Comparison comparison, Appendable out) throws IOException {
    out.append("## Results\n\n");
    out.append(
        "Median of the measured runs, the half-width of the mean's 95% confidence interval"
            + " (Student t), the coefficient of variation and the number of runs.\n\n");
    for (WorkloadTable table : WorkloadTable.withLayout(comparison)) {
      out.append("### ")
          .append(escape(table.workload()))
          .append(" — ")
          .append(escape(table.heading()))
          .append("\n\n");
      row(out, "filesystem", "tuning", "median", "±95% CI", "CV", "n", "vs baseline");
      out.append("|---|---|---:|---:|---:|---:|---|\n");
      for (WorkloadTable.Row row : table.rows()) {
        row(
            out,
            row.cell().fileSystem(),
            row.cell().tuning().label(),
            table.median(row),
            table.plusMinus(row),
            table.cv(row),
            table.n(row),
            row.vsBaseline());
      }
      out.append('\n');
    }
  }

  /** Fresh and aged side by side, as in the text report. */
  private static void aged(AgedVolumes aged, Appendable out) throws IOException {
    if (aged.isEmpty()) {
      return;
    }
    out.append("## Aged volumes\n\n").append(escape(aged.intro() + ".")).append("\n\n");
    row(out, "volume", "aging time", "fullness", "aging", "free space fresh", "free space aged");
    out.append("|---|---:|---:|---|---|---|\n");
    for (AgedVolumes.Aging a : aged.agings()) {
      row(out, a.volume(), a.took(), a.fullness(), a.figures(), a.before(), a.after());
    }
    out.append('\n').append(escape(AgedVolumes.legend() + ".")).append("\n\n");
    for (AgedVolumes.Table table : aged.tables()) {
      out.append("### ")
          .append(escape(table.workload()))
          .append(" fresh and aged — ")
          .append(escape(table.heading()))
          .append("\n\n");
      row(out, "filesystem", "tuning", "fresh", "aged", "aged vs fresh", "layout fresh → aged");
      out.append("|---|---|---:|---:|---:|---:|\n");
      for (AgedVolumes.Row r : table.rows()) {
        row(
            out,
            r.fileSystem(),
            r.tuning(),
            table.figure(r.freshSummary()),
            table.figure(r.agedSummary()),
            r.versus(),
            r.layout());
      }
      out.append('\n');
    }
  }

  private static void recommendations(Comparison comparison, Appendable out) throws IOException {
    Map<UseCase, List<Recommendation>> byUseCase = Recommendation.byUseCase(comparison);
    if (byUseCase.isEmpty()) {
      return;
    }
    String baseline = comparison.settings().baseline();
    out.append("## Recommendations by use case\n\n");
    for (Map.Entry<UseCase, List<Recommendation>> e : byUseCase.entrySet()) {
      List<Recommendation> recommendations = e.getValue();
      out.append("- **").append(escape(e.getKey().label())).append("**");
      if (recommendations.size() == 1) {
        Recommendation r = recommendations.get(0);
        out.append(" (")
            .append(escape(r.measuredWith()))
            .append("): ")
            .append(escape(r.sentence(baseline)))
            .append('\n');
      } else {
        out.append(": ")
            .append(escape(String.join(" or ", Recommendation.picks(recommendations))))
            .append('\n');
        for (Recommendation r : recommendations) {
          out.append("  - ")
              .append(escape(r.measuredWith()))
              .append(": ")
              .append(escape(r.sentence(baseline)))
              .append('\n');
        }
      }
    }
    out.append('\n');
  }

  private static void environment(Environment env, Appendable out) throws IOException {
    out.append("## Environment\n\n");
    row(out, "", "");
    out.append("|---|---|\n");
    row(out, "date", HumanUnits.dateTime(env.date()));
    row(out, "host", env.hostname());
    row(out, "kernel", env.kernel());
    row(out, "CPU", env.cpuModel() + " (" + env.cpuCount() + " logical)");
    row(out, "memory", HumanUnits.bytes(env.memoryBytes()));
    row(out, "fsbench", env.fsbenchVersion());
    for (var tool : env.toolVersions().entrySet()) {
      row(out, tool.getKey(), tool.getValue());
    }
    out.append('\n');
  }

  private static void features(Comparison comparison, Appendable out) throws IOException {
    FeatureMatrix matrix = FeatureMatrix.of(comparison);
    if (matrix.isEmpty()) {
      return;
    }
    out.append("## Features\n\nAs the plugins declare them.\n\n");
    String[] head = new String[matrix.fileSystems().size() + 1];
    head[0] = "feature";
    for (int i = 0; i < matrix.fileSystems().size(); i++) {
      head[i + 1] = matrix.fileSystems().get(i);
    }
    row(out, head);
    out.append("|---").append("|:---:".repeat(matrix.fileSystems().size())).append("|\n");
    for (FeatureMatrix.Row r : matrix.rows()) {
      String[] cells = new String[r.values().size() + 1];
      cells[0] = r.label();
      for (int i = 0; i < r.values().size(); i++) {
        String v = r.values().get(i);
        cells[i + 1] = r.flag() ? (v.equals(FeatureMatrix.YES) ? "✓" : "–") : v;
      }
      row(out, cells);
    }
    out.append('\n');
  }

  private static void skipped(List<SkippedFileSystem> skipped, Appendable out) throws IOException {
    list(out, "Skipped filesystems", skipped.stream().map(Summary::skipped).toList());
  }

  private static void applied(Comparison comparison, Appendable out) throws IOException {
    List<AppliedVolumes> volumes = AppliedVolumes.of(comparison);
    if (volumes.isEmpty()) {
      return;
    }
    out.append("## Applied mount options and properties\n\n");
    row(out, "filesystem", "tuning", "mount options", "properties", "made with");
    out.append("|---|---|---|---|---|\n");
    for (AppliedVolumes v : volumes) {
      row(
          out,
          v.fileSystem(),
          v.tuning(),
          v.applied().mountOptions(),
          v.properties(),
          String.join("; ", v.applied().mkfsCommand()));
    }
    out.append('\n');
  }

  private static void list(Appendable out, String title, List<String> items) throws IOException {
    if (items.isEmpty()) {
      return;
    }
    out.append("## ").append(title).append("\n\n");
    for (String item : items) {
      out.append("- ").append(escape(item)).append('\n');
    }
    out.append('\n');
  }

  private static void row(Appendable out, String... cells) throws IOException {
    out.append('|');
    for (String cell : cells) {
      out.append(' ').append(escape(cell)).append(" |");
    }
    out.append('\n');
  }

  /**
   * Escapes what Markdown or an HTML renderer would interpret: table pipes, emphasis, code, links,
   * tags and line breaks.
   */
  static String escape(String text) {
    StringBuilder s = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '\\', '`', '*', '_', '[', ']', '|', '#' -> s.append('\\').append(c);
        case '<' -> s.append("&lt;");
        case '>' -> s.append("&gt;");
        case '&' -> s.append("&amp;");
        case '\n', '\r' -> s.append(' ');
        default -> s.append(c);
      }
    }
    return s.toString();
  }
}
