package io.fsbench.api;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A byte pattern in fio's syntax ({@code lib/pattern.c}), as {@code buffer_pattern} and {@code
 * verify_pattern} take it: elements written one after another without separators, each a quoted
 * string ({@code "abc"}), a hex number ({@code 0xdeadbeef}, its bytes in the order written) or a
 * decimal number (its bytes least significant first, as few as it needs, {@code 0} one zero byte),
 * and in a verify pattern {@code %o}, the eight bytes of the I/O's offset (little-endian). The
 * pattern repeats over the block.
 *
 * <pre>{@code
 * DataPattern.parse("0xdeadbeef\"abc\"%o").length(); // 4 + 3 + 8 = 15
 * }</pre>
 */
public final class DataPattern {

  /** No pattern. */
  public static final DataPattern NONE = new DataPattern("", new byte[0], new int[0]);

  /** fio 3.33's limit on a pattern's length ({@code MAX_PATTERN_SIZE}). */
  public static final int MAX_LENGTH = 512;

  private static final int OFFSET_BYTES = 8;

  private final String text;
  private final byte[] bytes;
  private final int[] offsetAt;

  private DataPattern(String text, byte[] bytes, int[] offsetAt) {
    this.text = text;
    this.bytes = bytes;
    this.offsetAt = offsetAt;
  }

  /**
   * Parses {@code text} as fio does.
   *
   * @throws InvalidInputException naming the text and the element that is wrong
   */
  public static DataPattern parse(String text) {
    String in = text.strip();
    if (in.isEmpty()) {
      throw new InvalidInputException("pattern (" + text + ") is empty; give e.g. 0xaa");
    }
    List<Byte> out = new ArrayList<>();
    List<Integer> offsets = new ArrayList<>();
    int at = 0;
    while (at < in.length()) {
      char c = in.charAt(at);
      if (c == '"') {
        at = string(in, at, out);
      } else if (c == '%') {
        if (!in.startsWith("%o", at)) {
          throw bad(text, "'" + in.substring(at) + "': the only format is %o (the offset)");
        }
        offsets.add(out.size());
        for (int i = 0; i < OFFSET_BYTES; i++) {
          out.add((byte) 0);
        }
        at += 2;
      } else if (c == '\'') {
        throw bad(text, "a file ('...') as a pattern is not supported; write its bytes as 0x...");
      } else if (in.regionMatches(true, at, "0x", 0, 2)) {
        at = hex(text, in, at, out);
      } else {
        at = decimal(text, in, at, out);
      }
      if (out.size() > MAX_LENGTH) {
        throw bad(text, "it is longer than fio's limit of " + MAX_LENGTH + " bytes");
      }
    }
    byte[] bytes = new byte[out.size()];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = out.get(i);
    }
    return new DataPattern(in, bytes, offsets.stream().mapToInt(Integer::intValue).toArray());
  }

  private static InvalidInputException bad(String text, String why) {
    return new InvalidInputException(
        "pattern ("
            + text
            + ") is not in fio's pattern syntax: "
            + why
            + " (e.g. 0xdeadbeef, \"text\", 1234, concatenated without spaces)");
  }

  private static int string(String in, int at, List<Byte> out) {
    int end = in.indexOf('"', at + 1);
    if (end < 0) {
      throw bad(in, "the string at " + at + " has no closing quote");
    }
    if (end == at + 1) {
      throw bad(in, "the string at " + at + " is empty");
    }
    for (byte b : in.substring(at + 1, end).getBytes(StandardCharsets.UTF_8)) {
      out.add(b);
    }
    return end + 1;
  }

  /** {@code 0x} and hex digits, two per byte in order; an odd count starts with one digit. */
  private static int hex(String text, String in, int at, List<Byte> out) {
    int start = at + 2;
    int end = start;
    while (end < in.length() && Character.digit(in.charAt(end), 16) >= 0) {
      end++;
    }
    // fio's look-back: in 0xff0x14 the 0 before the x starts the next number
    if (end < in.length()
        && (in.charAt(end) == 'x' || in.charAt(end) == 'X')
        && end > start
        && in.charAt(end - 1) == '0') {
      end--;
    }
    if (end == start) {
      throw bad(text, "'" + in.substring(at) + "' has no hex digits after 0x");
    }
    String digits = in.substring(start, end);
    if (digits.length() % 2 == 1) {
      digits = "0" + digits;
    }
    for (int i = 0; i < digits.length(); i += 2) {
      out.add((byte) Integer.parseInt(digits.substring(i, i + 2), 16));
    }
    return end;
  }

  /**
   * A decimal int, as fio's strtol up to the next {@code 0x}: its bytes least significant first, as
   * many as it needs (a negative number all four).
   */
  private static int decimal(String text, String in, int at, List<Byte> out) {
    int limit = in.toLowerCase(Locale.ROOT).indexOf("0x", at);
    int end = at;
    if (end < in.length() && (in.charAt(end) == '-' || in.charAt(end) == '+')) {
      end++;
    }
    int digitsStart = end;
    while (end < in.length() && (limit < 0 || end < limit) && Character.isDigit(in.charAt(end))) {
      end++;
    }
    if (end == digitsStart) {
      throw bad(text, "'" + in.substring(at) + "' is not a number, a \"string\" or %o");
    }
    long value;
    try {
      value = Long.parseLong(in.substring(at, end));
    } catch (NumberFormatException e) {
      value = Long.MAX_VALUE;
    }
    if (value > Integer.MAX_VALUE || value < Integer.MIN_VALUE) {
      throw bad(text, in.substring(at, end) + " does not fit in an int; write it as 0x...");
    }
    if (value == 0) {
      out.add((byte) 0);
    }
    for (long v = value & 0xffffffffL; v != 0; v >>>= 8) {
      out.add((byte) v);
    }
    return end;
  }

  /** The pattern as it was written; empty for {@link #NONE}. */
  public String text() {
    return text;
  }

  public boolean isNone() {
    return bytes.length == 0;
  }

  /** Bytes in one repetition of the pattern. */
  public int length() {
    return bytes.length;
  }

  /** Whether the pattern holds {@code %o}, so that its bytes depend on the offset. */
  public boolean hasOffset() {
    return offsetAt.length > 0;
  }

  /** One repetition of the pattern for an I/O at {@code offset}, with each {@code %o} filled in. */
  public byte[] bytes(long offset) {
    byte[] copy = Arrays.copyOf(bytes, bytes.length);
    for (int at : offsetAt) {
      for (int i = 0; i < OFFSET_BYTES; i++) {
        copy[at + i] = (byte) (offset >>> (8 * i));
      }
    }
    return copy;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DataPattern p && p.text.equals(text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  @Override
  public String toString() {
    return text;
  }
}
