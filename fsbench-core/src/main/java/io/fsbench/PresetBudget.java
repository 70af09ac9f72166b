package io.fsbench;

import io.fsbench.api.CellId;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.Repetition;
import io.fsbench.api.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Fits {@code classic-table}'s sizes to a time budget. The table's rows differ by orders of
 * magnitude between filesystems (zfs-fuse writes 4 KiB random blocks at a few MiB/s, so IOzone's 8
 * GiB file alone takes it most of an hour), so no one scale suits every machine. Before the table
 * runs, each of its workloads runs once on every filesystem compared at two small scales ({@link
 * #LOW} and {@link #HIGH}); each row's time is then a line {@code fixed + perScale × scale} (volume
 * creation and mkfs are the fixed part). The budget left after that, less a margin for what small
 * sizes cannot show (the page cache filling, writeback starting), is shared out as water fills
 * vessels: every row may take up to the same time, a row that needs less runs at its full size, and
 * the rows that need more are shrunk to that time, so the slowest rows shrink and the rest keep the
 * table's sizes. All filesystems run each row at the same size, so the table stays a comparison.
 *
 * <p>Rows that run for a fixed time (randomio's sample, filebench's {@code run 60}: {@link
 * ComparisonPresets.RunTime}) are timed with a short run ({@link #TIMING_SAMPLE_SECONDS}, {@link
 * #TIMING_RUN_SECONDS}) and that time is counted apart: such a row's time is {@code fixed +
 * perScale × scale + runs × seconds}. When it must shrink, its data shrinks first, down to 256 MiB
 * (randomio's file, a filebench dataset; {@link ComparisonPresets#BUDGET_DATA_FLOOR}); then its run
 * is shortened, down to 10 s ({@link ComparisonPresets#BUDGET_RUN_FLOOR}); only then does its data
 * shrink further, to {@link #LOW}. A rate over a short run still measures the filesystem; a file so
 * small that the page cache holds it does not. The note says which runs were shortened.
 */
final class PresetBudget {

  /** The two scales the rows are timed at, relative to the preset's own scale. */
  static final double LOW = 0.004;

  static final double HIGH = 0.016;

  /**
   * The share of the time left after timing that the prediction may fill: a line through two small
   * sizes misses the page cache filling and writeback starting at the table's sizes. Measured on
   * 2026-12-02 (four filesystems, {@code --repeat 1}): the rows shrunk to the cap took 1.03 to 1.50
   * times their prediction (zfs-fuse's million files, 1 KiB dd writes and 4 KiB IOzone the most),
   * the rows at full size 1.12 times, the table 1.25 times; with 0.8 it ended 3 s past its 45
   * minutes, so 0.65 leaves the table about a sixth of its time for what the line cannot see.
   */
  static final double MARGIN = 0.65;

  /** The seconds randomio samples for while it is timed; its real sample time is added. */
  static final long TIMING_SAMPLE_SECONDS = 5;

  /** The seconds a filebench row runs for while it is timed; its real run time is added. */
  static final long TIMING_RUN_SECONDS = 1;

  private PresetBudget() {}

  /** Runs a comparison of some workloads on the filesystems compared, reporting to a listener. */
  interface Runner {
    void run(List<Workload> workloads, ComparisonListener listener);
  }

  /** A row's time at scale s over all its cells: {@code fixed + perScale × s} seconds. */
  record Cost(double fixed, double perScale) {
    double at(double scale) {
      return fixed + perScale * scale;
    }

    Cost times(double factor) {
      return new Cost(fixed * factor, perScale * factor);
    }

    Cost plus(double seconds) {
      return new Cost(fixed + seconds, perScale);
    }
  }

  /** The line through two timings, never negative in either part. */
  static Cost line(double lowScale, double lowSeconds, double highScale, double highSeconds) {
    double perScale = Math.max(0, (highSeconds - lowSeconds) / (highScale - lowScale));
    double fixed = Math.max(0, lowSeconds - perScale * lowScale);
    return new Cost(fixed, perScale);
  }

  /**
   * A row of the table as the budget sees it: {@code cost} over all its cells, and for a row with a
   * run of fixed length, the {@code runs} it makes (cells × runs per cell) of {@code seconds} each,
   * which the budget may shorten to {@code runFloor} once its data is at {@code dataFloor}; its
   * data never shrinks below {@code dataLeast}.
   */
  record Row(
      Cost cost, double runs, long seconds, long runFloor, double dataFloor, double dataLeast) {
    /** A row without a run of fixed length. */
    static Row of(Cost cost) {
      return new Row(cost, 0, 0, 0, 0, 0);
    }

    double at(double scale, double runSeconds) {
      return cost.at(scale) + runs * runSeconds;
    }

    /** The scale and run seconds at which the row takes at most {@code cap} seconds. */
    double[] within(double cap, double scaleFloor) {
      double floor = Math.max(scaleFloor, Math.min(1, dataLeast));
      if (at(1, seconds) <= cap) {
        return new double[] {1, seconds};
      }
      double dataFloor = Math.max(floor, Math.min(1, this.dataFloor));
      double s = scaleFor(cap - runs * seconds);
      // a row whose data cannot shrink (no time per scale) goes on to its run at once
      boolean dataIsEnough = s >= dataFloor && cost.perScale() > 0;
      if (dataIsEnough || runs == 0 || runFloor >= seconds) {
        return new double[] {Math.max(floor, s), seconds};
      }
      double r = (cap - cost.at(dataFloor)) / runs;
      if (r >= runFloor) {
        return new double[] {dataFloor, Math.min(seconds, r)};
      }
      return new double[] {
        Math.max(floor, Math.min(dataFloor, scaleFor(cap - runs * runFloor))), runFloor
      };
    }

    private double scaleFor(double seconds) {
      return cost.perScale() == 0 ? 1 : Math.min(1, (seconds - cost.fixed()) / cost.perScale());
    }
  }

  /**
   * How the budget is shared.
   *
   * @param scales each row's scale, 1 for a row at its full size
   * @param runSeconds each row with a run of fixed length: the seconds it runs for
   * @param predictedSeconds the table's predicted time at those scales and runs
   * @param capSeconds the time each shrunk row was given
   * @param fits whether the prediction is within the seconds given; when not even the smallest
   *     scales and shortest runs fit, every row runs at {@code floor} and its shortest run
   */
  record Allotment(
      Map<String, Double> scales,
      Map<String, Long> runSeconds,
      double predictedSeconds,
      double capSeconds,
      boolean fits) {}

  /**
   * Shares {@code seconds} between rows, after {@code constant} seconds of rows that cannot shrink:
   * each row runs at full size if it takes at most a common cap, else shrunk (as {@link Row#within}
   * says: data to its data floor, then its run, then data to {@code floor}) until it takes the cap;
   * the cap is the largest that fits.
   */
  static Allotment allot(Map<String, Row> rows, double constant, double seconds, double floor) {
    double cap = rows.values().stream().mapToDouble(r -> r.at(1, r.seconds())).max().orElse(0);
    double full = total(rows, constant, cap, floor);
    if (full <= seconds) {
      return allotment(rows, cap, floor, full, true);
    }
    double lowest = total(rows, constant, 0, floor);
    if (lowest > seconds) {
      return allotment(rows, 0, floor, lowest, false);
    }
    double lo = 0;
    double hi = cap;
    for (int i = 0; i < 100; i++) {
      double mid = (lo + hi) / 2;
      if (total(rows, constant, mid, floor) <= seconds) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return allotment(rows, lo, floor, total(rows, constant, lo, floor), true);
  }

  private static Allotment allotment(
      Map<String, Row> rows, double cap, double floor, double predicted, boolean fits) {
    Map<String, Double> scales = new LinkedHashMap<>();
    Map<String, Long> runs = new LinkedHashMap<>();
    for (Map.Entry<String, Row> e : rows.entrySet()) {
      double[] within = e.getValue().within(cap, floor);
      scales.put(e.getKey(), within[0]);
      if (e.getValue().runs() > 0) {
        // whole seconds, rounded down so that the row stays within the cap
        runs.put(
            e.getKey(), Math.max(e.getValue().runFloor(), (long) Math.floor(within[1] + 1e-9)));
      }
    }
    return new Allotment(scales, runs, predicted, cap, fits);
  }

  private static double total(Map<String, Row> rows, double constant, double cap, double floor) {
    double sum = constant;
    for (Row row : rows.values()) {
      double[] within = row.within(cap, floor);
      sum += row.at(within[0], within[1]);
    }
    return sum;
  }

  /**
   * Times the preset's rows on the filesystems compared and returns its plan fitted to {@code
   * budget}, with a note in its scaling that says how.
   *
   * @param runsPerCell the runs each cell of the table will make
   */
  static ComparisonPresets.Plan fit(
      String preset,
      Map<String, String> params,
      long freeBytes,
      Duration budget,
      int runsPerCell,
      Runner runner,
      ComparisonListener progress,
      LongSupplier nanoTime) {
    long started = nanoTime.getAsLong();
    ComparisonPresets.Plan full = ComparisonPresets.plan(preset, params, freeBytes);
    ComparisonPresets.Plan lowPlan = ComparisonPresets.plan(preset, params, freeBytes, timing(LOW));
    ComparisonPresets.Plan highPlan =
        ComparisonPresets.plan(preset, params, freeBytes, timing(HIGH));
    CellTimer atLow = new CellTimer("at scale " + LOW, progress, nanoTime);
    runner.run(lowPlan.workloads(), atLow);
    atLow.lap();
    // a row whose data cannot shrink (varmail keeps its files) needs no second timing
    List<Workload> scaled =
        highPlan.workloads().stream()
            .filter(w -> highPlan.scaleKeys().containsKey(w.name()))
            .filter(w -> canShrink(full, full.scaleKeys().get(w.name())))
            .toList();
    CellTimer atHigh = new CellTimer("at scale " + HIGH, progress, nanoTime);
    runner.run(scaled, atHigh);
    atHigh.lap();

    Map<String, Row> rows = new LinkedHashMap<>();
    double constant = atLow.seconds(CellTimer.OVERHEAD); // sizing and probing, once a comparison
    for (Workload w : full.workloads()) {
      String name = w.name();
      double lowSeconds = atLow.seconds(name);
      String key = full.scaleKeys().get(name);
      if (key == null) {
        constant += lowSeconds * runsPerCell;
        continue;
      }
      Cost cost =
          line(LOW, lowSeconds, HIGH, canShrink(full, key) ? atHigh.seconds(name) : lowSeconds);
      ComparisonPresets.RunTime run = full.runTimes().get(key);
      if (run == null) {
        rows.merge(key, Row.of(cost.times(runsPerCell)), PresetBudget::sum);
        continue;
      }
      // the timing runs' fixed seconds are counted apart, at the length the row will run
      double cells = atLow.cells(name);
      long timed = lowPlan.runTimes().get(key).seconds();
      cost = new Cost(Math.max(0, cost.fixed() - timed * cells), cost.perScale());
      rows.put(
          key,
          new Row(
              cost.times(runsPerCell),
              cells * runsPerCell,
              run.seconds(),
              Math.min(run.seconds(), run.floor()),
              run.dataFloor(),
              run.dataLeast()));
    }
    double timing = (nanoTime.getAsLong() - started) / 1e9;
    double left = Math.max(0, budget.toSeconds() - timing) * MARGIN;
    Allotment allotment = allot(rows, constant, left, LOW);
    String note = note(budget, timing, allotment, full.runTimes());
    progress.note(note);
    return ComparisonPresets.plan(
        preset,
        params,
        freeBytes,
        new ComparisonPresets.Fitted(allotment.scales(), allotment.runSeconds(), note));
  }

  private static boolean canShrink(ComparisonPresets.Plan plan, String key) {
    ComparisonPresets.RunTime run = plan.runTimes().get(key);
    return run == null || run.dataLeast() < 1;
  }

  private static Row sum(Row a, Row b) {
    return Row.of(
        new Cost(a.cost().fixed() + b.cost().fixed(), a.cost().perScale() + b.cost().perScale()));
  }

  /**
   * Every row at {@code scale}, randomio's sample at {@link #TIMING_SAMPLE_SECONDS} and filebench's
   * runs at {@link #TIMING_RUN_SECONDS}.
   */
  private static ComparisonPresets.Fitted timing(double scale) {
    Map<String, Double> scales = new HashMap<>();
    ComparisonPresets.SCALED.forEach(k -> scales.put(k, scale));
    Map<String, Long> runs = new HashMap<>();
    runs.put("randomio", TIMING_SAMPLE_SECONDS);
    ComparisonPresets.FILEBENCH.forEach(p -> runs.put("filebench:" + p, TIMING_RUN_SECONDS));
    return new ComparisonPresets.Fitted(scales, runs, "");
  }

  static String note(
      Duration budget,
      double timingSeconds,
      Allotment a,
      Map<String, ComparisonPresets.RunTime> runTimes) {
    List<String> shrunk = new ArrayList<>();
    a.scales()
        .forEach(
            (k, s) -> {
              if (s < 1) {
                shrunk.add(String.format(Locale.ROOT, "%s %.3g", k, s));
              }
            });
    List<String> shortened = new ArrayList<>();
    a.runSeconds()
        .forEach(
            (k, s) -> {
              ComparisonPresets.RunTime run = runTimes.get(k);
              if (run != null && s < run.seconds()) {
                shortened.add(k + " " + run.seconds() + " s → " + s + " s");
              }
            });
    String runs =
        shortened.isEmpty()
            ? ""
            : "; runs shortened (data at its floor, run at least "
                + ComparisonPresets.BUDGET_RUN_FLOOR
                + " s): "
                + String.join(", ", shortened);
    String head =
        "time budget "
            + duration(budget.toSeconds())
            + ": each row timed once per filesystem at scales "
            + LOW
            + " and "
            + HIGH
            + " ("
            + duration(Math.round(timingSeconds))
            + ")";
    if (!a.fits()) {
      return head
          + "; even at scale "
          + LOW
          + " the table is predicted to take "
          + duration(Math.round(a.predictedSeconds()))
          + ", past the budget: every row runs at that scale, and its shortest run"
          + runs;
    }
    if (shrunk.isEmpty() && shortened.isEmpty()) {
      return head
          + "; the table at its full sizes is predicted to take "
          + duration(Math.round(a.predictedSeconds()))
          + ", within the budget";
    }
    return head
        + "; predicted "
        + duration(Math.round(a.predictedSeconds()))
        + " with each row's time over the filesystems capped at "
        + duration(Math.round(a.capSeconds()))
        + ", which shrinks "
        + (shrunk.isEmpty() ? "no row's data" : String.join(", ", shrunk))
        + " (the other rows keep their sizes)"
        + runs;
  }

  /** {@code 1h02m}, {@code 5m10s}, {@code 42s}. */
  static String duration(long seconds) {
    return seconds >= 3600
        ? String.format(Locale.ROOT, "%dh%02dm", seconds / 3600, seconds % 3600 / 60)
        : seconds >= 60
            ? String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60)
            : seconds + "s";
  }

  /**
   * Wall time per workload over its cells: the time from each event of a comparison to the next
   * goes to the cell last started, so that volume creation and teardown count too.
   */
  static final class CellTimer implements ComparisonListener {
    /** The time before the first cell: sizing volumes and probing the machine. */
    static final String OVERHEAD = "";

    private final String label;
    private final ComparisonListener progress;
    private final LongSupplier nanoTime;
    private final Map<String, Long> nanos = new HashMap<>();
    private final Map<String, Integer> cells = new HashMap<>();
    private String current = OVERHEAD;
    private long mark;

    CellTimer(String label, ComparisonListener progress, LongSupplier nanoTime) {
      this.label = label;
      this.progress = progress;
      this.nanoTime = nanoTime;
      this.mark = nanoTime.getAsLong();
    }

    double seconds(String workload) {
      return nanos.getOrDefault(workload, 0L) / 1e9;
    }

    int cells(String workload) {
      return cells.getOrDefault(workload, 0);
    }

    void lap() {
      long now = nanoTime.getAsLong();
      nanos.merge(current, now - mark, Long::sum);
      mark = now;
    }

    @Override
    public void cellStarted(CellId cell, int position, int cells) {
      lap();
      current = cell.workload();
      this.cells.merge(current, 1, Integer::sum);
      progress.note(
          String.format(
              Locale.ROOT, "time budget, timing %s: [%d/%d] %s", label, position, cells, cell));
    }

    @Override
    public void repetitionFinished(CellId cell, Repetition repetition) {
      lap();
    }

    @Override
    public void cellFinished(ComparisonCell cell) {
      lap();
    }

    @Override
    public void done(Comparison comparison) {
      lap();
    }
  }
}
