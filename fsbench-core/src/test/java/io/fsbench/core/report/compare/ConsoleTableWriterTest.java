package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.Comparison;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleTableWriterTest {

  private final Comparison comparison = ComparisonFixture.comparison();
  private final String text = new ConsoleTableWriter().render(comparison);

  @Test
  void matchesTheGoldenFile() {
    Golden.assertMatches(text, "comparison.txt");
  }

  @Test
  void fitsAHundredColumnTerminal() {
    assertThat(text.lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(100));
  }

  @Test
  void putsEachOverviewRowsLabelOnALineOfItsOwnWhereTheRowsDoNotFitTheWidth() throws IOException {
    StringBuilder narrow = new StringBuilder();
    ConsoleTableWriter.overview(comparison, narrow, 80);

    List<String> lines = narrow.toString().lines().toList();
    assertThat(lines).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
    assertThat(lines).contains("  randwrite-4k", "  fsmark");
    assertThat(lines)
        .anySatisfy(line -> assertThat(line).startsWith("      IOPS ↑").contains("12430", "1.07×"));
  }

  @Test
  void leavesTheOverviewOutWhereEvenTwoLinesARowDoNotFit() throws IOException {
    StringBuilder tiny = new StringBuilder();
    ConsoleTableWriter.overview(comparison, tiny, 40);

    assertThat(tiny.toString()).isEmpty();
  }

  @Test
  void showsEachCellAgainstTheBaseline() {
    assertThat(text)
        .contains("1.07× ext4")
        .contains("≈ ext4 (not distinguishable)")
        .contains("0.74× ext4")
        .contains("baseline")
        .contains("failed after 1 run");
  }

  @Test
  void endsWithTheWarnings() {
    assertThat(text).contains("warnings:\n  - 1 cell failed");
    assertThat(text).contains("working set fits in RAM");
  }
}
