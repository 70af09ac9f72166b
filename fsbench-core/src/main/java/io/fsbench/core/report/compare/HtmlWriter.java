package io.fsbench.core.report.compare;

import io.fsbench.api.BaselineRatio;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.Environment;
import io.fsbench.api.MetricSummary;
import io.fsbench.api.SkippedFileSystem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The comparison as one self-contained HTML page: inline CSS, inline SVG charts, no script, no
 * network. It opens with recommendations by use case and the warnings, then the results table, a
 * chart per workload, every metric, the feature matrix, the applied mount options, the environment
 * and how to read the numbers. Every piece of text is escaped.
 */
public final class HtmlWriter implements ComparisonWriter {

  @Override
  public void write(Comparison c, Appendable out) throws IOException {
    String baseline = c.settings().baseline();
    List<WorkloadTable> tables = WorkloadTable.of(c);
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>")
        .append(
            Html.escape(
                "fsbench comparison · "
                    + c.environment().hostname()
                    + " · "
                    + HumanUnits.dateTime(c.started())))
        .append("</title>\n<style>\n")
        .append(HtmlStyle.CSS)
        .append("</style>\n</head>\n<body>\n<main>\n");
    header(c, out);
    HeatMap.write(c, out);
    recommendations(c, out);
    warnings(c, out);
    results(WorkloadTable.withLayout(c), c, out);
    AgedHtml.write(AgedVolumes.of(c), out);
    charts(tables, c, baseline, out);
    allMetrics(c, out);
    features(c, out);
    applied(c, out);
    environment(c.environment(), out);
    method(c, out);
    out.append("</main>\n</body>\n</html>\n");
  }

  private static void header(Comparison c, Appendable out) throws IOException {
    out.append("<header>\n<h1>fsbench comparison</h1>\n<p class=\"meta\">")
        .append(
            Html.escape(
                HumanUnits.dateTime(c.started())
                    + " · "
                    + c.environment().hostname()
                    + " · took "
                    + HumanUnits.duration(c.duration())
                    + " · fsbench "
                    + c.environment().fsbenchVersion()))
        .append("</p>\n<p class=\"meta\">")
        .append(Html.escape(Summary.machine(c.environment())))
        .append("</p>\n<p class=\"settings\">")
        .append(Html.escape(Summary.settings(c.settings())))
        .append(
            c.settings().hasBaseline()
                ? ", baseline <b>" + esc(c.settings().baseline()) + "</b>"
                : "")
        .append(".</p>\n</header>\n");
  }

  private static void recommendations(Comparison c, Appendable out) throws IOException {
    Map<UseCase, List<Recommendation>> byUseCase = Recommendation.byUseCase(c);
    if (byUseCase.isEmpty()) {
      return;
    }
    out.append("<section id=\"recommendations\">\n<h2>Recommendations by use case</h2>\n")
        .append("<div class=\"cards\">\n");
    String baseline = c.settings().baseline();
    for (Map.Entry<UseCase, List<Recommendation>> e : byUseCase.entrySet()) {
      List<Recommendation> recommendations = e.getValue();
      List<String> picks = Recommendation.picks(recommendations);
      out.append("<div class=\"card\">\n<div class=\"use\">")
          .append(esc(e.getKey().label()))
          .append("</div>\n<div class=\"pick\">")
          .append(esc(String.join(" or ", picks)))
          .append("</div>\n");
      if (recommendations.size() == 1) {
        Recommendation r = recommendations.get(0);
        out.append("<div class=\"why\">")
            .append(esc(r.verdict(baseline)))
            .append("</div>\n<div class=\"from\">measured with ")
            .append(esc(r.measuredWith()))
            .append("</div>\n");
      } else {
        // One line per workload; the name is repeated only where the workloads disagree.
        for (Recommendation r : recommendations) {
          out.append("<div class=\"why\"><span class=\"from\">")
              .append(esc(r.measuredWith()))
              .append(":</span> ")
              .append(esc(picks.size() == 1 ? r.verdict(baseline) : r.sentence(baseline)))
              .append("</div>\n");
        }
      }
      out.append("</div>\n");
    }
    out.append("</div>\n</section>\n");
  }

