package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.Comparison;
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
