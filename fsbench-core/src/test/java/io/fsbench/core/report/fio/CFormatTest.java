package io.fsbench.core.report.fio;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CFormatTest {

  /** Expected strings are what glibc's printf prints for the same doubles. */
  @ParameterizedTest(name = "%.{1}f of {0} is {2}")
  @CsvSource({
    "0.0, 6, 0.000000",
    "49552.984909, 6, 49552.984909",
    "99.9, 6, 99.900000",
    "99.95, 6, 99.950000",
    "0.125, 2, 0.12",
    "0.375, 2, 0.38",
    "2.5, 0, 2",
    "3.5, 0, 4",
    "74.975, 2, 74.97",
    "0.0000005, 6, 0.000000",
    "1e20, 6, 100000000000000000000.000000",
    "-1.5, 1, -1.5",
    "-0.0000001, 6, -0.000000"
  })
  void roundsTheExactBinaryValueHalfToEvenAsGlibc(double value, int precision, String expected) {
    assertThat(CFormat.fixed(value, precision)).isEqualTo(expected);
  }

  @Test
  void keepsTheSignOfNegativeZero() {
    assertThat(CFormat.fixed(-0.0, 6)).isEqualTo("-0.000000");
  }

  @Test
  void padsToTheFieldWidthLikePrintf() {
    assertThat(CFormat.fixed(3.14159, 5, 2)).isEqualTo(" 3.14");
    assertThat(CFormat.fixed(12345.678, 5, 2)).isEqualTo("12345.68");
    assertThat(CFormat.pad(7, 2)).isEqualTo(" 7");
  }
}
