package io.fsbench.core.jobfile;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parsing of fio's option values: sizes, times, integers, booleans, per-direction lists. */
final class FioValues {

  private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([a-z]*)");

  private FioValues() {}

  static Size size(String option, String value, int kbBase) {
    String v = arithmeticPrefix(option, value);
    try {
      return Size.parse(v, kbBase);
    } catch (InvalidInputException e) {
      throw new InvalidInputException(option + "=" + value + ": " + e.getMessage());
    }
  }

  static long count(String option, String value, int kbBase) {
    // fio's integer options take size suffixes too (rate_iops=10k).
    return size(option, value, kbBase).bytes();
  }

  static int integer(String option, String value) {
    String v = arithmeticPrefix(option, value);
    try {
      return Integer.parseInt(v.strip());
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          option + " (" + value + ") is not a whole number; give e.g. " + option + "=4");
    }
  }

  static boolean bool(String option, String value) {
    if (value == null) {
      return true; // a bare flag, e.g. "time_based"
    }
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "1", "true", "yes", "on" -> true;
      case "0", "false", "no", "off" -> false;
      default -> throw new InvalidInputException(option + " (" + value + ") takes 0 or 1");
    };
  }

  /**
   * A time as fio reads it: a number with an optional unit (us, ms, s, m, h, d); without a unit,
   * {@code defaultUnit}.
   */
  static Duration time(String option, String value, java.time.temporal.ChronoUnit defaultUnit) {
    Matcher m = TIME.matcher(value.strip().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new InvalidInputException(
          option + " (" + value + ") is not a time; give e.g. " + option + "=30s or 500ms");
    }
    double number = Double.parseDouble(m.group(1));
    double nanosPerUnit =
        switch (m.group(2)) {
          case "" -> Duration.of(1, defaultUnit).toNanos();
          case "ns", "nsec" -> 1;
          case "us", "usec" -> 1e3;
          case "ms", "msec" -> 1e6;
          case "s", "sec" -> 1e9;
          case "m", "min" -> 60e9;
          case "h", "hour" -> 3600e9;
          case "d", "day" -> 86400e9;
          default ->
              throw new InvalidInputException(
                  option
                      + " ("
                      + value
                      + ") has unknown unit '"
                      + m.group(2)
                      + "'; use us, ms, s,"
                      + " m, h or d");
        };
    double nanos = number * nanosPerUnit;
    if (nanos > io.fsbench.api.JobSpec.MAX_TIME.toNanos()) {
      throw new InvalidInputException(
          option
              + " ("
              + value
              + ") is longer than "
              + io.fsbench.api.JobSpec.MAX_TIME.toDays()
              + " days, the longest time fsbench takes; give a shorter one");
    }
    return Duration.ofNanos(Math.round(nanos));
  }

  /** fio's read,write,trim lists: up to three values; an empty one keeps the default. */
  static String[] perDirection(String option, String value) {
    String[] parts = value.split(",", -1);
    if (parts.length > 3) {
      throw new InvalidInputException(
          option + " (" + value + ") has more than three comma-separated values (read,write,trim)");
    }
    String[] out = new String[3];
    for (int i = 0; i < parts.length; i++) {
      out[i] = parts[i].strip().isEmpty() ? null : parts[i].strip();
    }
    // As in fio, a single value applies to every direction.
    if (parts.length == 1) {
      out[1] = out[0];
      out[2] = out[0];
    }
    return out;
  }

  /** Evaluates a leading parenthesised expression: {@code (4*1024)k} becomes {@code 4096k}. */
  private static String arithmeticPrefix(String option, String value) {
    String v = value.strip();
    if (!v.startsWith("(")) {
      return v;
    }
    int depth = 0;
    for (int i = 0; i < v.length(); i++) {
      if (v.charAt(i) == '(') {
        depth++;
      } else if (v.charAt(i) == ')' && --depth == 0) {
        try {
          return Arithmetic.evaluate(v.substring(0, i + 1)) + v.substring(i + 1);
        } catch (IllegalArgumentException | ArithmeticException e) {
          throw new InvalidInputException(
              option + " (" + value + ") is not a valid expression: " + e.getMessage());
        }
      }
    }
    throw new InvalidInputException(option + " (" + value + ") has an unclosed '('");
  }
}
