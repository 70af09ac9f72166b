package io.fsbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.Reports.ComparisonFormat;
import io.fsbench.api.Comparison;
import io.fsbench.api.InvalidInputException;
import io.fsbench.core.report.compare.ComparisonFixture;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonReportsTest {

  @TempDir Path temp;

  private final Comparison comparison = ComparisonFixture.comparison();

  @Test
  void parsesFormatsByNameOrExtension() {
    assertThat(ComparisonFormat.parse("Markdown")).isEqualTo(ComparisonFormat.MARKDOWN);
    assertThat(ComparisonFormat.parse("md")).isEqualTo(ComparisonFormat.MARKDOWN);
    assertThat(ComparisonFormat.parse("txt")).isEqualTo(ComparisonFormat.TEXT);
    assertThatThrownBy(() -> ComparisonFormat.parse("xml"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("(xml)")
        .hasMessageContaining("html");
  }

  @Test
  void writesTheSameReportToAWriterAsToAString() throws IOException {
    for (ComparisonFormat format : ComparisonFormat.values()) {
      StringWriter out = new StringWriter();

      Reports.write(comparison, format, out);

      assertThat(out.toString()).as(format.name()).isEqualTo(Reports.format(comparison, format));
    }
  }

  @Test
  void writesEveryFormatIntoADirectoryItMakes() throws IOException {
    Path directory = temp.resolve("fsbench-report/nested");

    List<Path> files = Reports.writeAll(comparison, directory);

    assertThat(files)
        .extracting(f -> f.getFileName().toString())
        .containsExactly("report.txt", "report.md", "report.csv", "report.json", "report.html");
    for (ComparisonFormat format : ComparisonFormat.values()) {
      assertThat(Files.readString(directory.resolve(format.fileName()), StandardCharsets.UTF_8))
          .isEqualTo(Reports.format(comparison, format));
    }
  }
}
