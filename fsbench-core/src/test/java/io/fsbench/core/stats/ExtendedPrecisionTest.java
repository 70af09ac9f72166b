package io.fsbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExtendedPrecisionTest {

  /**
   * Expected counts computed in C on x86-64 as {@code ceil((long double) p / 100.0 * n)}, fio's
   * comparison; the rows with 99.95, 66.7 and 0.1 are those where double arithmetic differs.
   */
  @ParameterizedTest(name = "{0}% of {1} needs {2} samples")
  @CsvSource({
    "1, 1, 1",
    "1, 1000, 10",
    "1, 123456789, 1234568",
    "30, 1000, 300",
    "30, 123456789, 37037037",
    "70, 123456789, 86419753",
    "99, 1000, 990",
    "99, 123456789, 122222222",
    "99.95, 10000, 9996",
    "99.95, 1000000, 999501",
    "99.95, 1000000000, 999500001",
    "99.99, 1, 1",
    "99.99, 1000, 1000",
    "99.99, 123456789, 123444444",
    "66.7, 1000, 668",
    "66.7, 10000, 6671",
    "66.7, 1000000, 667001",
    "66.7, 1000000000, 667000001",
    "0.1, 1, 1",
    "0.1, 1000, 2",
    "0.1, 10000, 11",
    "0.1, 1000000, 1001",
    "0.1, 123456789, 123457",
    "100, 994, 994",
    "50, 994, 497"
  })
  void matchesX86LongDoubleArithmetic(double percent, long n, long expected) {
    assertThat(ExtendedPrecision.countReaching(percent, n)).isEqualTo(expected);
  }
}
