package io.fsbench.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One cell of a comparison: a filesystem with a tuning running a workload, repeated, with its
 * statistics. Core's {@code ComparisonRecorder} builds cells from what the runner measured; the
 * summaries and ratios are computed there, this record only checks they fit together.
 *
 * @param fileSystem the plugin id, e.g. {@code xfs}
 * @param tuning the tuning that was asked for
 * @param workload the workload's name, e.g. {@code randwrite-4k}
 * @param parameters the workload's effective parameters by name, sorted, for the record
 * @param applied what was actually applied to the volume (mount options, properties); empty when
 *     the cell failed before a volume existed
 * @param repetitions every run in order, warm-up runs included and marked
 * @param summaries per metric name, the statistics over the measured runs, in the order the
 *     workload reports its metrics
 * @param baselineRatios per metric name, the comparison with the baseline cell; empty for the
 *     baseline cell itself and when there is no baseline
 * @param failure why the cell failed, empty when it did not; a failed cell keeps the runs it made
 * @param aging how the cell's volume was aged before its runs; empty for a fresh volume (every cell
 *     but a comparison's aged ones, {@code WORKLOAD-aged})
 */
public record ComparisonCell(
    String fileSystem,
    Tuning tuning,
    String workload,
    Map<String, String> parameters,
    Optional<AppliedTuning> applied,
    List<Repetition> repetitions,
    Map<String, MetricSummary> summaries,
    Map<String, BaselineRatio> baselineRatios,
    String failure,
    Optional<AgingSummary> aging) {

  /** A cell on a fresh volume. */
  public ComparisonCell(
      String fileSystem,
      Tuning tuning,
      String workload,
      Map<String, String> parameters,
      Optional<AppliedTuning> applied,
      List<Repetition> repetitions,
      Map<String, MetricSummary> summaries,
      Map<String, BaselineRatio> baselineRatios,
      String failure) {
    this(
        fileSystem,
        tuning,
        workload,
        parameters,
        applied,
        repetitions,
        summaries,
        baselineRatios,
        failure,
        Optional.empty());
  }

  public ComparisonCell {
    new CellId(fileSystem, tuning, workload); // validates the three
    Objects.requireNonNull(applied, "applied");
    Objects.requireNonNull(failure, "failure");
    Objects.requireNonNull(aging, "aging");
    parameters = Collections.unmodifiableMap(new TreeMap<>(parameters));
    repetitions = List.copyOf(repetitions);
    summaries = Collections.unmodifiableMap(new LinkedHashMap<>(summaries));
    baselineRatios = Collections.unmodifiableMap(new LinkedHashMap<>(baselineRatios));
    for (int i = 0; i < repetitions.size(); i++) {
      if (repetitions.get(i).index() != i + 1) {
        throw new IllegalArgumentException(
            "repetitions of "
                + workload
                + " on "
                + fileSystem
                + " must be numbered 1, 2, ... in order; found "
                + repetitions.get(i).index()
                + " at position "
                + (i + 1));
      }
    }
    for (Map.Entry<String, MetricSummary> e : summaries.entrySet()) {
      if (!e.getKey().equals(e.getValue().name())) {
        throw new IllegalArgumentException(
            "summary under " + e.getKey() + " is of metric " + e.getValue().name());
      }
    }
    for (Map.Entry<String, BaselineRatio> e : baselineRatios.entrySet()) {
      if (!summaries.containsKey(e.getKey()) || !e.getKey().equals(e.getValue().metric())) {
        throw new IllegalArgumentException(
            "baseline ratio under "
                + e.getKey()
                + " has no matching summary of "
                + e.getValue().metric());
      }
    }
  }

  public CellId id() {
    return new CellId(fileSystem, tuning, workload);
  }

  public boolean failed() {
    return !failure.isEmpty();
  }

  /** The runs that count, warm-up runs left out. */
  public List<Repetition> measured() {
    List<Repetition> measured = new ArrayList<>();
    for (Repetition r : repetitions) {
      if (!r.warmUp()) {
        measured.add(r);
      }
    }
    return measured;
  }

  /** The name of the metric that summarises the workload, from its first measured run. */
  public Optional<String> headlineMetric() {
    return measured().stream().findFirst().map(r -> r.result().headline().name());
  }

  /**
   * The names of the metrics reports show as rows of their own ({@link
   * WorkloadResult#headlines()}), the headline first, from the first measured run; empty without
   * one.
   */
  public List<String> headlineMetrics() {
    return measured().stream()
        .findFirst()
        .map(r -> r.result().headlines().stream().map(Metric::name).toList())
        .orElse(List.of());
  }

  /** The summary of the headline metric, when there was a measured run. */
  public Optional<MetricSummary> headline() {
    return headlineMetric().map(summaries::get);
  }

  /** The ratio to the baseline on the headline metric, when there is one. */
  public Optional<BaselineRatio> headlineRatio() {
    return headlineMetric().map(baselineRatios::get);
  }

  public Optional<MetricSummary> summary(String metric) {
    return Optional.ofNullable(summaries.get(metric));
  }
}
