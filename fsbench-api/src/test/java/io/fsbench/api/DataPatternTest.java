package io.fsbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** fio's pattern syntax; the expected bytes are what fio 3.33 writes for each buffer_pattern. */
class DataPatternTest {

  private static String hex(byte[] bytes) {
    StringBuilder s = new StringBuilder();
    for (byte b : bytes) {
      s.append(String.format("%02x", b));
    }
    return s.toString();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "0xaa555aa5|aa555aa5",
        "0xabc|0abc",
        "0XFF|ff",
        "256|0001",
        "0|00",
        "-1|ffffffff",
        "+7|07",
        "\"ab\"0x01|616201",
        "0xff0x14|ff14",
        "10x5|0105",
        "\"fsbench\"|66736265 6e6368",
      })
  void parsesEveryElementAsFioDoes(String text, String bytes) {
    assertThat(hex(DataPattern.parse(text).bytes(0))).isEqualTo(bytes.replace(" ", ""));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"0xaa 0xbb", "abc", "0x", "\"unterminated", "1234567890123", "%d", "''", "\"\""})
  void refusesWhatFioRefusesNamingTheValue(String text) {
    assertThatThrownBy(() -> DataPattern.parse(text))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("pattern (" + text + ")");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "   "})
  void refusesAnEmptyPattern(String text) {
    assertThatThrownBy(() -> DataPattern.parse(text)).hasMessageContaining("is empty");
  }

  @org.junit.jupiter.api.Test
  void refusesAPatternLongerThanFiosLimit() {
    assertThatThrownBy(() -> DataPattern.parse("0x" + "ab".repeat(513)))
        .hasMessageContaining("longer than fio's limit of 512 bytes");
  }

  @org.junit.jupiter.api.Test
  void fillsInTheOffsetLittleEndian() {
    DataPattern p = DataPattern.parse("0x01%o");
    assertThat(p.hasOffset()).isTrue();
    assertThat(p.length()).isEqualTo(9);
    assertThat(hex(p.bytes(0x0102030405L))).isEqualTo("01" + "0504030201000000");
  }

  @org.junit.jupiter.api.Test
  void aBufferPatternCannotHoldTheOffset() {
    assertThatThrownBy(() -> BufferContent.RANDOM.pattern(DataPattern.parse("%o")))
        .hasMessageContaining("buffer_pattern (%o) holds %o");
  }
}
