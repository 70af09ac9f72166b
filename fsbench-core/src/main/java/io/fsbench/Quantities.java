package io.fsbench;

import io.fsbench.api.InvalidInputException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Values with units as expectations are written and printed: latencies in {@code ns}, {@code us},
 * {@code ms} or {@code s}; bandwidth as a size per second ({@code 200MiB/s}, {@code 200m}: k, m, g
 * and KiB, MiB, GiB are powers of 1024, KB, MB, GB of 1000); rates as numbers, {@code k} for
 * thousands ({@code 50k}).
 */
final class Quantities {

  private static final Pattern VALUE =
      Pattern.compile("(\\d+(?:\\.\\d+)?(?:e\\d+)?)\\s*([a-zµ/]*)", Pattern.CASE_INSENSITIVE);

  private Quantities() {}

  /** The value in the measure's unit (ns, bytes/s, or a plain rate). */
  static double parse(Measure measure, String text) {
    String value = text == null ? "" : text.strip();
    Matcher m = VALUE.matcher(value);
    if (!m.matches()) {
      throw new InvalidInputException(
          "value ("
              + text
              + ") of "
              + measure
              + " is not a number with a unit; give e.g. "
              + example(measure));
    }
    double number = Double.parseDouble(m.group(1));
    String unit = m.group(2).toLowerCase(Locale.ROOT);
    Double factor =
        switch (measure.quantity()) {
          case COMPLETION_LATENCY, SYNC_LATENCY, LATENCY -> latency(unit);
          case BANDWIDTH -> bandwidth(unit);
          case IOPS -> rate(unit, "iops");
          case FILES_PER_SEC -> rate(unit, "files/s");
          case TRANSACTIONS_PER_SEC -> rate(unit, "transactions/s");
        };
    if (factor == null) {
      throw new InvalidInputException(
          "unit '"
              + m.group(2)
              + "' in ("
              + text
              + ") is not one for "
              + measure
              + (unit.isEmpty() ? " (it needs one)" : "")
              + "; give e.g. "
              + example(measure));
    }
    return number * factor;
  }

  private static Double latency(String unit) {
    return switch (unit) {
      case "ns" -> 1.0;
      case "us", "µs" -> 1e3;
      case "ms" -> 1e6;
      case "s" -> 1e9;
      default -> null;
    };
  }

  private static Double bandwidth(String unit) {
    String size = unit.endsWith("/s") ? unit.substring(0, unit.length() - 2) : unit;
    return switch (size) {
      case "b" -> 1.0;
      case "k", "kib" -> 1024.0;
      case "m", "mib" -> 1024.0 * 1024;
      case "g", "gib" -> 1024.0 * 1024 * 1024;
      case "kb" -> 1e3;
      case "mb" -> 1e6;
      case "gb" -> 1e9;
      default -> null;
    };
  }

  private static Double rate(String unit, String name) {
    if (unit.isEmpty() || unit.equals(name)) {
      return 1.0;
    }
    return unit.equals("k") || unit.equals("k" + name) ? 1e3 : null;
  }

  private static String example(Measure measure) {
    return switch (measure.quantity()) {
      case COMPLETION_LATENCY, SYNC_LATENCY, LATENCY -> "10ms, 500us or 2s";
      case BANDWIDTH -> "200MiB/s, 1GB/s or 200m";
      case IOPS -> "50000 or 50k";
      case FILES_PER_SEC, TRANSACTIONS_PER_SEC -> "2000 or 2k";
    };
  }

  /** A value in the measure's unit as people read it: {@code 10 ms}, {@code 200 MiB/s}. */
  static String format(Measure measure, double value) {
    return switch (measure.quantity()) {
      case COMPLETION_LATENCY, SYNC_LATENCY, LATENCY -> duration(value);
      case BANDWIDTH ->
          value >= 1024 * 1024
              ? number(value / (1024 * 1024)) + " MiB/s"
              : number(value / 1024) + " KiB/s";
      default -> number(value) + " " + measure.unit().symbol();
    };
  }

  static String duration(double nanos) {
    if (nanos < 1e3) {
      return number(nanos) + " ns";
    }
    if (nanos < 1e6) {
      return number(nanos / 1e3) + " us";
    }
    if (nanos < 1e9) {
      return number(nanos / 1e6) + " ms";
    }
    return number(nanos / 1e9) + " s";
  }

  /** Whole numbers without decimals, others with one (from 100) or three. */
  static String number(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return String.format(Locale.ROOT, "%d", (long) value);
    }
    return String.format(Locale.ROOT, Math.abs(value) >= 100 ? "%.1f" : "%.3f", value);
  }
}
