package io.fsbench.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * IOzone's printed output for an {@link IozoneResult}: its table (the header of {@code
 * print_header}, each column in the width its test prints it), its throughput-mode lines, and the
 * Excel report of {@code -R} ({@code dump_excel}: one block per column, file sizes down, record
 * sizes across, in KB), as text and as CSV. Numbers never depend on the default locale.
 */
final class IozoneReport {

  /** Each column: its printed width, its header's first line and IOzone's Excel block title. */
  private record Column(String name, int width, String top, String bottom, String excel) {}

  private static final List<Column> COLUMNS =
      List.of(
          new Column("write", 8, "", "write", "Writer report"),
          new Column("rewrite", 8, "", "rewrite", "Re-writer report"),
          new Column("read", 8, "", "read", "Reader report"),
          new Column("reread", 10, "", "reread", "Re-Reader report"),
          new Column("random-read", 8, "random", "read", "Random read report"),
          new Column("random-write", 8, "random", "write", "Random write report"),
          new Column("bkwd-read", 8, "bkwd", "read", "Backward read report"),
          new Column("record-rewrite", 9, "record", "rewrite", "Record rewrite report"),
          new Column("stride-read", 9, "stride", "read", "Stride read report"),
          new Column("fwrite", 9, "", "fwrite", "Fwrite report"),
          new Column("frewrite", 9, "", "frewrite", "Re-Fwrite report"),
          new Column("fread", 8, "", "fread", "Fread report"),
          new Column("freread", 9, "", "freread", "Re-Fread report"),
          new Column("pwrite", 8, "", "pwrite", "Pwrite report"),
          new Column("re-pwrite", 9, "", "repwrite", "Re-Pwrite report"),
          new Column("pread", 7, "", "pread", "Pread report"),
          new Column("re-pread", 10, "", "repread", "Re-Pread report"));

  /** IOzone's throughput_tests names, as "Children see throughput for N <these>". */
  private static final Map<String, String> THROUGHPUT_NAMES =
      Map.of(
          "write", "initial writers",
          "rewrite", "rewriters",
          "read", "readers",
          "reread", "re-readers",
          "bkwd-read", "reverse readers",
          "stride-read", "stride readers",
          "random-read", "random readers",
          "random-write", "random writers");

  private IozoneReport() {}

  static String text(IozoneResult r) {
    StringBuilder s = new StringBuilder();
    for (String note : r.notes()) {
      s.append("\tNote: ").append(note).append('\n');
    }
    s.append("\tOutput is in Kbytes/sec\n");
    if (!r.throughput().isEmpty()) {
      throughput(s, r);
      return s.toString();
    }
    List<Column> shown = shown(r.spec());
    s.append('\n');
    header(s, shown, true);
    header(s, shown, false);
    for (IozoneResult.Cell cell : r.cells()) {
      s.append(cellValue(kb(cell.size().fileSize()), 16)).append(cellValue(recordKb(cell), 8));
      for (Column c : shown) {
        s.append(
            cell.measurement(c.name())
                .map(m -> cellValue(m.kbPerSec(), c.width()))
                .orElse(" ".repeat(c.width())));
      }
      s.append('\n');
    }
    s.append("\nExcel output is below:\n");
    for (Column c : shown) {
      excelBlock(s, r, c);
    }
    return s.toString();
  }

  /** IOzone's fifteen columns, and its four pwrite/pread ones when those tests ran (its -E). */
  private static List<Column> shown(IozoneSpec spec) {
    boolean positional =
        spec.tests().contains(IozoneSpec.Test.PWRITE)
            || spec.tests().contains(IozoneSpec.Test.PREAD);
    return COLUMNS.stream().filter(c -> positional || !extended(c)).toList();
  }

  private static boolean extended(Column c) {
    return c.name().contains("pwrite") || c.name().contains("pread");
  }

  private static void header(StringBuilder s, List<Column> shown, boolean top) {
    s.append(String.format(Locale.ROOT, "%16s%8s", top ? "" : "KB", top ? "" : "reclen"));
    for (Column c : shown) {
      s.append(String.format(Locale.ROOT, "%" + c.width() + "s", top ? c.top() : c.bottom()));
    }
    s.append('\n');
  }

  private static void excelBlock(StringBuilder s, IozoneResult r, Column c) {
    if (r.cells().stream().noneMatch(cell -> cell.measurement(c.name()).isPresent())) {
      return;
    }
    s.append("\n\"").append(c.excel()).append("\"\n      ");
    for (Size record : r.spec().recordColumns()) {
      s.append("  \"").append(record.bytes() / 1024).append('"');
    }
    s.append('\n');
    for (Map.Entry<Size, List<String>> row : excelRows(r, c).entrySet()) {
      s.append('"').append(kb(row.getKey())).append("\"  ");
      for (String value : row.getValue()) {
        s.append(' ').append(value).append(' ');
      }
      s.append('\n');
    }
  }

