package io.fsbench.api;

import java.util.Locale;

/**
 * An amount of bytes, parsed and printed in fio's units.
 *
 * <p>As in fio with its default {@code kb_base=1024}, {@code 4k} is 4096 bytes and {@code 1m} is 1
 * MiB; suffixes are case-insensitive and {@code b} means byte. fio deliberately inverts the SI/IEC
 * meanings for compatibility with old job files, and so does fsbench: {@code 1ki} or {@code 1kib}
 * is 1000 bytes. {@link #parse(String, int)} takes {@code kb_base=1000}, which swaps the two.
 *
 * <pre>{@code
 * Size block = Size.parse("4k");        // 4096 bytes
 * Size image = Size.gib(2);             // printed as "2g"
 * }</pre>
 *
 * @param bytes the number of bytes, never negative
 */
public record Size(long bytes) implements Comparable<Size> {

  private static final String UNITS = "kmgtpe";

  public static final Size ZERO = new Size(0);

  public Size {
    if (bytes < 0) {
      throw new InvalidInputException(
          "size (" + bytes + " bytes) must not be negative; give a size such as 4k, 64m or 2g");
    }
  }

  public static Size bytes(long bytes) {
    return new Size(bytes);
  }

  public static Size kib(long kib) {
    return new Size(Math.multiplyExact(kib, 1L << 10));
  }

  public static Size mib(long mib) {
    return new Size(Math.multiplyExact(mib, 1L << 20));
  }

  public static Size gib(long gib) {
    return new Size(Math.multiplyExact(gib, 1L << 30));
  }

  /** Parses a size in fio's units with {@code kb_base=1024}: {@code 4k}, {@code 1m}, {@code 2g}. */
  public static Size parse(String text) {
    return parse(text, 1024);
  }

  /**
   * Parses a size as fio does with the given {@code kb_base} (1024 or 1000).
   *
   * @throws InvalidInputException naming the text when it is not a size
   */
  public static Size parse(String text, int kbBase) {
    if (kbBase != 1024 && kbBase != 1000) {
      throw new InvalidInputException("kb_base (" + kbBase + ") must be 1024 or 1000");
    }
    if (text == null || text.isBlank()) {
      throw new InvalidInputException("size is empty; give a size such as 4k, 64m or 2g");
    }
    String s = text.strip().toLowerCase(Locale.ROOT);
    int end = 0;
    while (end < s.length() && (Character.isDigit(s.charAt(end)) || s.charAt(end) == '.')) {
      end++;
    }
    if (s.startsWith("-")) {
      throw new InvalidInputException(
          "size (" + text + ") must not be negative; give a size such as 4k, 64m or 2g");
    }
    if (end == 0) {
      throw unparsable(text);
    }
    String number = s.substring(0, end);
    long multiplier = multiplier(text, s.substring(end).strip(), kbBase);
    try {
      if (number.contains(".")) {
        double value = Double.parseDouble(number) * multiplier;
        if (value >= Long.MAX_VALUE) {
          throw tooLarge(text);
        }
        return new Size(Math.round(value));
      }
      return new Size(Math.multiplyExact(Long.parseLong(number), multiplier));
    } catch (NumberFormatException e) {
      throw unparsable(text);
    } catch (ArithmeticException e) {
      throw tooLarge(text);
    }
  }

  private static long multiplier(String text, String suffix, int kbBase) {
    if (suffix.isEmpty() || suffix.equals("b")) {
      return 1;
    }
    int power = UNITS.indexOf(suffix.charAt(0)) + 1;
    if (power == 0) {
      throw unparsable(text);
    }
    String rest = suffix.substring(1);
    boolean iec;
    switch (rest) {
      case "", "b" -> iec = false;
      case "i", "ib" -> iec = true;
      default -> throw unparsable(text);
    }
    // fio's inversion: with kb_base=1024 the plain suffix is binary and the "i" suffix decimal.
    long base = (kbBase == 1024) != iec ? 1024 : 1000;
    long m = 1;
    for (int i = 0; i < power; i++) {
      m = Math.multiplyExact(m, base);
    }
    return m;
  }

  private static InvalidInputException unparsable(String text) {
    return new InvalidInputException(
        "size (" + text + ") is not a size; give a number with an optional unit, e.g. 4k, 64m, 2g");
  }

  private static InvalidInputException tooLarge(String text) {
    return new InvalidInputException("size (" + text + ") is too large");
  }

  public long kib() {
    return bytes >> 10;
  }

  public long mib() {
    return bytes >> 20;
  }

  public boolean isZero() {
    return bytes == 0;
  }

  public boolean isMultipleOf(Size unit) {
    return unit.bytes != 0 && bytes % unit.bytes == 0;
  }

  public Size plus(Size other) {
    return new Size(Math.addExact(bytes, other.bytes));
  }

  public Size times(long factor) {
    return new Size(Math.multiplyExact(bytes, factor));
  }

  @Override
  public int compareTo(Size other) {
    return Long.compare(bytes, other.bytes);
  }

  /**
   * The shortest exact form in fio's units: {@code 4096} prints as {@code 4k}, 1000 as {@code
   * 1000}.
   */
  @Override
  public String toString() {
    if (bytes == 0) {
      return "0";
    }
    long value = bytes;
    int power = 0;
    while (power < UNITS.length() && value % 1024 == 0) {
      value /= 1024;
      power++;
    }
    return power == 0 ? Long.toString(value) : value + String.valueOf(UNITS.charAt(power - 1));
  }
}
