package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.Reports;
import io.fsbench.Reports.ComparisonFormat;
import io.fsbench.api.Comparison;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The reports of a comparison with aged volumes: fresh and aged side by side, and layout scores.
 */
class AgedReportTest {

  private final Comparison comparison = AgedComparisonFixture.comparison();
  private final String text = new ConsoleTableWriter().render(comparison);
  private final String markdown = new MarkdownWriter().render(comparison);
  private final String html = new HtmlWriter().render(comparison);

  @ParameterizedTest
  @EnumSource(ComparisonFormat.class)
  void everyFormatMatchesItsGoldenFile(ComparisonFormat format) {
    Golden.assertMatches(Reports.format(comparison, format), "aged." + format.extension());
  }

  @Test
  void textShowsEachVolumesAgingApartFromTheMeasuredTime() {
    assertThat(text)
        .contains("aged volumes:")
        .contains("aging took 2 min 12 s in all")
        .contains("ext4 (defaults) for seqread-128k-aged: aged in 41.2 s, 80.3% full, 944 files")
        .contains("free space fresh: 6 free extents, largest 255.5 MiB")
        .contains("free space aged: 556 free extents, largest 8.7 MiB")
        .contains("free space fresh: btrfs reports none");
  }

  @Test
  void textPutsFreshAndAgedSideBySideWithTheirRatioAndLayout() {
    assertThat(text)
        .containsPattern("(?m)^  ext4 +defaults +2879 ±387 +2600 ±919 +≈0\\.94× +1 → 18$")
        .containsPattern("(?m)^  xfs +defaults +2354 ±124 +1204 ±88\\.4 +0\\.52× +1 → 7$")
        .containsPattern("(?m)^  btrfs +defaults +708 ±49\\.8 +1192 +failed +1 → 99$");
  }

  @Test
  void textShowsTheLayoutScoreBesideEachWorkloadsTable() {
    assertThat(text)
        .contains(
            "seqread-128k · layout.score (x, lower is better; contiguous pieces per file read)")
        .contains("seqread-128k-aged · layout.score");
  }

  @Test
  void textStillFitsAHundredColumns() {
    assertThat(text.lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(100));
  }

  @Test
  void markdownHasTheAgedSectionAsATable() {
    assertThat(markdown)
        .contains("## Aged volumes")
        .contains("| filesystem | tuning | fresh | aged | aged vs fresh | layout fresh → aged |")
        .containsPattern(
            "\\| xfs \\| defaults \\| 2354 ±[\\d.]+ \\| 1204 ±[\\d.]+ \\| 0\\.5\\d× \\|");
  }

  @Test
  void htmlColoursADistinguishablyWorseAgedCellAndShowsTheLayoutTable() {
    assertThat(html)
        .contains("<section id=\"aged\">\n<h2>Aged volumes</h2>")
        .containsPattern("<td class=\"num worse\">0\\.5\\d×</td><td class=\"num\">1 → 7<")
        .contains("<td class=\"num failed\">failed</td>")
        .contains("seqread-128k <span class=\"unit\">layout.score (x, lower is better");
  }

  @Test
  void jsonCarriesTheTypedAgingOnAgedCellsOnly() throws Exception {
    JsonNode cells = new ObjectMapper().readTree(new JsonWriter().render(comparison)).path("cells");
    for (JsonNode cell : cells) {
      boolean aged = cell.path("workload").asText().endsWith("-aged");
      assertThat(cell.has("aging")).as(cell.path("workload").asText()).isEqualTo(aged);
    }
    JsonNode ext4 = cells.get(3).path("aging");
    assertThat(cells.get(3).path("filesystem").asText()).isEqualTo("ext4");
    assertThat(ext4.path("profile").asText()).startsWith("desktop:fullness=80.00%");
    assertThat(ext4.path("duration_seconds").asDouble()).isEqualTo(41.2);
    assertThat(ext4.path("fullness").asDouble()).isEqualTo(0.803);
    assertThat(ext4.path("files").asLong()).isEqualTo(944);
    assertThat(ext4.path("fragmentation_after").path("free_extents").asLong()).isEqualTo(556);
    assertThat(cells.get(5).path("aging").path("fragmentation_before").isNull()).isTrue();
  }

  @Test
  void aComparisonOfFreshVolumesOnlyHasNoAgedSection() {
    Comparison fresh = ComparisonFixture.comparison();

    assertThat(new ConsoleTableWriter().render(fresh)).doesNotContain("aged volumes");
    assertThat(new MarkdownWriter().render(fresh)).doesNotContain("Aged volumes");
    assertThat(new HtmlWriter().render(fresh)).doesNotContain("id=\"aged\"");
  }
}
