package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.api.BaselineRatio;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.MetricSummary;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every writer is fed the same comparison; the numbers a reader sees must be the same in all. */
class WritersAgreeTest {

  private final Comparison comparison = ComparisonFixture.comparison();
  private final String text = new ConsoleTableWriter().render(comparison);
  private final String markdown = new MarkdownWriter().render(comparison);
  private final String html = new HtmlWriter().render(comparison);
  private final List<List<String>> csv =
      CsvWriterTest.Csv.parse(new CsvWriter().render(comparison));

  @Test
  void csvAndJsonCarryTheModelsExactNumbers() throws Exception {
    JsonNode cells = new ObjectMapper().readTree(new JsonWriter().render(comparison)).path("cells");
    int row = 1;
    for (int i = 0; i < comparison.cells().size(); i++) {
      ComparisonCell cell = comparison.cells().get(i);
      for (MetricSummary s : cell.summaries().values()) {
        List<String> fields = csv.get(row++);
        JsonNode json = cells.get(i).path("summaries").path(s.name());
        assertThat(fields.subList(0, 4))
            .containsExactly(cell.workload(), cell.fileSystem(), cell.tuning().label(), s.name());
        assertThat(Double.parseDouble(fields.get(7))).isEqualTo(s.median());
        assertThat(json.path("median").asDouble()).isEqualTo(s.median());
        assertThat(Double.parseDouble(fields.get(8))).isEqualTo(s.mean());
        assertThat(json.path("mean").asDouble()).isEqualTo(s.mean());
        if (s.hasInterval()) {
          assertThat(Double.parseDouble(fields.get(10))).isEqualTo(s.ciLow());
          assertThat(json.path("ci95_high").asDouble()).isEqualTo(s.ciHigh());
        }
        BaselineRatio r = cell.baselineRatios().get(s.name());
        if (r != null) {
          assertThat(Double.parseDouble(fields.get(14))).isEqualTo(r.ratio());
          assertThat(json.path("n").asInt()).isEqualTo(s.n());
          assertThat(cells.get(i).path("baseline_ratios").path(s.name()).path("ratio").asDouble())
              .isEqualTo(r.ratio());
          assertThat(fields.get(17)).isEqualTo(Boolean.toString(r.distinguishable()));
        }
      }
    }
    assertThat(row).isEqualTo(csv.size());
  }

  @Test
  void textMarkdownAndHtmlShowTheSameHeadlineRow() {
    for (WorkloadTable table : WorkloadTable.of(comparison)) {
      for (WorkloadTable.Row row : table.rows()) {
        String fs = row.cell().fileSystem();
        String tuning = row.cell().tuning().label();
        String median = table.median(row);
        String ci = table.plusMinus(row);
        String cv = table.cv(row);
        String vs = row.vsBaseline();

        assertThat(text)
            .containsPattern(
                "(?m)^  "
                    + q(fs)
                    + " +"
                    + q(tuning)
                    + " +"
                    + q(median)
                    + " +"
                    + q(ci)
                    + " +"
                    + q(cv)
                    + " +"
                    + q(table.n(row))
                    + "  "
                    + q(vs)
                    + "$");
        assertThat(markdown)
            .contains(
                "| "
                    + fs
                    + " | "
                    + MarkdownWriter.escape(tuning)
                    + " | "
                    + median
                    + " | "
                    + ci
                    + " | "
                    + cv
                    + " | "
                    + table.n(row)
                    + " | "
                    + vs
                    + " |");
        assertThat(html)
            .containsPattern(
                "<tr><td>"
                    + q(fs)
                    + "</td><td>"
                    + q(tuning)
                    + "</td><td class=\"num\">"
                    + q(median)
                    + "</td><td class=\"num\">"
                    + q(ci)
                    + "</td><td class=\"num\">"
                    + q(cv)
                    + "</td><td class=\"num\">"
                    + q(table.n(row))
                    + "</td><td class=\"[a-z]+\">"
                    + q(vs)
                    + "</td></tr>");
      }
    }
  }

  @Test
  void theHeadlineNumbersAreWhatAPersonComputesByHand() {
    // xfs randwrite-4k: runs 13150, 13300, 13420 IOPS; ext4: 12300, 12430, 12560
    assertThat(text).contains("13300").contains("1.07× ext4");
    assertThat(markdown).contains("| xfs | defaults | 13300 | ±336 | 1.0% | 3 | 1.07× ext4 |");
    assertThat(html).contains("13300").contains("1.07× ext4");
    // ext4 write-1m: 480, 490, 500 MiB/s -> median 490, half-width 4.303 * 10 / sqrt(3) = 24.8
    assertThat(text).containsPattern("ext4 +defaults +490 +±24\\.8 +2\\.0%");
  }

  @Test
  void chartsShowTheMeansInTheTablesScale() {
    for (WorkloadTable table : WorkloadTable.of(comparison)) {
      for (String value : SvgBarChart.values(table)) {
        assertThat(html).contains("<text class=\"value\"").contains(">" + value);
      }
    }
  }

  private static String q(String s) {
    return java.util.regex.Pattern.quote(s);
  }
}
