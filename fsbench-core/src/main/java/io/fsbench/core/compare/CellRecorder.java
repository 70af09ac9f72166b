package io.fsbench.core.compare;

import io.fsbench.api.AgingSummary;
import io.fsbench.api.AppliedTuning;
import io.fsbench.api.CellId;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.Metric;
import io.fsbench.api.MetricSummary;
import io.fsbench.api.Repetition;
import io.fsbench.api.RepetitionPolicy;
import io.fsbench.api.Unit;
import io.fsbench.api.WorkloadResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Collects the runs of one cell as the runner makes them, in any interleaving with other cells.
 * Obtained from {@link ComparisonRecorder#cell}.
 */
public final class CellRecorder {

  private final CellId id;
  private final Map<String, String> parameters;
  private final RepetitionPolicy policy;
  private final ComparisonListener listener;
  private final List<Repetition> repetitions = new ArrayList<>();
  private AppliedTuning applied;
  private AgingSummary aging;
  private String failure = "";

  CellRecorder(
      CellId id,
      Map<String, String> parameters,
      RepetitionPolicy policy,
      ComparisonListener listener) {
    this.id = id;
    this.parameters = Map.copyOf(parameters);
    this.policy = policy;
    this.listener = listener;
  }

  public CellId id() {
    return id;
  }

  /**
   * What was applied to the volume, read back from the system. With a fresh volume per repetition,
   * the last one given is kept; they are expected to be equal.
   */
  public synchronized CellRecorder applied(AppliedTuning applied) {
    this.applied = Objects.requireNonNull(applied, "applied");
    return this;
  }

  /** How the cell's volume was aged before its runs; a fresh cell has none. */
  public synchronized CellRecorder aged(AgingSummary aging) {
    this.aging = Objects.requireNonNull(aging, "aging");
    return this;
  }

  /** Records a measured run and tells the listener. */
  public Repetition measured(WorkloadResult result, Instant start, Duration duration) {
    return add(result, start, duration, false);
  }

  /** Records a warm-up run, which every statistic leaves out, and tells the listener. */
  public Repetition warmUp(WorkloadResult result, Instant start, Duration duration) {
    return add(result, start, duration, true);
  }

  private Repetition add(WorkloadResult result, Instant start, Duration duration, boolean warm) {
    Objects.requireNonNull(result, "result");
    if (!result.workload().equals(id.workload())) {
      throw new IllegalArgumentException(
          "result of workload " + result.workload() + " recorded in cell " + id);
    }
    Repetition repetition;
    synchronized (this) {
      repetition = new Repetition(repetitions.size() + 1, result, start, duration, warm);
      repetitions.add(repetition);
    }
    listener.repetitionFinished(id, repetition);
    return repetition;
  }

  /** Marks the cell failed; the runs it made are kept. The first failure is the one reported. */
  public synchronized CellRecorder failed(String reason) {
    if (reason == null || reason.isBlank()) {
      throw new IllegalArgumentException("a failed cell " + id + " needs a reason");
    }
    if (failure.isEmpty()) {
      failure = reason.strip();
    }
    return this;
  }

  public synchronized boolean isFailed() {
    return !failure.isEmpty();
  }

  /** Measured runs so far. */
  public synchronized int measuredCount() {
    return (int) repetitions.stream().filter(r -> !r.warmUp()).count();
  }

  /**
   * Whether the runner should make another measured run of this cell, by the comparison's {@link
   * RepetitionPolicy}; never after a failure.
   */
  public synchronized boolean needsAnother() {
    return !isFailed() && RepetitionRule.needsAnother(policy, headlineValues());
  }

  private double[] headlineValues() {
    List<Double> values = new ArrayList<>();
    for (Repetition r : repetitions) {
      if (!r.warmUp()) {
        values.add(r.result().headline().value());
      }
    }
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** The cell so far, with its summaries and without baseline ratios. */
  public synchronized ComparisonCell snapshot() {
    return new ComparisonCell(
        id.fileSystem(),
        id.tuning(),
        id.workload(),
        parameters,
        Optional.ofNullable(applied),
        repetitions,
        summaries(repetitions),
        Map.of(),
        failure,
        Optional.ofNullable(aging));
  }

  /** Tells the listener that the cell is done, with its statistics so far. */
  public void finished() {
    listener.cellFinished(snapshot());
  }

  /**
   * Summaries per metric over the measured runs, in the order the first run reports its metrics. A
   * metric that some runs lack is summarised over the runs that have it.
   */
  static Map<String, MetricSummary> summaries(List<Repetition> repetitions) {
    Map<String, List<Double>> values = new LinkedHashMap<>();
    Map<String, Unit> units = new LinkedHashMap<>();
    for (Repetition r : repetitions) {
      if (r.warmUp()) {
        continue;
      }
      for (Metric m : r.result().metrics()) {
        Unit known = units.putIfAbsent(m.name(), m.unit());
        if (known != null && known != m.unit()) {
          throw new IllegalArgumentException(
              "metric " + m.name() + " changed unit between runs: " + known + " and " + m.unit());
        }
        values.computeIfAbsent(m.name(), k -> new ArrayList<>()).add(m.value());
      }
    }
    Map<String, MetricSummary> summaries = new LinkedHashMap<>();
    values.forEach(
        (name, list) ->
            summaries.put(
                name,
                Statistics.summarize(
                    name,
                    units.get(name),
                    list.stream().mapToDouble(Double::doubleValue).toArray())));
    return summaries;
  }
}
