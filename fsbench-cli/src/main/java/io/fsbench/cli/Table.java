package io.fsbench.cli;

import java.util.List;
import java.util.Locale;

/** Plain-text tables for the terminal. */
public final class Table {

  private Table() {}

  /** Left-aligned columns separated by two spaces; the first row is the header. */
  public static String render(List<String[]> rows) {
    int columns = rows.get(0).length;
    int[] widths = new int[columns];
    for (String[] row : rows) {
      for (int i = 0; i < columns; i++) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < columns; i++) {
        line.append(i == columns - 1 ? row[i] : pad(row[i], widths[i] + 2));
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }

  private static String pad(String s, int width) {
    return s + " ".repeat(Math.max(0, width - s.length()));
  }

  /** 16 TiB, 8 EiB, 512 MiB. */
  static String humanBytes(long bytes) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double value = bytes;
    int unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return value == Math.rint(value)
        ? String.format(Locale.ROOT, "%.0f %s", value, units[unit])
        : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
  }
}
