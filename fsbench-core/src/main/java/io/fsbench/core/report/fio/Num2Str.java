package io.fsbench.core.report.fio;

/**
 * fio's compact numbers ({@code num2str}) for its text output: at most {@code maxDigits} digits (a
 * decimal point counts as one), scaled by 1000 or 1024 with an SI or IEC prefix, e.g. {@code 279k},
 * {@code 40.1k}, {@code 1089MiB/s}, {@code 7357.1k}. Rounding is fio's: a dropped remainder of half
 * or more rounds the last digit up.
 */
final class Num2Str {

  private static final String[] SI = {"", "k", "M", "G", "T", "P", "E"};
  private static final String[] IEC = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

  private Num2Str() {}

  /**
   * @param value a count, in bytes for byte units
   * @param maxDigits the most digits to show (fio's significant figures)
   * @param binary scale by 1024 with Ki/Mi/..., else by 1000 with k/M/...
   * @param unit appended after the prefix: {@code ""}, {@code "B"} or {@code "B/s"}
   */
  static String format(long value, int maxDigits, boolean binary, String unit) {
    String[] prefixes = binary ? IEC : SI;
    long thousand = binary ? 1024 : 1000;
    long num = value;
    long remainder = -1;
    int scale = 0;
    while (scale < prefixes.length && digits(num) > maxDigits) {
      remainder = num % thousand;
      num /= thousand;
      scale++;
    }
    if (scale >= prefixes.length) {
      scale = 0; // as fio: past exa the prefix wraps to none
    }
    if (remainder < 0) {
      return num + prefixes[scale] + unit;
    }
    int room = maxDigits - digits(num);
    if (room <= 1) {
      boolean carry = remainder >= thousand / 2;
      return (carry ? num + 1 : num) + prefixes[scale] + unit;
    }
    String fraction = CFormat.fixed((double) remainder / (double) thousand, room - 1);
    if (fraction.charAt(0) == '1') {
      num++; // the fraction rounded up to 1.0
    }
    return num + "." + fraction.substring(2) + prefixes[scale] + unit;
  }

  private static int digits(long num) {
    return Long.toUnsignedString(num).length();
  }
}
