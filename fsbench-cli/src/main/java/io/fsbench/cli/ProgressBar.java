package io.fsbench.cli;

import io.fsbench.api.CellId;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.Repetition;
import io.fsbench.api.SkippedFileSystem;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Progress of a comparison on stderr: a bar of measured runs done (not cells: with runs in rounds,
 * no cell finishes before the last round), the cell running and an estimate of the time left. On a
 * terminal it is one line rewritten in place; otherwise (a log file, a pipe) one line per run
 * started, so that the log reads in order.
 *
 * <p>The estimate counts the runs left: a workload that has run before is expected to take as long
 * again, one that has not the average run so far. Workloads differ by orders of magnitude (a
 * filesystem's creation against a million files), so a single average would mislead.
 */
final class ProgressBar implements ComparisonListener {

  private static final int WIDTH = 20;

  private final PrintWriter err;
  private final boolean terminal;
  private final LongSupplier nanoTime;
  private final int runsPerCell;
  private final long started;
  private final Map<String, long[]> perWorkload = new HashMap<>(); // workload -> {nanos, runs}
  private final Map<CellId, Integer> runsOf = new HashMap<>();
  private final Map<CellId, Boolean> done = new HashMap<>();
  private final Map<CellId, Integer> measuredOf = new HashMap<>();
  private final Map<CellId, Integer> agingTenths = new HashMap<>();
  private long runNanos;
  private int runs;
  private long runStarted;
  private int cells;
  private int measured;

  ProgressBar(PrintWriter err, int runsPerCell) {
    this(err, runsPerCell, System.console() != null, System::nanoTime);
  }

  ProgressBar(PrintWriter err, int runsPerCell, boolean terminal, LongSupplier nanoTime) {
    this.err = err;
    this.runsPerCell = runsPerCell;
    this.terminal = terminal;
    this.nanoTime = nanoTime;
    this.started = nanoTime.getAsLong();
  }

  @Override
  public synchronized void fileSystemSkipped(SkippedFileSystem skipped) {
    clearLine();
    err.println("skipped " + skipped.fileSystem() + ": " + skipped.reason() + hint(skipped));
    err.flush();
  }

  private static String hint(SkippedFileSystem skipped) {
    return skipped.hint().isBlank() ? "" : " (" + skipped.hint() + ")";
  }

  @Override
  public synchronized void note(String message) {
    clearLine();
    err.println(message);
    err.flush();
  }

  @Override
  public synchronized void cellStarted(CellId cell, int position, int cells) {
    this.cells = cells;
    runsOf.putIfAbsent(cell, 0);
    done.putIfAbsent(cell, false);
    runStarted = nanoTime.getAsLong();
    String eta = runs == 0 ? "" : ", ETA ~" + format(remaining(cell));
    show(
        String.format(
            Locale.ROOT,
            "[%s] %d/%d runs done%s — running %s",
            bar(),
            measured,
            plannedRuns(),
            eta,
            cell));
  }

  /**
   * The aging before an aged cell's first run, which can take minutes: on a terminal the line shows
   * how far it is; in a log, a line at each tenth.
   */
  @Override
  public synchronized void agingProgress(CellId cell, double fraction) {
    if (fraction >= 1) {
      runStarted = nanoTime.getAsLong(); // the aging is not the run: keep it out of the estimate
    }
    int tenths = (int) Math.floor(fraction * 10 + 1e-9);
    if (terminal || tenths > agingTenths.getOrDefault(cell, 0)) {
      agingTenths.put(cell, tenths);
      show(
          String.format(
              Locale.ROOT,
              "[%s] %d/%d runs done — aging %s on %s: %d%%",
              bar(),
              measured,
              plannedRuns(),
              cell.fileSystem(),
              cell.workload(),
              (int) Math.floor(fraction * 100 + 1e-9)));
    }
  }

  @Override
  public synchronized void repetitionFinished(CellId cell, Repetition repetition) {
    long took = nanoTime.getAsLong() - runStarted;
    runNanos += took;
    runs++;
    runsOf.merge(cell, 1, Integer::sum);
    if (!repetition.warmUp()) {
      measured++;
      measuredOf.merge(cell, 1, Integer::sum);
    }
    long[] w = perWorkload.computeIfAbsent(cell.workload(), k -> new long[2]);
    w[0] += took;
    w[1]++;
  }

  @Override
  public synchronized void cellFinished(ComparisonCell cell) {
    done.put(cell.id(), true);
    if (cell.failed()) {
      clearLine();
      err.println("FAILED " + cell.id() + ": " + cell.failure());
      err.flush();
    }
  }

  /**
   * The final line: runs made, and cells that ran (an interrupted comparison has some that did
   * not).
   */
  @Override
  public synchronized void done(Comparison comparison) {
    clearLine();
    int ran =
        (int)
            comparison.cells().stream().filter(c -> c.failed() || !c.measured().isEmpty()).count();
    int all = comparison.cells().size();
    int runsMade = comparison.cells().stream().mapToInt(c -> c.measured().size()).sum();
    int filled = all == 0 ? WIDTH : ran * WIDTH / all;
    err.println(
        String.format(
            Locale.ROOT,
            "[%s] %d runs done in %s (%d/%d cells)",
            "#".repeat(filled) + ".".repeat(WIDTH - filled),
            runsMade,
            format(Duration.ofNanos(nanoTime.getAsLong() - started)),
            ran,
            all));
    err.flush();
  }

  /**
   * The runs left, each at its workload's average so far (or the overall one), counting cells not
   * yet started as the ones started are: {@code runsPerCell} runs each.
   */
  private Duration remaining(CellId running) {
    long average = runNanos / runs;
    long nanos = 0;
    for (Map.Entry<CellId, Integer> e : runsOf.entrySet()) {
      if (!done.get(e.getKey())) {
        int left = Math.max(e.getKey().equals(running) ? 1 : 0, runsPerCell - e.getValue());
        nanos += left * perRun(e.getKey().workload(), average);
      }
    }
    long unseen = Math.max(0, cells - runsOf.size());
    return Duration.ofNanos(nanos + unseen * runsPerCell * average);
  }

  private long perRun(String workload, long average) {
    long[] w = perWorkload.get(workload);
    return w == null ? average : w[0] / w[1];
  }

  /**
   * The measured runs the comparison makes as far as can be told now: {@code runsPerCell} a cell,
   * or as many as a cell has made already (a cell repeated until precise makes more), none more for
   * a cell that finished.
   */
  private int plannedRuns() {
    int planned = 0;
    for (Map.Entry<CellId, Integer> e : runsOf.entrySet()) {
      int made = measuredOf.getOrDefault(e.getKey(), 0);
      planned += done.get(e.getKey()) ? made : Math.max(runsPerCell, made);
    }
    return planned + Math.max(0, cells - runsOf.size()) * runsPerCell;
  }

  private String bar() {
    int planned = plannedRuns();
    int filled = planned == 0 ? 0 : Math.min(WIDTH, measured * WIDTH / planned);
    return "#".repeat(filled) + ".".repeat(WIDTH - filled);
  }

  private void show(String text) {
    if (terminal) {
      err.print("\r\033[K" + text);
    } else {
      err.println(text);
    }
    err.flush();
  }

  private void clearLine() {
    if (terminal) {
      err.print("\r\033[K");
    }
  }

  static String format(Duration d) {
    long s = d.toSeconds();
    return s >= 3600
        ? (s / 3600) + "h" + (s % 3600 / 60) + "m"
        : s >= 60 ? (s / 60) + "m" + (s % 60) + "s" : s + "s";
  }
}
