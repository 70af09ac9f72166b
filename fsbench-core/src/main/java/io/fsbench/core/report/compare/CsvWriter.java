package io.fsbench.core.report.compare;

import io.fsbench.api.BaselineRatio;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.MetricSummary;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;

/**
 * The comparison as CSV, one row per cell and metric, with raw numbers in the metric's own unit
 * ('.' as decimal point, no grouping, no exponent), RFC 4180 quoting and CRLF line ends. An absent
 * number (no interval from one run, no baseline) is an empty field.
 */
public final class CsvWriter implements ComparisonWriter {

  static final List<String> COLUMNS =
      List.of(
          "workload",
          "filesystem",
          "tuning",
          "metric",
          "unit",
          "headline",
          "n",
          "median",
          "mean",
          "stddev",
          "ci_low",
          "ci_high",
          "cv",
          "baseline",
          "baseline_ratio",
          "ratio_ci_low",
          "ratio_ci_high",
          "distinguishable",
          "failure");

  @Override
  public void write(Comparison comparison, Appendable out) throws IOException {
    record(out, COLUMNS);
    for (ComparisonCell cell : comparison.cells()) {
      String headline = cell.headlineMetric().orElse("");
      for (MetricSummary s : cell.summaries().values()) {
        BaselineRatio r = cell.baselineRatios().get(s.name());
        record(
            out,
            List.of(
                cell.workload(),
                cell.fileSystem(),
                cell.tuning().label(),
                s.name(),
                s.unit().key(),
                Boolean.toString(s.name().equals(headline)),
                Integer.toString(s.n()),
                number(s.median()),
                number(s.mean()),
                number(s.stddev()),
                number(s.ciLow()),
                number(s.ciHigh()),
                number(s.cv()),
                r == null ? "" : r.baselineFileSystem() + " " + r.baselineTuning(),
                r == null ? "" : number(r.ratio()),
                r == null ? "" : number(r.ciLow()),
                r == null ? "" : number(r.ciHigh()),
                r == null ? "" : Boolean.toString(r.distinguishable()),
                cell.failure()));
      }
      if (cell.summaries().isEmpty()) {
        record(
            out,
            List.of(
                cell.workload(),
                cell.fileSystem(),
                cell.tuning().label(),
                "",
                "",
                "",
                "0",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                cell.failure()));
      }
    }
  }

  /**
   * The shortest decimal that reads back as the same double, without exponent: {@code 12430},
   * {@code 0.1666666666666667}; empty for NaN.
   */
  static String number(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return "";
    }
    BigDecimal exact = new BigDecimal(Double.toString(value));
    String plain = exact.stripTrailingZeros().toPlainString();
    return plain.equals("-0") ? "0" : plain;
  }

  private static void record(Appendable out, List<String> fields) throws IOException {
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      out.append(quote(fields.get(i)));
    }
    out.append("\r\n");
  }

  /** RFC 4180: quote a field holding a comma, quote, CR or LF, and double its quotes. */
  static String quote(String field) {
    if (field.contains(",")
        || field.contains("\"")
        || field.contains("\r")
        || field.contains("\n")) {
      return '"' + field.replace("\"", "\"\"") + '"';
    }
    return field;
  }
}
