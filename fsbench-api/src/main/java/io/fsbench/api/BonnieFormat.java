package io.fsbench.api;

import io.fsbench.api.BonnieResult.Test;
import io.fsbench.api.BonnieResult.TestResult;
import java.util.Locale;
import java.util.Optional;

/**
 * bonnie++ 2.00a's report, as {@code BonTimer::DoReportIO} and {@code DoReportFile} (bon_time.cpp)
 * print it: the text table and the CSV line, character for character, quirks included (see
 * docs/measurement.md): the CSV never carries the chunk sizes, and puts the number of directories
 * in field 25.
 */
final class BonnieFormat {

  static final String VERSION = "2.00a";
  static final String CSV_VERSION = "1.98";
  private static final int MACHINE_WIDTH = 20;
  private static final int CONCURRENCY = 1;

  private BonnieFormat() {}

  static String csv(BonnieResult r) {
    StringBuilder s = new StringBuilder();
    BonnieSpec spec = r.spec();
    s.append(CSV_VERSION).append(',').append(VERSION).append(',').append(r.machine());
    s.append(',').append(CONCURRENCY).append(',').append(r.seed());
    if (!r.fileSize().isZero()) {
      // print_size then strcat(","), so the chunk size's field stays empty.
      s.append(',').append(printSize(r.fileSize().mib(), "MG")).append(',');
      s.append(',').append(spec.seeks()).append(',').append(spec.seekProcs());
      for (Test t : new Test[] {Test.PUTC, Test.PUT_BLOCK, Test.REWRITE, Test.GETC}) {
        stat(s, r.test(t), false);
      }
      stat(s, r.test(Test.GET_BLOCK), false);
      stat(s, r.test(Test.SEEKS), false);
    } else {
      s.append(",,,,,,,,,,,,,,,,");
    }
    if (spec.files() > 0) {
      s.append(',').append(fileDescriptionCsv(spec));
      for (Test t : Test.values()) {
        if (t.files()) {
          stat(s, r.test(t), false);
        }
      }
    } else {
      s.append(",,,,,,,,,,,,,,,,,");
    }
    for (Test t : Test.values()) {
      s.append(',').append(latency(r.test(t)));
    }
    return s.append('\n').toString();
  }

  /** {@code num,max,min,} then {@code ,dirs} or {@code ,}; the file chunk is lost past a NUL. */
  private static String fileDescriptionCsv(BonnieSpec spec) {
    StringBuilder s = new StringBuilder().append(spec.files());
    long max = spec.maxFileSize();
    long min = spec.minFileSize();
    if (max != 0) {
      s.append(',').append(max).append(',');
      if (min != 0) {
        s.append(min);
      }
    } else {
      s.append(",,");
    }
    s.append(',');
    s.append(spec.directories() > 1 ? "," + spec.directories() : ",");
    return s.toString();
  }

  static String table(BonnieResult r) {
    StringBuilder s = new StringBuilder();
    BonnieSpec spec = r.spec();
    if (!r.fileSize().isZero()) {
      s.append("Version ").append(String.format(Locale.ROOT, "%5s", VERSION)).append("       ");
      s.append("------Sequential Output------ --Sequential Input- --Random-\n");
      s.append("                    ");
      s.append("-Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n");
      s.append("Name:Size etc       ");
      s.append(" /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n");
      s.append(machineAndSize(r.machine(), sizeDescription(r)));
      for (Test t : Test.values()) {
        if (!t.files()) {
          stat(s, r.test(t), true);
        }
      }
      s.append("\nLatency          ");
      for (Test t : Test.values()) {
        if (!t.files()) {
          s.append(String.format(Locale.ROOT, " %9s", latency(r.test(t))));
        }
      }
      s.append('\n');
    }
    if (spec.files() > 0) {
      fileTable(s, r);
    }
    return s.append('\n').toString();
  }

  private static void fileTable(StringBuilder s, BonnieResult r) {
    BonnieSpec spec = r.spec();
    StringBuilder d = new StringBuilder().append(spec.files());
    if (spec.maxFileSize() != 0) {
      d.append(':').append(spec.maxFileSize()).append(':').append(spec.minFileSize());
    }
    if (spec.directories() > 1) {
      d.append('/').append(spec.directories());
    }
    s.append("Version ").append(String.format(Locale.ROOT, "%5s", VERSION)).append("       ");
    s.append("------Sequential Create------ --------Random Create--------\n");
    String name = r.machine().length() > 19 ? r.machine().substring(0, 19) : r.machine();
    s.append(String.format(Locale.ROOT, "%-19s ", name));
    s.append("-Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n");
    if (spec.minFileSize() != 0) {
      s.append("files:max:min       ");
    } else if (spec.maxFileSize() != 0) {
      s.append("files:max           ");
    } else {
      s.append("              files ");
    }
    s.append(" /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n");
    s.append(String.format(Locale.ROOT, "%19s", d));
    for (Test t : Test.values()) {
      if (t.files()) {
        stat(s, r.test(t), true);
      }
    }
    s.append("\nLatency          ");
    for (Test t : Test.values()) {
      if (t.files()) {
        s.append(String.format(Locale.ROOT, " %9s", latency(r.test(t))));
      }
    }
  }

