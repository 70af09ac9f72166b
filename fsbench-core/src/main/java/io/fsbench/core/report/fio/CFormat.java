package io.fsbench.core.report.fio;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Numbers as glibc's printf writes them, independent of the default locale: {@code %f} rounds the
 * exact binary value of the double half-to-even ({@code printf("%.2f", 0.125)} is {@code 0.12}),
 * where Java's {@code String.format} rounds its shortest decimal form half-up and uses the locale's
 * decimal separator.
 */
final class CFormat {

  private CFormat() {}

  /** {@code %.<precision>f}. */
  static String fixed(double value, int precision) {
    if (Double.isNaN(value)) {
      return "nan";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "inf" : "-inf";
    }
    String digits =
        new BigDecimal(value).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
    boolean negative = value < 0 || (value == 0 && 1 / value < 0);
    return negative && !digits.startsWith("-") ? "-" + digits : digits;
  }

  /** {@code %<width>.<precision>f}: right-aligned in at least {@code width} characters. */
  static String fixed(double value, int width, int precision) {
    return pad(fixed(value, precision), width);
  }

  /** {@code %<width>s} or {@code %<width>llu}: right-aligned in at least {@code width}. */
  static String pad(Object value, int width) {
    String text = String.valueOf(value);
    return text.length() >= width ? text : " ".repeat(width - text.length()) + text;
  }
}
