package io.fsbench.core.report.compare;

import io.fsbench.api.BaselineRatio;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonPreset;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;

/**
 * The overview as the classic comparisons print it, for the HTML page: a row per test point, a
 * column per filesystem, each cell the median and its ratio to the baseline, coloured by the ratio
 * (green better, red worse, the stronger the further from 1, full at 2× or ½×; grey where the
 * intervals cannot tell it from 1), with the legend under it. A preset's name, scaling and row
 * numbers come with it.
 */
final class HeatMap {

  private HeatMap() {}

  static void write(Comparison c, Appendable out) throws IOException {
    OverviewMatrix matrix = OverviewMatrix.of(c);
    Optional<ComparisonPreset> preset = c.settings().preset();
    if (!matrix.worthShowing() && preset.isEmpty()) {
      return;
    }
    out.append("<section id=\"overview\">\n<h2>")
        .append(Html.escape(preset.map(p -> "The " + p.name() + " table").orElse("Overview")))
        .append("</h2>\n");
    if (preset.isPresent()) {
      presetNotes(preset.get(), out);
    }
    if (matrix.worthShowing()) {
      table(matrix, out);
      legend(c, out);
    }
    out.append("</section>\n");
  }

  private static void presetNotes(ComparisonPreset p, Appendable out) throws IOException {
    out.append("<p class=\"note\">").append(Html.escape(p.description())).append("</p>\n");
    if (!p.scaling().isEmpty()) {
      out.append("<ul class=\"scaling\">\n");
      for (String line : p.scaling()) {
        out.append("<li>").append(Html.escape(line)).append("</li>\n");
      }
      out.append("</ul>\n");
    }
  }

  private static void table(OverviewMatrix matrix, Appendable out) throws IOException {
    out.append("<table class=\"heat\">\n<thead><tr><th>test</th><th>unit</th>");
    for (String column : matrix.columns()) {
      out.append("<th class=\"num\">").append(Html.escape(column)).append("</th>");
    }
    out.append("</tr></thead>\n<tbody>\n");
    for (OverviewMatrix.Row row : matrix.rows()) {
      out.append("<tr><th>")
          .append(Html.escape(row.label()))
          .append("</th><td class=\"unit\">")
          .append(Html.escape(row.unit()))
          .append("</td>");
      for (int i = 0; i < row.entries().size(); i++) {
        Optional<BaselineRatio> ratio = row.ratios().get(i);
        out.append("<td class=\"num\"")
            .append(ratio.map(r -> " style=\"background:" + colour(r) + "\"").orElse(""))
            .append(">")
            .append(Html.escape(row.entries().get(i)))
            .append("</td>");
      }
      out.append("</tr>\n");
    }
    out.append("</tbody>\n</table>\n");
  }

  private static void legend(Comparison c, Appendable out) throws IOException {
    out.append("<p class=\"legend\">");
    for (double r : new double[] {0.5, 0.67, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 2.0}) {
      String bg = r == 1.0 ? neutral() : shade(r);
      out.append("<span class=\"swatch\" style=\"background:")
          .append(bg)
          .append("\">")
          .append(Html.escape(HumanUnits.ratio(r)))
          .append("</span>");
    }
    out.append(" ")
        .append(
            Html.escape(
                OverviewMatrix.legend(c)
                    + "; green is better than the baseline, red worse, grey not distinguishable"))
        .append("</p>\n");
  }

  /** The cell's colour: neutral when the ratio cannot be told from 1, else its shade. */
  static String colour(BaselineRatio r) {
    if (!r.singleRun() && !r.distinguishable()) {
      return neutral();
    }
    return shade(r.ratio());
  }

  private static String neutral() {
    return "#eef0f2";
  }

  /** White at 1, green (better) or red (worse) at full strength from 2× or ½× on. */
  static String shade(double ratio) {
    if (!(ratio > 0) || Double.isInfinite(ratio)) {
      return neutral();
    }
    double strength = Math.min(1.0, Math.abs(Math.log(ratio)) / Math.log(2));
    int[] full = ratio >= 1 ? new int[] {74, 178, 96} : new int[] {224, 92, 92};
    int red = mix(255, full[0], strength);
    int green = mix(255, full[1], strength);
    int blue = mix(255, full[2], strength);
    return String.format(Locale.ROOT, "#%02x%02x%02x", red, green, blue);
  }

  private static int mix(int from, int to, double t) {
    return (int) Math.round(from + (to - from) * t);
  }
}
