package io.fsbench.core.report.compare;

import io.fsbench.Reports;
import io.fsbench.Reports.ComparisonFormat;
import io.fsbench.api.Comparison;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Under de_DE the decimal separator is ','; reports must not change. */
@Isolated
class LocaleIndependenceTest {

  private Locale saved;

  @BeforeEach
  void useGerman() {
    saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
  }

  @AfterEach
  void restore() {
    Locale.setDefault(saved);
  }

  @ParameterizedTest
  @EnumSource(ComparisonFormat.class)
  void everyFormatMatchesItsGoldenFileInAGermanLocale(ComparisonFormat format) {
    Comparison comparison = ComparisonFixture.comparison();

    Golden.assertMatches(Reports.format(comparison, format), "comparison." + format.extension());
  }

  @ParameterizedTest
  @EnumSource(ComparisonFormat.class)
  void everyFormatOfAgedVolumesMatchesItsGoldenFileInAGermanLocale(ComparisonFormat format) {
    Comparison comparison = AgedComparisonFixture.comparison();

    Golden.assertMatches(Reports.format(comparison, format), "aged." + format.extension());
  }
}