  private static void warnings(Comparison c, Appendable out) throws IOException {
    if (c.warnings().isEmpty()) {
      return;
    }
    out.append("<section id=\"warnings\" class=\"warnings\">\n<h2>Warnings</h2>\n<ul>\n");
    for (String w : c.warnings()) {
      out.append("<li>").append(esc(w)).append("</li>\n");
    }
    out.append("</ul>\n</section>\n");
  }

  private static void results(List<WorkloadTable> tables, Comparison c, Appendable out)
      throws IOException {
    out.append("<section id=\"results\">\n<h2>Results</h2>\n")
        .append("<table class=\"results\">\n<thead><tr><th>filesystem</th><th>tuning</th>")
        .append("<th class=\"num\">median</th><th class=\"num\">±95% CI</th>")
        .append("<th class=\"num\">CV</th><th class=\"num\">n</th><th>vs baseline</th>")
        .append("</tr></thead>\n");
    for (WorkloadTable t : tables) {
      out.append("<tbody>\n<tr class=\"group\"><th colspan=\"7\">")
          .append(esc(t.workload()))
          .append(" <span class=\"unit\">")
          .append(esc(t.heading()))
          .append("</span></th></tr>\n");
      for (WorkloadTable.Row row : t.rows()) {
        out.append("<tr><td>")
            .append(esc(row.cell().fileSystem()))
            .append("</td><td>")
            .append(esc(row.cell().tuning().label()))
            .append("</td><td class=\"num\">")
            .append(esc(t.median(row)))
            .append("</td><td class=\"num\">")
            .append(esc(t.plusMinus(row)))
            .append("</td><td class=\"num\">")
            .append(esc(t.cv(row)))
            .append("</td><td class=\"num\">")
            .append(esc(t.n(row)))
            .append("</td><td class=\"")
            .append(verdictClass(t, row))
            .append("\">")
            .append(esc(row.vsBaseline()))
            .append("</td></tr>\n");
      }
      out.append("</tbody>\n");
    }
    out.append("</table>\n</section>\n");
  }

  private static String verdictClass(WorkloadTable t, WorkloadTable.Row row) {
    if (row.cell().failed()) {
      return "failed";
    }
    return t.ratio(row)
        .map(r -> r.better() ? "better" : r.worse() ? "worse" : "same")
        .orElse("base");
  }

  private static void charts(
      List<WorkloadTable> tables, Comparison c, String baseline, Appendable out)
      throws IOException {
    Palette palette = new Palette(c.fileSystems());
    out.append("<section id=\"charts\">\n<h2>Charts</h2>\n")
        .append("<p class=\"note\">Bars show the mean of the measured runs, whiskers its 95%")
        .append(" confidence interval")
        .append(c.settings().hasBaseline() ? ", the dashed line the baseline's mean" : "")
        .append("; lighter bars are tuned volumes.</p>\n");
    for (WorkloadTable t : tables) {
      out.append("<figure>\n<figcaption><b>")
          .append(esc(t.workload()))
          .append("</b> · ")
          .append(esc(t.heading()))
          .append("</figcaption>\n")
          .append(new SvgBarChart(t, palette, baseline).render())
          .append("</figure>\n");
    }
    out.append("</section>\n");
  }