  /**
   * One row per file size: a value per record size that ran, in order, and 0 for one the crossover
   * skipped, as IOzone's Excel report fills it; records above the file have no cell.
   */
  private static Map<Size, List<String>> excelRows(IozoneResult r, Column c) {
    Map<Size, List<String>> rows = new LinkedHashMap<>();
    for (IozoneSpec.Case cs : r.spec().fullMatrix()) {
      String value = null;
      if (r.spec().skippedByCrossover(cs)) {
        value = "0";
      } else {
        for (IozoneResult.Cell cell : r.cells()) {
          if (cell.size().equals(cs)) {
            value = cell.measurement(c.name()).map(m -> Long.toString(m.kbPerSec())).orElse("0");
          }
        }
      }
      if (value != null) {
        rows.computeIfAbsent(cs.fileSize(), k -> new ArrayList<>()).add(value);
      }
    }
    return rows;
  }

  static String csv(IozoneResult r) {
    StringBuilder s = new StringBuilder();
    if (!r.throughput().isEmpty()) {
      s.append("test,threads,children_kb_per_sec,parent_kb_per_sec\n");
      for (IozoneResult.Throughput t : r.throughput()) {
        s.append(
            String.format(
                Locale.ROOT,
                "%s,%d,%.2f,%.2f%n",
                t.column(),
                t.children().size(),
                t.childrenKbPerSec(),
                t.parentKbPerSec()));
      }
      return s.toString();
    }
    List<Size> records = r.spec().recordColumns();
    for (Column c : shown(r.spec())) {
      if (r.cells().stream().noneMatch(cell -> cell.measurement(c.name()).isPresent())) {
        continue;
      }
      if (s.length() > 0) {
        s.append('\n');
      }
      s.append('"').append(c.excel()).append("\"\n");
      s.append("KB");
      for (Size record : records) {
        s.append(',').append(record.bytes() / 1024);
      }
      s.append('\n');
      for (Map.Entry<Size, List<String>> row : excelRows(r, c).entrySet()) {
        s.append(kb(row.getKey()));
        List<String> values = row.getValue();
        for (int i = 0; i < records.size(); i++) {
          s.append(',').append(i < values.size() ? values.get(i) : "");
        }
        s.append('\n');
      }
    }
    return s.toString();
  }

  private static void throughput(StringBuilder s, IozoneResult r) {
    IozoneSpec spec = r.spec();
    IozoneSpec.Case c = spec.matrix().get(0);
    s.append(String.format(Locale.ROOT, "\tThroughput test with %d threads%n", spec.threads()));
    s.append(
        String.format(
            Locale.ROOT,
            "\tEach thread writes a %d kByte file in %d kByte records%n",
            kb(c.fileSize()),
            c.recordSize().bytes() / 1024));
    for (IozoneResult.Throughput t : r.throughput()) {
      String name = THROUGHPUT_NAMES.getOrDefault(t.column(), t.column());
      int n = t.children().size();
      s.append(
          String.format(
              Locale.ROOT,
              "%n\tChildren see throughput for %2d %s \t= %10.2f KB/sec%n",
              n,
              name,
              t.childrenKbPerSec()));
      s.append(
          String.format(
              Locale.ROOT,
              "\tParent sees throughput for %2d %s \t= %10.2f KB/sec%n",
              n,
              name,
              t.parentKbPerSec()));
      double min = t.children().stream().mapToDouble(IozoneResult.Child::kbPerSec).min().orElse(0);
      double max = t.children().stream().mapToDouble(IozoneResult.Child::kbPerSec).max().orElse(0);
      double xfer = t.children().stream().mapToDouble(ch -> ch.bytes() / 1024.0).min().orElse(0);
      s.append(
          String.format(Locale.ROOT, "\tMin throughput per thread \t\t\t= %10.2f KB/sec %n", min));
      s.append(
          String.format(Locale.ROOT, "\tMax throughput per thread \t\t\t= %10.2f KB/sec%n", max));
      s.append(
          String.format(
              Locale.ROOT,
              "\tAvg throughput per thread \t\t\t= %10.2f KB/sec%n",
              t.childrenKbPerSec() / n));
      s.append(String.format(Locale.ROOT, "\tMin xfer \t\t\t\t\t= %10.2f KB%n", xfer));
    }
  }

  /**
   * A number right-aligned in IOzone's width, and at least one space before it: IOzone's {@code
   * %8ld} runs two columns together once a rate has eight digits (10 GB/s from the page cache).
   */
  private static String cellValue(long value, int width) {
    String v = Long.toString(value);
    return " ".repeat(Math.max(1, width - v.length())) + v;
  }

  private static long kb(Size size) {
    return size.bytes() / 1024;
  }

  private static long recordKb(IozoneResult.Cell cell) {
    return cell.size().recordSize().bytes() / 1024;
  }
}
