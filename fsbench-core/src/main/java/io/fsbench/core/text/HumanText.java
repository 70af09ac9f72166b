package io.fsbench.core.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;

/** Numbers and durations as a person reads them: {@code 45.7}, {@code 2 min 5 s}. */
public final class HumanText {

  /** What is printed for a number that does not exist (one run has no interval). */
  public static final String ABSENT = "–";

  private HumanText() {}

  /**
   * At most three significant digits below 100 and whole numbers above, trailing zeros dropped,
   * never in exponent form, '.' as decimal point, no grouping: {@code 12346}, {@code 512}, {@code
   * 45.7}, {@code 4.57}, {@code 2.5}, {@code 0.0457}.
   */
  public static String number(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return ABSENT;
    }
    double abs = Math.abs(value);
    String s;
    if (abs >= 100) {
      s = new BigDecimal(value).setScale(0, RoundingMode.HALF_EVEN).toPlainString();
    } else if (abs == 0) {
      s = "0";
    } else {
      BigDecimal rounded = new BigDecimal(value).round(new MathContext(3, RoundingMode.HALF_EVEN));
      s = rounded.stripTrailingZeros().toPlainString();
    }
    return s.equals("-0") ? "0" : s;
  }

  /** {@code 45 s}, {@code 2 min 5 s}, {@code 1 h 2 min}, {@code 0.25 s}. */
  public static String duration(Duration duration) {
    long seconds = duration.getSeconds();
    if (seconds < 60) {
      double exact = duration.toNanos() / 1e9;
      return number(exact) + " s";
    }
    long h = seconds / 3600;
    long m = (seconds % 3600) / 60;
    long s = seconds % 60;
    if (h > 0) {
      return h + " h " + m + " min";
    }
    return s == 0 ? m + " min" : m + " min " + s + " s";
  }
}