  private static void allMetrics(Comparison c, Appendable out) throws IOException {
    out.append("<section id=\"metrics\">\n<details>\n<summary>Every metric</summary>\n")
        .append("<table>\n<thead><tr><th>workload</th><th>filesystem</th><th>tuning</th>")
        .append("<th>metric</th><th class=\"num\">median</th><th class=\"num\">mean</th>")
        .append("<th class=\"num\">±95% CI</th><th class=\"num\">CV</th><th>unit</th>")
        .append("<th>vs baseline</th><th class=\"num\">ratio 95% CI</th></tr></thead>\n<tbody>\n");
    for (String workload : c.workloads()) {
      List<ComparisonCell> cells = c.cellsOf(workload);
      for (Map.Entry<String, Scale> metric : metricScales(cells).entrySet()) {
        Scale scale = metric.getValue();
        for (ComparisonCell cell : cells) {
          MetricSummary s = cell.summaries().get(metric.getKey());
          if (s == null) {
            continue;
          }
          BaselineRatio r = cell.baselineRatios().get(s.name());
          out.append("<tr><td>")
              .append(esc(workload))
              .append("</td><td>")
              .append(esc(cell.fileSystem()))
              .append("</td><td>")
              .append(esc(cell.tuning().label()))
              .append("</td><td>")
              .append(esc(s.name()))
              .append("</td><td class=\"num\">")
              .append(esc(scale.number(s.median())))
              .append("</td><td class=\"num\">")
              .append(esc(scale.number(s.mean())))
              .append("</td><td class=\"num\">")
              .append(esc(HumanUnits.plusMinus(s, scale)))
              .append("</td><td class=\"num\">")
              .append(esc(HumanUnits.percent(s.cv())))
              .append("</td><td>")
              .append(esc(scale.heading()))
              .append("</td><td>")
              .append(r == null ? "" : esc(ratioText(cell, r)))
              .append("</td><td class=\"num\">")
              .append(r == null ? "" : esc(HumanUnits.ratioInterval(r)))
              .append("</td></tr>\n");
        }
      }
    }
    out.append("</tbody>\n</table>\n</details>\n</section>\n");
  }

  private static String ratioText(ComparisonCell cell, BaselineRatio r) {
    String name = HumanUnits.baselineName(cell, r);
    if (r.singleRun()) {
      return HumanUnits.ratio(r.ratio()) + " " + name + " (n=1, no interval)";
    }
    return r.distinguishable()
        ? HumanUnits.ratio(r.ratio()) + " " + name
        : "≈ " + name + " (" + HumanUnits.ratio(r.ratio()) + ")";
  }

  /** Per metric of a workload, the scale its column is shown in, in the order first reported. */
  static Map<String, Scale> metricScales(List<ComparisonCell> cells) {
    Map<String, List<MetricSummary>> byName = new java.util.LinkedHashMap<>();
    for (ComparisonCell cell : cells) {
      cell.summaries()
          .forEach((name, s) -> byName.computeIfAbsent(name, k -> new ArrayList<>()).add(s));
    }
    Map<String, Scale> scales = new java.util.LinkedHashMap<>();
    byName.forEach((name, list) -> scales.put(name, HumanUnits.scaleFor(list.get(0).unit(), list)));
    return scales;
  }

  private static void features(Comparison c, Appendable out) throws IOException {
    FeatureMatrix matrix = FeatureMatrix.of(c);
    if (matrix.isEmpty()) {
      return;
    }
    out.append("<section id=\"features\">\n<h2>Features</h2>\n")
        .append("<p class=\"note\">As the plugins declare them.</p>\n")
        .append("<table class=\"features\">\n<thead><tr><th>feature</th>");
    for (String fs : matrix.fileSystems()) {
      out.append("<th>").append(esc(fs)).append("</th>");
    }
    out.append("</tr></thead>\n<tbody>\n");
    for (FeatureMatrix.Row row : matrix.rows()) {
      out.append("<tr><th>").append(esc(row.label())).append("</th>");
      for (String v : row.values()) {
        if (row.flag()) {
          boolean yes = v.equals(FeatureMatrix.YES);
          out.append(yes ? "<td class=\"yes\">✓</td>" : "<td class=\"no\">–</td>");
        } else {
          out.append("<td>").append(esc(v)).append("</td>");
        }
      }
      out.append("</tr>\n");
    }
    out.append("</tbody>\n</table>\n");
    if (!c.skipped().isEmpty()) {
      out.append("<h3>Skipped</h3>\n<ul>\n");
      for (SkippedFileSystem s : c.skipped()) {
        out.append("<li><b>")
            .append(esc(s.fileSystem()))
            .append("</b>: ")
            .append(esc(s.reason()))
            .append(s.hint().isBlank() ? "" : " — <code>" + esc(s.hint()) + "</code>")
            .append("</li>\n");
      }
      out.append("</ul>\n");
    }
    out.append("</section>\n");
  }

