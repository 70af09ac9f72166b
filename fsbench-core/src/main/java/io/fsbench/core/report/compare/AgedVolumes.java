package io.fsbench.core.report.compare;

import io.fsbench.api.AgingSummary;
import io.fsbench.api.BaselineRatio;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.Fragmentation;
import io.fsbench.api.MetricSummary;
import io.fsbench.api.Unit;
import io.fsbench.core.compare.ComparisonPlan;
import io.fsbench.core.compare.Ratios;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The "Aged volumes" section of the text, Markdown and HTML reports, worded once: how each aged
 * cell's volume was aged (its time apart from the measured time, fullness, free-space fragmentation
 * fresh and aged), then per workload the fresh and the aged cell of each filesystem side by side
 * with the aged one's ratio to the fresh and their layout scores. Empty where the comparison has no
 * aged cell.
 *
 * @param agings one per aged cell that was aged, in report order
 * @param tables one per workload with an aged twin and headline metric
 */
record AgedVolumes(List<Aging> agings, List<Table> tables) {

  /** The layout score's metric, as the comparison runner adds it to a run on a volume it made. */
  static final String LAYOUT = "layout.score";

  /**
   * How one aged cell's volume was aged.
   *
   * @param cell the aged cell
   * @param summary what the aging did
   */
  record Aging(ComparisonCell cell, AgingSummary summary) {

    /** {@code ext4 (defaults) for seqread-128k-aged}. */
    String volume() {
      return cell.fileSystem() + " (" + cell.tuning().label() + ") for " + cell.workload();
    }

    /** {@code 944 files, 2.01 GiB written, converged after 2.00 volume sizes written}. */
    String figures() {
      return summary.files()
          + " files, "
          + HumanUnits.bytes(summary.bytesWritten())
          + " written, "
          + summary.stopReason();
    }

    String took() {
      return seconds(summary.took());
    }

    String fullness() {
      return HumanUnits.percent(summary.fullness());
    }

    /** The fresh volume's fragmentation figures, or why there are none. */
    String before() {
      return fragmentation(summary.before());
    }

    /** The aged volume's. */
    String after() {
      return fragmentation(summary.after());
    }

    private String fragmentation(Optional<Fragmentation> figures) {
      return figures.map(Fragmentation::summary).orElse(cell.fileSystem() + " reports none");
    }
  }

  /**
   * One workload's fresh and aged figures on one metric.
   *
   * @param workload the fresh workload's name, e.g. {@code seqread-128k}
   * @param metric the metric compared, a headline of the workload
   * @param scale the scale of every number of the table
   * @param rows one per filesystem and tuning with both cells
   */
  record Table(String workload, String metric, Scale scale, List<Row> rows) {

    /** {@code read.bw (MiB/s, higher is better)}. */
    String heading() {
      return metric + " (" + HumanUnits.unitNote(scale) + ")";
    }

    /** {@code 2879 ±312}, the median and its interval, or a dash where nothing was measured. */
    String figure(Optional<MetricSummary> summary) {
      return summary
          .map(
              s ->
                  scale.number(s.median())
                      + (s.hasInterval() ? " " + HumanUnits.plusMinus(s, scale) : ""))
          .orElse(HumanUnits.ABSENT);
    }
  }

  /**
   * A filesystem's fresh and aged cell of one workload.
   *
   * @param fresh the cell on a fresh volume
   * @param aged its twin on an aged one
   * @param freshSummary the fresh cell's summary of the table's metric
   * @param agedSummary the aged cell's
   * @param ratio the aged against the fresh, above 1 when aged is better (as every ratio of the
   *     reports reads); empty where one of the two has nothing to divide
   */
  record Row(
      ComparisonCell fresh,
      ComparisonCell aged,
      Optional<MetricSummary> freshSummary,
      Optional<MetricSummary> agedSummary,
      Optional<BaselineRatio> ratio) {

    String fileSystem() {
      return fresh.fileSystem();
    }

    String tuning() {
      return fresh.tuning().label();
    }

    /** {@code 0.83×}, {@code ≈0.98×} where the intervals overlap, {@code 0.50×*} from one run. */
    String versus() {
      if (aged.failed()) {
        return "failed";
      }
      return ratio
          .map(
              r ->
                  r.singleRun()
                      ? HumanUnits.ratio(r.ratio()) + "*"
                      : (r.distinguishable() ? "" : "≈") + HumanUnits.ratio(r.ratio()))
          .orElse(HumanUnits.ABSENT);
    }

    /** Whether aged is distinguishably better, worse, or neither: for the HTML's colours. */
    String verdict() {
      if (aged.failed()) {
        return "failed";
      }
      return ratio.map(r -> r.better() ? "better" : r.worse() ? "worse" : "same").orElse("base");
    }

    /** {@code 1 → 18}, the medians of the layout score, or a dash where there is none. */
    String layout() {
      Optional<MetricSummary> before = fresh.summary(LAYOUT);
      Optional<MetricSummary> after = aged.summary(LAYOUT);
      if (before.isEmpty() && after.isEmpty()) {
        return HumanUnits.ABSENT;
      }
      return score(before) + " → " + score(after);
    }

    private static String score(Optional<MetricSummary> summary) {
      return summary.map(s -> HumanUnits.number(s.median())).orElse(HumanUnits.ABSENT);
    }
  }

