package io.fsbench.core.report.compare;

import io.fsbench.api.BaselineRatio;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.MetricSummary;
import io.fsbench.core.compare.Ratios;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which filesystem did best on a workload that stands for a use case, and whether it did
 * distinguishably better than the best other filesystem.
 *
 * @param useCase what the workload stands for
 * @param workload the workload
 * @param best the cell with the best headline mean
 * @param runnerUp the best cell of another filesystem, if another ran
 * @param aheadOfRunnerUp best over runner-up, oriented so that above 1 is better
 * @param distinguishable whether the two cells' 95% confidence intervals are apart
 */
record Recommendation(
    UseCase useCase,
    String workload,
    ComparisonCell best,
    Optional<ComparisonCell> runnerUp,
    double aheadOfRunnerUp,
    boolean distinguishable) {

  /** One recommendation per workload with a use case and at least one measured cell. */
  static List<Recommendation> of(Comparison comparison) {
    List<Recommendation> recommendations = new ArrayList<>();
    for (String workload : comparison.workloads()) {
      Optional<UseCase> useCase = UseCase.of(workload);
      if (useCase.isEmpty()) {
        continue;
      }
      List<ComparisonCell> ranked = ranked(comparison.cellsOf(workload));
      if (ranked.isEmpty()) {
        continue;
      }
      ComparisonCell best = ranked.get(0);
      Optional<ComparisonCell> runnerUp =
          ranked.stream().filter(c -> !c.fileSystem().equals(best.fileSystem())).findFirst();
      double ahead = Double.NaN;
      boolean apart = false;
      if (runnerUp.isPresent()) {
        MetricSummary b = best.headline().orElseThrow();
        MetricSummary r = runnerUp.get().summary(b.name()).orElseThrow();
        ahead = Ratios.against(b, r, "", "").map(BaselineRatio::ratio).orElse(Double.NaN);
        apart = !b.overlaps(r);
      }
      recommendations.add(
          new Recommendation(useCase.get(), workload, best, runnerUp, ahead, apart));
    }
    return recommendations;
  }

  /**
   * The recommendations grouped by use case, in the order the use cases first appear, so that a
   * report shows one entry per use case even when several workloads stand for it (the classic
   * whole-filesystem comparison has three for small files).
   */
  static Map<UseCase, List<Recommendation>> byUseCase(Comparison comparison) {
    Map<UseCase, List<Recommendation>> grouped = new LinkedHashMap<>();
    for (Recommendation r : of(comparison)) {
      grouped.computeIfAbsent(r.useCase(), u -> new ArrayList<>()).add(r);
    }
    return grouped;
  }

  /** The picks of a use case's workloads, each once: {@code [xfs]} or {@code [xfs, ext4]}. */
  static List<String> picks(List<Recommendation> sameUseCase) {
    return sameUseCase.stream().map(r -> name(r.best())).distinct().toList();
  }

  /** Measured cells that did not fail, best first by the headline mean. */
  private static List<ComparisonCell> ranked(List<ComparisonCell> cells) {
    List<ComparisonCell> ranked = new ArrayList<>();
    String metric = null;
    for (ComparisonCell cell : cells) {
      if (cell.failed() || cell.headline().isEmpty()) {
        continue;
      }
      if (metric == null) {
        metric = cell.headline().get().name();
      }
      if (cell.summary(metric).isPresent()) {
        ranked.add(cell);
      }
    }
    if (ranked.isEmpty()) {
      return ranked;
    }
    String name = metric;
    boolean higher = ranked.get(0).summary(name).orElseThrow().unit().higherIsBetter();
    Comparator<ComparisonCell> byMean =
        Comparator.comparingDouble(c -> c.summary(name).orElseThrow().mean());
    ranked.sort(higher ? byMean.reversed() : byMean);
    return ranked;
  }

  /**
   * What the pick was measured with: the workload, and its headline metric when the workload has
   * rows for several steps ({@code tree extract.seconds}).
   */
  String measuredWith() {
    List<String> rows = best.headlineMetrics();
    return rows.size() > 1 ? workload + " " + rows.get(0) : workload;
  }

  /** {@code xfs} or {@code btrfs compression=zstd:3}. */
  static String name(ComparisonCell cell) {
    return cell.tuning().isDefault()
        ? cell.fileSystem()
        : cell.fileSystem() + " " + cell.tuning().label();
  }

  /**
   * Why, after the name: {@code 1.07× ext4, the runner-up}, {@code 1.25× ext4; ahead of xfs by
   * 1.21×}, {@code the baseline; not distinguishable from xfs (1.02×), either will do}.
   */
  String verdict(String baseline) {
    if (runnerUp.isPresent() && (singleRun(best) || singleRun(runnerUp.get()))) {
      // One run has no interval: neither "ahead" nor "not distinguishable" can be said of it.
      return HumanUnits.ratio(aheadOfRunnerUp)
          + " "
          + name(runnerUp.get())
          + " (n=1, no interval: repeat the runs to tell whether it is ahead)";
    }
    StringBuilder s = new StringBuilder();
    Optional<BaselineRatio> vsBaseline = best.headlineRatio();
    boolean runnerUpIsBaseline =
        runnerUp.isPresent() && runnerUp.get().fileSystem().equals(baseline);
    if (best.fileSystem().equals(baseline) && vsBaseline.isEmpty()) {
      s.append("the baseline");
    } else if (runnerUpIsBaseline && vsBaseline.isPresent()) {
      BaselineRatio r = vsBaseline.get();
      return distinguishable
          ? HumanUnits.ratio(aheadOfRunnerUp) + " " + name(runnerUp.get()) + ", the runner-up"
          : "≈ "
              + name(runnerUp.get())
              + " ("
              + HumanUnits.ratio(r.ratio())
              + "), the runner-up: not distinguishable, either will do";
    } else if (vsBaseline.isPresent()) {
      BaselineRatio r = vsBaseline.get();
      s.append(
          r.distinguishable()
              ? HumanUnits.ratio(r.ratio()) + " " + r.baselineFileSystem()
              : "≈ " + r.baselineFileSystem());
    }
    if (s.length() > 0) {
      s.append("; ");
    }
    if (runnerUp.isEmpty()) {
      s.append("the only filesystem measured");
    } else if (distinguishable) {
      s.append("ahead of ")
          .append(name(runnerUp.get()))
          .append(" by ")
          .append(HumanUnits.ratio(aheadOfRunnerUp));
    } else {
      s.append("not distinguishable from ")
          .append(name(runnerUp.get()))
          .append(" (")
          .append(HumanUnits.ratio(aheadOfRunnerUp))
          .append("), either will do");
    }
    return s.toString();
  }

  private static boolean singleRun(ComparisonCell cell) {
    return cell.headline().map(summary -> !summary.hasInterval()).orElse(false);
  }

  /** The whole sentence: {@code xfs, 1.07× ext4, the runner-up}. */
  String sentence(String baseline) {
    return name(best) + ", " + verdict(baseline);
  }
}
