package io.fsbench.core.report.fio;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Num2StrTest {

  /** Strings as real fio 3.33 printed them for these numbers, or for numbers that print alike. */
  @ParameterizedTest(name = "{0} with {1} digits is {4}")
  @CsvSource({
    "279000, 4, false, '', 279k",
    "40117, 4, false, '', 40.1k",
    "8719, 4, false, '', 8719",
    "7357123, 6, false, '', 7357.1k",
    "13614433, 6, false, '', 13614k",
    "817, 6, false, '', 817",
    "1142165000, 4, true, B/s, 1089MiB/s",
    "1142165000, 4, false, B/s, 1142MB/s",
    "35714245, 4, true, B/s, 34.1MiB/s",
    "35714245, 4, false, B/s, 35.7MB/s",
    "35754385, 4, false, B/s, 35.8MB/s",
    "4071424, 4, true, B, 3976KiB",
    "4071424, 4, false, B, 4071kB",
    "2285000000, 4, true, B, 2179MiB",
    "0, 4, true, B/s, 0B/s"
  })
  void formatsAsFio(long value, int digits, boolean binary, String unit, String expected) {
    assertThat(Num2Str.format(value, digits, binary, unit)).isEqualTo(expected);
  }
}
