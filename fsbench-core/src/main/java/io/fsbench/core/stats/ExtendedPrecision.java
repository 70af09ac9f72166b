package io.fsbench.core.stats;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * fio decides which bucket holds a percentile with {@code sum >= (long double) p / 100.0 * n}. On
 * x86-64 that is 80-bit extended precision (a 64-bit significand). With {@code p = 99.95} and 10000
 * samples the product is a hair above 9995 there, so fio waits for the 9996th sample, where double
 * arithmetic rounds to exactly 9995 and would pick an earlier bucket. This class repeats fio's two
 * roundings exactly, with BigDecimal; it runs once per percentile, not per sample.
 */
final class ExtendedPrecision {

  private static final int SIGNIFICAND_BITS = 64;
  private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

  private ExtendedPrecision() {}

  /** The smallest count {@code c} with {@code c >= (long double) percent / 100.0 * n}. */
  static long countReaching(double percent, long n) {
    BigDecimal fraction = round(new BigDecimal(percent).divide(HUNDRED));
    BigDecimal threshold = round(fraction.multiply(BigDecimal.valueOf(n)));
    return threshold.setScale(0, RoundingMode.CEILING).longValueExact();
  }

  /** Rounds a positive value to the nearest value with a 64-bit significand, ties to even. */
  static BigDecimal round(BigDecimal x) {
    if (x.signum() == 0) {
      return x;
    }
    int exponent = Math.getExponent(x.doubleValue());
    while (powerOfTwo(exponent).compareTo(x) > 0) {
      exponent--;
    }
    while (powerOfTwo(exponent + 1).compareTo(x) <= 0) {
      exponent++;
    }
    int shift = SIGNIFICAND_BITS - 1 - exponent;
    BigInteger significand =
        x.multiply(powerOfTwo(shift)).setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact();
    return new BigDecimal(significand).multiply(powerOfTwo(-shift));
  }

  /** 2^e, exactly; negative powers are finite decimals (5^k / 10^k). */
  private static BigDecimal powerOfTwo(int e) {
    return e >= 0
        ? new BigDecimal(BigInteger.ONE.shiftLeft(e))
        : new BigDecimal(BigInteger.valueOf(5).pow(-e), -e);
  }
}