  static AgedVolumes of(Comparison comparison) {
    List<Aging> agings = new ArrayList<>();
    for (ComparisonCell cell : comparison.cells()) {
      cell.aging().ifPresent(a -> agings.add(new Aging(cell, a)));
    }
    List<Table> tables = new ArrayList<>();
    for (String workload : comparison.workloads()) {
      List<Row> pairs = new ArrayList<>();
      for (ComparisonCell fresh : comparison.cellsOf(workload)) {
        twin(comparison, fresh).ifPresent(aged -> pairs.add(row(fresh, aged, "")));
      }
      if (!pairs.isEmpty()) {
        for (String metric : metrics(pairs)) {
          tables.add(table(workload, metric, pairs));
        }
      }
    }
    return new AgedVolumes(List.copyOf(agings), List.copyOf(tables));
  }

  boolean isEmpty() {
    return agings.isEmpty() && tables.isEmpty();
  }

  /** {@code desktop:fullness=80%,...}, each aging asked for once. */
  String profiles() {
    Set<String> profiles = new LinkedHashSet<>();
    agings.forEach(a -> profiles.add(a.summary().profile()));
    return String.join("; ", profiles);
  }

  /**
   * The section's first sentence: {@code Each aged cell's volume was aged once with desktop:...
   * before its runs, and each run started from the kept aged image; aging took 1 min 23 s in all,
   * not counted in any measured time.}
   */
  String intro() {
    Duration total = Duration.ZERO;
    for (Aging a : agings) {
      total = total.plus(a.summary().took());
    }
    return "Each aged cell's volume was aged once"
        + (agings.isEmpty() ? "" : " with " + profiles())
        + " before its runs, and each run started from the kept aged image; aging took "
        + HumanUnits.duration(total)
        + " in all, not counted in any measured time";
  }

  /** The legend of the tables: what the ratio and the layout score read as. */
  static String legend() {
    return "median ±95% CI; aged vs fresh: 0.80× = aged 20% worse than fresh (less throughput or"
        + " more time), ≈ = not distinguishable, * = one run; layout: the layout.score medians"
        + " fresh → aged, contiguous pieces per file read, 1 = every file in one piece";
  }

  /** The aged twin of a fresh cell: its workload's aged name on the same filesystem and tuning. */
  private static Optional<ComparisonCell> twin(Comparison comparison, ComparisonCell fresh) {
    String agedName = ComparisonPlan.agedName(fresh.workload());
    return comparison.cellsOf(agedName).stream()
        .filter(c -> c.fileSystem().equals(fresh.fileSystem()))
        .filter(c -> c.tuning().equals(fresh.tuning()))
        .findFirst();
  }

  private static List<String> metrics(List<Row> pairs) {
    List<String> metrics = new ArrayList<>();
    for (Row pair : pairs) {
      for (ComparisonCell cell : List.of(pair.fresh(), pair.aged())) {
        cell.headlineMetrics().stream().filter(m -> !metrics.contains(m)).forEach(metrics::add);
      }
    }
    return metrics;
  }

  private static Table table(String workload, String metric, List<Row> pairs) {
    List<Row> rows = new ArrayList<>();
    List<MetricSummary> summaries = new ArrayList<>();
    for (Row pair : pairs) {
      Row row = row(pair.fresh(), pair.aged(), metric);
      row.freshSummary().ifPresent(summaries::add);
      row.agedSummary().ifPresent(summaries::add);
      rows.add(row);
    }
    Unit unit = summaries.isEmpty() ? Unit.COUNT : summaries.get(0).unit();
    return new Table(workload, metric, HumanUnits.scaleFor(unit, summaries), List.copyOf(rows));
  }

  private static Row row(ComparisonCell fresh, ComparisonCell aged, String metric) {
    Optional<MetricSummary> before = fresh.summary(metric);
    Optional<MetricSummary> after = aged.summary(metric);
    Optional<BaselineRatio> ratio = Optional.empty();
    if (before.isPresent() && after.isPresent() && before.get().unit() == after.get().unit()) {
      ratio = Ratios.against(after.get(), before.get(), fresh.fileSystem(), "fresh");
    }
    return new Row(fresh, aged, before, after, ratio);
  }

  private static String seconds(Duration d) {
    return String.format(Locale.ROOT, "%.1f s", d.toNanos() / 1e9);
  }
}
