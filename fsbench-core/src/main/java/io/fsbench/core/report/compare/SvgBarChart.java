package io.fsbench.core.report.compare;

import io.fsbench.api.ComparisonCell;
import io.fsbench.api.MetricSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One workload's headline metric as an inline SVG bar chart: a horizontal bar per filesystem and
 * tuning at the mean, with the 95% confidence interval as an error bar, and the baseline's mean as
 * a dashed line. Generated here so that the page needs no script and no network.
 */
final class SvgBarChart {

  private static final int WIDTH = 760;
  private static final int LABEL = 210;
  private static final int VALUE = 110;
  private static final int PITCH = 30;
  private static final int BAR = 18;
  private static final int TOP = 30;
  private static final int AXIS = 26;

  private final WorkloadTable table;
  private final Palette palette;
  private final String baseline;

  SvgBarChart(WorkloadTable table, Palette palette, String baseline) {
    this.table = table;
    this.palette = palette;
    this.baseline = baseline;
  }

  String render() {
    List<WorkloadTable.Row> rows = table.rows();
    int plot = WIDTH - LABEL - VALUE;
    int height = TOP + rows.size() * PITCH + AXIS;
    Scale scale = table.scale();
    double max = niceMax(rows); // in the scale's unit
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\""
                + " width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">\n",
            WIDTH,
            height,
            WIDTH,
            height,
            Html.escape(table.workload() + ": " + table.heading())));
    double step = niceStep(max);
    for (double tick = 0; tick <= max + step / 1e6; tick += step) {
      double x = LABEL + plot * tick / max;
      String tickLabel = HumanUnits.number(tick);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>\n",
              x,
              TOP - 6,
              x,
              height - AXIS));
      svg.append(
          String.format(
              Locale.ROOT,
              "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
              x,
              height - AXIS + 16,
              Html.escape(tickLabel)));
    }
    svg.append(
        String.format(
            Locale.ROOT,
            "<text class=\"tick\" x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
            LABEL - 8,
            height - AXIS + 16,
            Html.escape(scale.heading())));
    for (int i = 0; i < rows.size(); i++) {
      bar(svg, rows.get(i), TOP + i * PITCH, plot, max);
    }
    baselineLine(svg, plot, max, height);
    svg.append("</svg>\n");
    return svg.toString();
  }

  private void bar(StringBuilder svg, WorkloadTable.Row row, int y, int plot, double max) {
    ComparisonCell cell = row.cell();
    String label = Recommendation.name(cell);
    boolean isBaseline = row.vsBaseline().equals("baseline");
    svg.append(
        String.format(
            Locale.ROOT,
            "<text class=\"label\" x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
            LABEL - 8,
            y + BAR / 2 + 5,
            Html.escape(Text.fit(label, 30) + (isBaseline ? " ★" : ""))));
    Optional<MetricSummary> summary = row.summary();
    if (summary.isEmpty()) {
      svg.append(
          String.format(
              Locale.ROOT,
              "<text class=\"value\" x=\"%d\" y=\"%d\">no result</text>\n",
              LABEL + 4,
              y + BAR / 2 + 5));
      return;
    }
    MetricSummary s = summary.get();
    double end = x(s.mean(), plot, max);
    String opacity = cell.failed() ? "0.35" : cell.tuning().isDefault() ? "1" : "0.7";
    svg.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" rx=\"2\" fill=\"%s\""
                + " fill-opacity=\"%s\"><title>%s</title></rect>\n",
            LABEL,
            y,
            end - LABEL,
            BAR,
            palette.colour(cell.fileSystem()),
            opacity,
            Html.escape(tooltip(row, s))));
    double right = end;
    if (s.hasInterval()) {
      double lo = x(Math.max(0, s.ciLow()), plot, max);
      double hi = x(s.ciHigh(), plot, max);
      double mid = y + BAR / 2.0;
      svg.append(
          String.format(
              Locale.ROOT,
              "<path class=\"ci\" d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f\"/>\n",
              lo,
              mid,
              hi,
              lo,
              mid - 5,
              mid + 5,
              hi,
              mid - 5,
              mid + 5));
      right = Math.max(right, hi);
    }
    String value = scale().number(s.mean()) + (cell.failed() ? " (failed)" : "");
    svg.append(
        String.format(
            Locale.ROOT,
            "<text class=\"value\" x=\"%.1f\" y=\"%d\">%s</text>\n",
            right + 6,
            y + BAR / 2 + 5,
            Html.escape(value)));
  }

  private void baselineLine(StringBuilder svg, int plot, double max, int height) {
    for (WorkloadTable.Row row : table.rows()) {
      if (row.vsBaseline().equals("baseline") && row.summary().isPresent()) {
        double x = x(row.summary().get().mean(), plot, max);
        svg.append(
            String.format(
                Locale.ROOT,
                "<line class=\"baseline\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>\n",
                x,
                TOP - 14,
                x,
                height - AXIS));
        svg.append(
            String.format(
                Locale.ROOT,
                "<text class=\"baseline-label\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
                x,
                TOP - 16,
                Html.escape(baseline + " (baseline)")));
        return;
      }
    }
  }

  private String tooltip(WorkloadTable.Row row, MetricSummary s) {
    return Recommendation.name(row.cell())
        + ": mean "
        + scale().format(s.mean())
        + (s.hasInterval()
            ? ", 95% CI " + scale().number(s.ciLow()) + "–" + scale().format(s.ciHigh())
            : ", one run, no interval")
        + ", n = "
        + s.n();
  }

  private Scale scale() {
    return table.scale();
  }

  /** The x of a raw value, on an axis that ends at {@code max} in the scale's unit. */
  private double x(double raw, int plot, double max) {
    return LABEL + plot * Math.max(0, raw / scale().divisor()) / max;
  }

  /** The axis end in the scale's unit: a round number above every mean and interval end. */
  private double niceMax(List<WorkloadTable.Row> rows) {
    double max = 0;
    for (WorkloadTable.Row row : rows) {
      if (row.summary().isPresent()) {
        MetricSummary s = row.summary().get();
        max = Math.max(max, s.hasInterval() ? s.ciHigh() : s.mean());
        max = Math.max(max, s.mean());
      }
    }
    max /= scale().divisor();
    if (!(max > 0)) {
      return 1;
    }
    double step = niceStep(max);
    return Math.ceil(max / step) * step;
  }

  /** 1, 2 or 5 times a power of ten, giving four to eight ticks. */
  private static double niceStep(double max) {
    double rough = max / 5;
    double power = Math.pow(10, Math.floor(Math.log10(rough)));
    double[] steps = {1, 2, 2.5, 5, 10};
    for (double s : steps) {
      if (s * power >= rough) {
        return s * power;
      }
    }
    return 10 * power;
  }

  /** The scaled values a chart needs, for tests that check the chart agrees with the table. */
  static List<String> values(WorkloadTable table) {
    List<String> values = new ArrayList<>();
    for (WorkloadTable.Row row : table.rows()) {
      row.summary().ifPresent(s -> values.add(table.scale().number(s.mean())));
    }
    return values;
  }
}
