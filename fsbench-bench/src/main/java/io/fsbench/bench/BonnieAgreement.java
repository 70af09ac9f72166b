package io.fsbench.bench;

import io.fsbench.api.BonnieResult;
import io.fsbench.api.BonnieResult.Test;
import io.fsbench.api.BonnieSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What bonnie++ 2.00a and fsbench's bonnie must agree on for one case, and what they may not
 * (docs/measurement.md, "bonnie++"): the CSV line's fields that do not depend on timing exactly
 * (format and version, name, concurrency, seed, file size, the empty chunk field, seeks and seek
 * threads, files, sizes and directories), which rate, %CPU and latency fields are empty (tests that
 * did not run), the text table's size and file columns; and that fsbench did the amounts those
 * fields name (bytes, chunks, seeks, files). Rates, %CPU and latencies are timing, and {@code
 * +++++} against a number is a test near bonnie++'s half second: neither is compared.
 */
final class BonnieAgreement {

  /** The CSV fields that are the same whatever the timing. */
  private static final int[] EXACT = {0, 1, 2, 3, 4, 5, 6, 7, 8, 21, 22, 23, 24, 25};

  /** bonnie++'s rate fields the ratio table reports, by CSV index. */
  static final Map<String, Integer> RATE_ROWS = rateRows();

  private BonnieAgreement() {}

  private static Map<String, Integer> rateRows() {
    Map<String, Integer> rows = new LinkedHashMap<>();
    rows.put("block write", 11);
    rows.put("rewrite", 13);
    rows.put("block read", 17);
    rows.put("random seeks", 19);
    rows.put("seq create", 26);
    rows.put("seq delete", 30);
    rows.put("random create", 32);
    rows.put("random delete", 36);
    return rows;
  }

  static List<String> compare(BonnieSpec spec, String bonnieOutput, BonnieResult fsbench) {
    List<String> problems = new ArrayList<>();
    String[] theirs = BonnieCpp.csvLine(bonnieOutput).split(",", -1);
    String[] ours = fsbench.csv().strip().split(",", -1);
    if (theirs.length != ours.length) {
      problems.add("CSV fields: bonnie++ " + theirs.length + ", fsbench " + ours.length);
      return problems;
    }
    for (int i : EXACT) {
      if (!theirs[i].equals(ours[i])) {
        problems.add(
            "CSV field " + i + ": bonnie++ '" + theirs[i] + "', fsbench '" + ours[i] + "'");
      }
    }
    for (int i = 9; i < theirs.length; i++) {
      if (i >= 21 && i <= 25) {
        continue;
      }
      if (theirs[i].isEmpty() != ours[i].isEmpty()) {
        problems.add(
            "CSV field "
                + i
                + " empty on one side: bonnie++ '"
                + theirs[i]
                + "', fsbench '"
                + ours[i]
                + "'");
      }
    }
    compareTable(bonnieOutput, fsbench, problems);
    problems.addAll(amounts(spec, fsbench));
    return problems;
  }

  /** The table's first 19 columns: the machine and size, and the files column. */
  private static void compareTable(String bonnieOutput, BonnieResult fsbench, List<String> p) {
    List<String> theirs = descriptions(bonnieOutput);
    List<String> ours = descriptions(fsbench.table());
    if (!theirs.equals(ours)) {
      p.add("table columns: bonnie++ " + theirs + ", fsbench " + ours);
    }
  }

  /** The rows of figures' leading 19 characters, in order. */
  private static List<String> descriptions(String text) {
    List<String> rows = new ArrayList<>();
    List<String> lines = text.lines().toList();
    for (int i = 0; i + 1 < lines.size(); i++) {
      String header = lines.get(i);
      if ((header.startsWith("Name:Size etc") || header.contains("/sec %CP"))
          && lines.get(i + 1).length() >= 19) {
        rows.add(lines.get(i + 1).substring(0, 19));
      }
    }
    return rows;
  }

  /** What fsbench's counters say it did, against what the case asks for. */
  static List<String> amounts(BonnieSpec spec, BonnieResult r) {
    List<String> p = new ArrayList<>();
    long size = r.fileSize().bytes();
    long chunk = spec.chunkSize().bytes();
    if (size > 0) {
      long perChar = r.perCharSize().bytes();
      if (perChar > 0) {
        expect(p, r, Test.PUTC, perChar, 0, perChar);
        expect(p, r, Test.GETC, perChar, perChar, 0);
      }
      expect(p, r, Test.PUT_BLOCK, size / chunk, 0, size);
      expect(p, r, Test.REWRITE, size / chunk, size, size);
      expect(p, r, Test.GET_BLOCK, size / chunk, size, 0);
      long seeks = r.test(Test.SEEKS).map(BonnieResult.TestResult::operations).orElse(-1L);
      if (seeks != spec.seeks()) {
        p.add("seeks done: " + seeks + ", asked " + spec.seeks());
      }
    }
    if (spec.files() > 0) {
      for (Test t : Test.values()) {
        if (t.files()) {
          long ops = r.test(t).map(BonnieResult.TestResult::operations).orElse(-1L);
          if (ops != spec.fileCount()) {
            p.add(t.key() + ": " + ops + " files, asked " + spec.fileCount());
          }
        }
      }
      int dirs = spec.directories() > 1 ? spec.directories() : 0;
      if (r.directories() != dirs) {
        p.add("directories: " + r.directories() + ", asked " + dirs);
      }
    }
    return p;
  }

  private static void expect(
      List<String> p, BonnieResult r, Test t, long ops, long read, long written) {
    BonnieResult.TestResult done = r.test(t).orElse(null);
    if (done == null) {
      p.add(t.key() + " did not run");
    } else if (done.operations() != ops
        || done.bytesRead() != read
        || done.bytesWritten() != written) {
      p.add(
          t.key()
              + ": "
              + done.operations()
              + " ops, "
              + done.bytesRead()
              + " read, "
              + done.bytesWritten()
              + " written; asked "
              + ops
              + ", "
              + read
              + ", "
              + written);
    }
  }
}
