package io.fsbench.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What must agree between filebench's and fsbench's reports of one case, the rest being timing. The
 * tolerances (also in docs/filebench.md, "The reference harness"):
 *
 * <ul>
 *   <li>the flowop names: equal sets;
 *   <li>each flowop's share of all ops: within {@value #SHARE_POINTS} percentage points, since each
 *       thread's loop fixes the proportions and only a loop cut off by the end of the run, skipped
 *       deletes and runs of few ops move them;
 *   <li>on each side alone, the IO Summary's ops against the sum of the I/O flowops' ops: within
 *       {@value #SUMMARY_SLACK_OPS} ops or {@value #SUMMARY_SLACK_PERCENT}% (filebench sums its
 *       summary in a separate pass over live counters, and was seen 4 ops off in 12 000); its rd/wr
 *       against the READ and WRITE flowops' rates: within 1/s or 2%, rd/wr being printed whole;
 *   <li>bytes per op of each data flowop (mb/s over ops/s): within {@value #FIXED_BYTES_PERCENT}%
 *       when the size is fixed and {@value #DRAWN_BYTES_PERCENT}% when it is drawn (appendfilerand,
 *       whole-file flowops on cvar sizes), compared only when both sides print at least {@value
 *       #MIN_MB_PER_SEC} mb/s (the figure has one decimal); readwholefile not at all when the
 *       script writes or appends, since the files then grow with the loops the timing allowed;
 *       whole-file flowops on cvar sizes not at all when the script deletes or creates files, since
 *       the files they visit then follow from which entries existed before the run (a draw fsbench
 *       makes with its own generator); reads not at all then either, since createfile makes an
 *       empty file that only the script's writes fill, so a read gets what the files it visits hold
 *       (seen: seed 12's random-0, a read of 4 KiB over files of 2 KiB, 1 302 bytes/op in filebench
 *       and 1 521 in fsbench);
 *   <li>at least {@value #MIN_OPS} ops a side, or the shares say nothing.
 * </ul>
 */
final class FilebenchAgreement {

  static final double SHARE_POINTS = 2.0;
  static final long SUMMARY_SLACK_OPS = 16;
  static final double SUMMARY_SLACK_PERCENT = 0.5;
  static final double FIXED_BYTES_PERCENT = 10;
  static final double DRAWN_BYTES_PERCENT = 25;
  static final double MIN_MB_PER_SEC = 1.0;
  static final long MIN_OPS = 100;

  private static final Set<String> NOT_IO =
      Set.of(
          "hog",
          "delay",
          "semblock",
          "sempost",
          "block",
          "wakeup",
          "eventlimit",
          "iopslimit",
          "opslimit",
          "bwlimit",
          "finishoncount",
          "finishonbytes",
          "testrandvar",
          "print");
  private static final Set<String> READS = Set.of("read", "readwholefile", "aiowait");
  private static final Set<String> WRITES =
      Set.of("write", "writewholefile", "appendfile", "appendfilerand", "aiowrite");

  private FilebenchAgreement() {}

  static List<String> compare(FilebenchCase c, FilebenchOutput filebench, FilebenchOutput fsbench) {
    List<String> problems = new ArrayList<>();
    Map<String, String> types = c.types();
    consistent("filebench", types, filebench, problems);
    consistent("fsbench", types, fsbench, problems);
    if (!new TreeSet<>(filebench.names()).equals(new TreeSet<>(fsbench.names()))) {
      problems.add("flowops: filebench " + filebench.names() + ", fsbench " + fsbench.names());
      return problems;
    }
    if (filebench.totalOps() < MIN_OPS || fsbench.totalOps() < MIN_OPS) {
      problems.add(
          "too few ops to compare: filebench "
              + filebench.totalOps()
              + ", fsbench "
              + fsbench.totalOps());
      return problems;
    }
    Map<String, Double> fb = filebench.shares();
    Map<String, Double> fs = fsbench.shares();
    for (String name : fb.keySet()) {
      if (Math.abs(fb.get(name) - fs.get(name)) > SHARE_POINTS) {
        problems.add(
            String.format(
                Locale.ROOT,
                "%s: %.1f%% of ops in filebench, %.1f%% in fsbench",
                name,
                fb.get(name),
                fs.get(name)));
      }
    }
    boolean cvar =
        c.script().contains("cvar(")
            || c.overrides().values().stream().anyMatch(v -> v.contains("cvar("));
    // a file that writes or appends grow is as long as the loops that ran: whole-file reads then
    // read what the timing made
    boolean growing =
        types.values().stream().anyMatch(t -> t.equals("write") || t.startsWith("append"));
    // with files deleted and created, the rotors settle on every k-th file, and which ones follow
    // from the entries that existed before the run: a draw filebench makes with rand() over a
    // Mersenne Twister order and fsbench with its seed; on drawn sizes, whole-file flowops then
    // move the sizes of different files
    boolean churned =
        types.values().stream().anyMatch(t -> t.equals("deletefile") || t.equals("createfile"));
    for (String name : fb.keySet()) {
      String type = types.get(name);
      if (growing && "readwholefile".equals(type)) {
        continue;
      }
      if (churned && cvar && type != null && type.endsWith("wholefile")) {
        continue;
      }
      if (churned && READS.contains(type)) {
        continue; // created files start empty: a read gets what the visited files hold
      }
      bytesPerOp(name, types.get(name), cvar, filebench, fsbench, problems);
    }
    return problems;
  }

  /** The largest difference of a flowop's share between the sides, in percentage points. */
  static double mixDeviation(FilebenchOutput a, FilebenchOutput b) {
    Map<String, Double> sa = a.shares();
    Map<String, Double> sb = b.shares();
    Set<String> names = new TreeSet<>(sa.keySet());
    names.addAll(sb.keySet());
    return names.stream()
        .mapToDouble(n -> Math.abs(sa.getOrDefault(n, 0.0) - sb.getOrDefault(n, 0.0)))
        .max()
        .orElse(0);
  }

  private static void bytesPerOp(
      String name,
      String type,
      boolean cvar,
      FilebenchOutput filebench,
      FilebenchOutput fsbench,
      List<String> problems) {
    FilebenchOutput.Flowop a = filebench.flowops().get(name);
    FilebenchOutput.Flowop b = fsbench.flowops().get(name);
    if (a.mbPerSec() < MIN_MB_PER_SEC || b.mbPerSec() < MIN_MB_PER_SEC) {
      return;
    }
    boolean drawn =
        "appendfilerand".equals(type) || (cvar && type != null && type.endsWith("wholefile"));
    double tolerance = drawn ? DRAWN_BYTES_PERCENT : FIXED_BYTES_PERCENT;
    double x = a.mbPerSec() * (1 << 20) / a.opsPerSec();
    double y = b.mbPerSec() * (1 << 20) / b.opsPerSec();
    if (Math.abs(y - x) > x * tolerance / 100) {
      problems.add(
          String.format(
              Locale.ROOT,
              "%s: %.0f bytes/op in filebench, %.0f in fsbench (over %.0f%% apart)",
              name,
              x,
              y,
              tolerance));
    }
  }

  /** The IO Summary against the side's own flowop lines. */
  private static void consistent(
      String side, Map<String, String> types, FilebenchOutput out, List<String> problems) {
    long io = 0;
    long reads = 0;
    long writes = 0;
    for (FilebenchOutput.Flowop f : out.flowops().values()) {
      String type = types.getOrDefault(f.name(), "");
      if (!NOT_IO.contains(type)) {
        io += f.ops();
      }
      reads += READS.contains(type) ? f.ops() : 0;
      writes += WRITES.contains(type) ? f.ops() : 0;
    }
    FilebenchOutput.Summary s = out.summary();
    long slack = Math.max(SUMMARY_SLACK_OPS, Math.round(io * SUMMARY_SLACK_PERCENT / 100));
    if (Math.abs(s.ops() - io) > slack) {
      problems.add(side + ": IO Summary has " + s.ops() + " ops, its flowops " + io);
    }
    if (s.ops() == 0) {
      return;
    }
    double perOp = s.opsPerSec() / s.ops();
    rate(side, "rd", reads * perOp, s.readsPerSec(), problems);
    rate(side, "wr", writes * perOp, s.writesPerSec(), problems);
  }

  private static void rate(
      String side, String what, double expected, double printed, List<String> problems) {
    if (Math.abs(expected - printed) > 1 + expected * 0.02) {
      problems.add(
          String.format(
              Locale.ROOT,
              "%s: IO Summary %s %.0f/s, its flowops %.1f/s",
              side,
              what,
              printed,
              expected));
    }
  }
}
