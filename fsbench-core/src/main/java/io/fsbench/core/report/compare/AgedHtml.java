package io.fsbench.core.report.compare;

import java.io.IOException;

/**
 * The HTML report's "Aged volumes" section, beside the results: how each volume was aged, then per
 * workload the fresh and aged figures side by side. Apart from {@link HtmlWriter} so that the page
 * writer stays a list of sections.
 */
final class AgedHtml {

  private AgedHtml() {}

  static void write(AgedVolumes aged, Appendable out) throws IOException {
    if (aged.isEmpty()) {
      return;
    }
    out.append("<section id=\"aged\">\n<h2>Aged volumes</h2>\n<p class=\"note\">")
        .append(esc(aged.intro()))
        .append(".</p>\n")
        .append("<table>\n<thead><tr><th>volume</th><th>aging time</th>")
        .append("<th class=\"num\">fullness</th><th>aging</th><th>free space fresh</th>")
        .append("<th>free space aged</th></tr></thead>\n<tbody>\n");
    for (AgedVolumes.Aging a : aged.agings()) {
      out.append("<tr><td>")
          .append(esc(a.volume()))
          .append("</td><td class=\"num\">")
          .append(esc(a.took()))
          .append("</td><td class=\"num\">")
          .append(esc(a.fullness()))
          .append("</td><td>")
          .append(esc(a.figures()))
          .append("</td><td>")
          .append(esc(a.before()))
          .append("</td><td>")
          .append(esc(a.after()))
          .append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n<p class=\"note\">")
        .append(esc(AgedVolumes.legend()))
        .append(".</p>\n");
    tables(aged, out);
    out.append("</section>\n");
  }

  private static void tables(AgedVolumes aged, Appendable out) throws IOException {
    if (aged.tables().isEmpty()) {
      return;
    }
    out.append("<table class=\"results\">\n<thead><tr><th>filesystem</th><th>tuning</th>")
        .append("<th class=\"num\">fresh</th><th class=\"num\">aged</th>")
        .append("<th class=\"num\">aged vs fresh</th><th class=\"num\">layout fresh → aged</th>")
        .append("</tr></thead>\n");
    for (AgedVolumes.Table t : aged.tables()) {
      out.append("<tbody>\n<tr class=\"group\"><th colspan=\"6\">")
          .append(esc(t.workload()))
          .append(" <span class=\"unit\">")
          .append(esc(t.heading()))
          .append("</span></th></tr>\n");
      for (AgedVolumes.Row row : t.rows()) {
        out.append("<tr><td>")
            .append(esc(row.fileSystem()))
            .append("</td><td>")
            .append(esc(row.tuning()))
            .append("</td><td class=\"num\">")
            .append(esc(t.figure(row.freshSummary())))
            .append("</td><td class=\"num\">")
            .append(esc(t.figure(row.agedSummary())))
            .append("</td><td class=\"num ")
            .append(row.verdict())
            .append("\">")
            .append(esc(row.versus()))
            .append("</td><td class=\"num\">")
            .append(esc(row.layout()))
            .append("</td></tr>\n");
      }
      out.append("</tbody>\n");
    }
    out.append("</table>\n");
  }

  private static String esc(String text) {
    return Html.escape(text);
  }
}