  private static void applied(Comparison c, Appendable out) throws IOException {
    List<AppliedVolumes> volumes = AppliedVolumes.of(c);
    if (volumes.isEmpty()) {
      return;
    }
    out.append("<section id=\"applied\">\n<h2>Applied mount options and properties</h2>\n")
        .append("<p class=\"note\">Read back from the system after mounting.</p>\n")
        .append("<table>\n<thead><tr><th>filesystem</th><th>tuning</th><th>mount options</th>")
        .append("<th>properties</th><th>made with</th></tr></thead>\n<tbody>\n");
    for (AppliedVolumes v : volumes) {
      out.append("<tr><td>")
          .append(esc(v.fileSystem()))
          .append("</td><td>")
          .append(esc(v.tuning()))
          .append("</td><td><code>")
          .append(esc(v.applied().mountOptions()))
          .append("</code></td><td>")
          .append(esc(v.properties()))
          .append("</td><td><code>")
          .append(esc(String.join("; ", v.applied().mkfsCommand())))
          .append("</code></td></tr>\n");
    }
    out.append("</tbody>\n</table>\n</section>\n");
  }

  private static void environment(Environment env, Appendable out) throws IOException {
    out.append("<section id=\"environment\">\n<h2>Environment</h2>\n<table class=\"env\">\n");
    envRow(out, "date", HumanUnits.dateTime(env.date()));
    envRow(out, "host", env.hostname());
    envRow(out, "kernel", env.kernel());
    envRow(out, "CPU", env.cpuModel() + " (" + env.cpuCount() + " logical)");
    envRow(out, "memory", HumanUnits.bytes(env.memoryBytes()));
    envRow(out, "fsbench", env.fsbenchVersion());
    for (Map.Entry<String, String> tool : env.toolVersions().entrySet()) {
      envRow(out, tool.getKey(), tool.getValue());
    }
    out.append("</table>\n</section>\n");
  }

  private static void envRow(Appendable out, String key, String value) throws IOException {
    out.append("<tr><th>").append(esc(key)).append("</th><td>").append(esc(value));
    out.append("</td></tr>\n");
  }

  private static void method(Comparison c, Appendable out) throws IOException {
    out.append("<section id=\"method\">\n<h2>How to read this</h2>\n<ul>\n")
        .append("<li><b>median</b> of the measured runs; warm-up runs are left out.</li>\n")
        .append("<li><b>±95% CI</b>: half-width of the 95% confidence interval of the mean,")
        .append(" from Student's t with n − 1 degrees of freedom; none from a single run.</li>\n")
        .append("<li><b>CV</b>: coefficient of variation, standard deviation over mean;")
        .append(" above 10% the runs disagree.</li>\n");
    if (c.settings().hasBaseline()) {
      out.append("<li>")
          .append(esc(Summary.ratioLegend(c.settings().baseline())))
          .append(". The ratio's own 95% interval (under Every metric) is Fieller's for the")
          .append(" ratio of two independent means.</li>\n");
    }
    out.append("<li>MiB = 2<sup>20</sup> bytes; latencies in ns, µs (10<sup>3</sup> ns) or ms")
        .append(" (10<sup>6</sup> ns).</li>\n</ul>\n</section>\n");
  }

  private static String esc(String text) {
    return Html.escape(text);
  }
}
