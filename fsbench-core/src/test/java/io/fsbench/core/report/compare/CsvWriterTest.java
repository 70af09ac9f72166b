package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvWriterTest {

  private final Comparison comparison = ComparisonFixture.comparison();
  private final String csv = new CsvWriter().render(comparison);

  @Test
  void matchesTheGoldenFile() {
    Golden.assertMatches(csv, "comparison.csv");
  }

  @Test
  void hasTheHeaderAndOneRowPerCellAndMetric() {
    List<List<String>> rows = Csv.parse(csv);

    assertThat(rows.get(0)).isEqualTo(CsvWriter.COLUMNS);
    int metrics = comparison.cells().stream().mapToInt(c -> c.summaries().size()).sum();
    assertThat(rows).hasSize(1 + metrics);
    assertThat(rows).allSatisfy(r -> assertThat(r).hasSize(CsvWriter.COLUMNS.size()));
  }

  @Test
  void endsRecordsWithCrLf() {
    assertThat(csv).startsWith("workload,filesystem,tuning,metric,unit,headline,n,median,");
    assertThat(csv.split("\r\n", -1)).hasSize(Csv.parse(csv).size() + 1);
  }

  @Test
  void writesRawNumbersWithoutExponentOrGrouping() {
    assertThat(CsvWriter.number(12430)).isEqualTo("12430");
    assertThat(CsvWriter.number(5.0913e8)).isEqualTo("509130000");
    assertThat(CsvWriter.number(0.1)).isEqualTo("0.1");
    assertThat(CsvWriter.number(1e-7)).isEqualTo("0.0000001");
    assertThat(CsvWriter.number(Double.NaN)).isEmpty();
  }

  @Test
  void quotesFieldsAsRfc4180Says() {
    assertThat(CsvWriter.quote("plain")).isEqualTo("plain");
    assertThat(CsvWriter.quote("a,b")).isEqualTo("\"a,b\"");
    assertThat(CsvWriter.quote("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
    assertThat(CsvWriter.quote("two\nlines")).isEqualTo("\"two\nlines\"");
  }

  @Test
  void hostileTextSurvivesARoundTrip() {
    Comparison hostile = HostileFixture.comparison();
    List<List<String>> rows = Csv.parse(new CsvWriter().render(hostile));
    ComparisonCell xfs = hostile.cells().get(1);

    List<String> row = rows.get(2);
    assertThat(row.get(2)).isEqualTo(xfs.tuning().label());
    assertThat(row.get(18)).isEqualTo(xfs.failure());
  }

  /** A strict RFC 4180 reader, so that the test does not trust the writer's own quoting. */
  static final class Csv {
    static List<List<String>> parse(String text) {
      List<List<String>> rows = new ArrayList<>();
      List<String> row = new ArrayList<>();
      StringBuilder field = new StringBuilder();
      boolean quoted = false;
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        if (quoted) {
          if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
            field.append('"');
            i++;
          } else if (c == '"') {
            quoted = false;
          } else {
            field.append(c);
          }
        } else if (c == '"') {
          quoted = true;
        } else if (c == ',') {
          row.add(field.toString());
          field.setLength(0);
        } else if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
          row.add(field.toString());
          field.setLength(0);
          rows.add(row);
          row = new ArrayList<>();
          i++;
        } else {
          field.append(c);
        }
      }
      return rows;
    }
  }
}
