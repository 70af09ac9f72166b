package io.fsbench.api;

import java.util.Locale;

/**
 * Which call fio's {@code filestat} engine times for each file (its {@code stat_type} option).
 *
 * <pre>{@code
 * FileHandling.DEFAULT.statType(StatType.parse("lstat"))
 * }</pre>
 */
public enum StatType {
  /** stat(2), following a final link; fio's default. */
  STAT,
  /** lstat(2), not following a final link. */
  LSTAT,
  /** statx(2) of the file's absolute path with STATX_ALL. */
  STATX;

  /** Parses fio's {@code stat_type} values; anything else is refused naming the value. */
  public static StatType parse(String text) {
    return switch (text.strip().toLowerCase(Locale.ROOT)) {
      case "stat" -> STAT;
      case "lstat" -> LSTAT;
      case "statx" -> STATX;
      default ->
          throw new InvalidInputException(
              "stat_type (" + text + ") must be 'stat', 'lstat' or 'statx'");
    };
  }
}