  /**
   * The text table's size column: {@code size:chunk:concurrency:seeks:procs}, defaults left empty,
   * trailing separators dropped, as bonnie++ builds it in a char buffer — including its slip that
   * drops a one-digit seek_procs with the separator before it.
   */
  static String sizeDescription(BonnieResult r) {
    BonnieSpec spec = r.spec();
    StringBuilder b = new StringBuilder(printSize(r.fileSize().mib(), "MG")).append(':');
    if (spec.chunkSize().bytes() != BonnieSpec.DEFAULT_CHUNK.bytes()) {
      b.append(printSize(spec.chunkSize().bytes(), " km"));
    }
    b.append("::");
    if (spec.seeks() != BonnieSpec.DEFAULT_SEEKS) {
      b.append(spec.seeks());
    }
    b.append(':');
    int tmp = b.length(); // tmp points at the terminator
    if (spec.seekProcs() != BonnieSpec.DEFAULT_SEEK_PROCS) {
      String procs = Integer.toString(spec.seekProcs());
      b.append(procs);
      tmp += procs.length() - 1;
    }
    tmp--;
    while (tmp > 0 && b.charAt(tmp) == ':') {
      b.setLength(tmp);
      tmp--;
    }
    return b.toString();
  }

  /** The machine name in 18 columns, then a space and the size, 19 in all. */
  private static String machineAndSize(String machine, String size) {
    String padded = (machine + "                  ");
    padded = padded.substring(0, Math.min(padded.length(), MACHINE_WIDTH - 2));
    int offset = MACHINE_WIDTH - size.length() - 2;
    if (offset < 0) {
      return size;
    }
    StringBuilder b = new StringBuilder(padded);
    b.setLength(Math.min(b.length(), offset));
    return b + " " + size;
  }

  /** bonnie++'s {@code print_size}: the number with the largest unit that divides it. */
  static String printSize(long size, String units) {
    String out;
    if (size == 0) {
      out = "0" + units.charAt(0);
    } else {
      int ind = 0;
      long v = size;
      while (v % 1024 == 0 && ind + 1 < units.length()) {
        v /= 1024;
        ind++;
      }
      out = v + String.valueOf(units.charAt(ind));
    }
    return out.endsWith(" ") ? out.substring(0, out.length() - 1) : out;
  }

  /** bonnie++'s {@code print_stat} and {@code print_cpu_stat}. */
  private static void stat(StringBuilder s, Optional<TestResult> result, boolean text) {
    if (result.isEmpty()) {
      s.append(text ? "          " : ",,");
      return;
    }
    TestResult t = result.get();
    if (t.suppressed()) {
      s.append(text ? " +++++ +++" : ",+++++,+++");
      return;
    }
    s.append(text ? rateText(t) : "," + rateCsv(t));
    int cpu = (int) (t.cpu().toNanos() / (double) t.elapsed().toNanos() * 100.0);
    s.append(text ? String.format(Locale.ROOT, " %3d", cpu) : "," + cpu);
  }

  private static String rateCsv(TestResult t) {
    double stat = t.rate();
    if (t.test() == Test.SEEKS) {
      return String.format(Locale.ROOT, stat >= 1000.0 ? "%.0f" : "%.1f", stat);
    }
    return Integer.toString((int) stat);
  }

  private static String rateText(TestResult t) {
    double stat = t.rate();
    if (t.test() == Test.SEEKS) {
      return String.format(Locale.ROOT, stat >= 1000.0 ? " %5.0f" : " %5.1f", stat);
    }
    if (t.test().files()) {
      // bonnie++ passes the double to %5d and prints whatever is in a register; this is the rate.
      return String.format(Locale.ROOT, " %5d", (int) stat);
    }
    if (stat < 10000.0) {
      return String.format(Locale.ROOT, " %4dk", (int) stat);
    }
    if (stat / 1024.0 < 1000.0) {
      double m = stat / 1024.0;
      return m < 100.0
          ? String.format(Locale.ROOT, " %4.1fm", m)
          : String.format(Locale.ROOT, " %4dm", (int) (m + 0.5));
    }
    return String.format(Locale.ROOT, " %4.1fg", stat / 1024.0 / 1024.0);
  }

  /** bonnie++'s {@code print_latency}: whole seconds, ms or µs, truncated; empty for none. */
  static String latency(Optional<TestResult> result) {
    if (result.isEmpty() || result.get().maxLatency().isZero()) {
      return "";
    }
    double seconds = result.get().maxLatency().toNanos() / 1e9;
    if (seconds > 99.999999) {
      return (int) seconds + "s";
    }
    if (seconds > 0.099999) {
      return (int) (seconds * 1000.0) + "ms";
    }
    return (int) (seconds * 1000000.0) + "us";
  }
}
