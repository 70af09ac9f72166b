package io.fsbench.core.compare;

import io.fsbench.api.BaselineRatio;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.MetricSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds each cell's baseline cell and fills in the ratios. A cell is compared with the baseline
 * filesystem's cell of the same workload, preferring the same tuning, then the default tuning, then
 * the first one run. The baseline filesystem's own cells are compared only with its default-tuning
 * cell, so that a tuned ext4 reads against plain ext4 and plain ext4 has no ratio.
 */
final class Baselines {

  private Baselines() {}

  static List<ComparisonCell> withRatios(List<ComparisonCell> cells, String baseline) {
    if (baseline.isEmpty()) {
      return cells;
    }
    List<ComparisonCell> result = new ArrayList<>();
    for (ComparisonCell cell : cells) {
      Optional<ComparisonCell> base = baselineOf(cell, cells, baseline);
      result.add(base.map(b -> withRatios(cell, b)).orElse(cell));
    }
    return result;
  }

  static Optional<ComparisonCell> baselineOf(
      ComparisonCell cell, List<ComparisonCell> cells, String baseline) {
    List<ComparisonCell> candidates = new ArrayList<>();
    for (ComparisonCell c : cells) {
      if (c.fileSystem().equals(baseline)
          && c.workload().equals(cell.workload())
          && !c.id().equals(cell.id())
          && !c.summaries().isEmpty()) {
        candidates.add(c);
      }
    }
    Optional<ComparisonCell> defaults =
        candidates.stream().filter(c -> c.tuning().isDefault()).findFirst();
    if (cell.fileSystem().equals(baseline)) {
      return defaults; // a tuned baseline is compared with its own defaults, if they ran
    }
    return candidates.stream()
        .filter(c -> c.tuning().equals(cell.tuning()))
        .findFirst()
        .or(() -> defaults)
        .or(() -> candidates.stream().findFirst());
  }

  private static ComparisonCell withRatios(ComparisonCell cell, ComparisonCell base) {
    Map<String, BaselineRatio> ratios = new LinkedHashMap<>();
    for (MetricSummary summary : cell.summaries().values()) {
      MetricSummary other = base.summaries().get(summary.name());
      if (other != null && other.unit() == summary.unit()) {
        Ratios.against(summary, other, base.fileSystem(), base.tuning().label())
            .ifPresent(r -> ratios.put(summary.name(), r));
      }
    }
    return new ComparisonCell(
        cell.fileSystem(),
        cell.tuning(),
        cell.workload(),
        cell.parameters(),
        cell.applied(),
        cell.repetitions(),
        cell.summaries(),
        ratios,
        cell.failure(),
        cell.aging());
  }
}
