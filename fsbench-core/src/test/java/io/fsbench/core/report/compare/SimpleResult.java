package io.fsbench.core.report.compare;

import io.fsbench.api.Metric;
import io.fsbench.api.Unit;
import io.fsbench.api.WorkloadResult;
import java.util.ArrayList;
import java.util.List;

/** A workload result made of given metrics, the first being the headline. */
public record SimpleResult(String workload, List<Metric> metrics) implements WorkloadResult {

  public SimpleResult {
    metrics = List.copyOf(metrics);
  }

  @Override
  public Metric headline() {
    return metrics.get(0);
  }

  /** A result whose headline is {@code name = value unit}, plus the given extra metrics. */
  public static SimpleResult of(String workload, String name, double value, Unit unit) {
    return new SimpleResult(workload, List.of(Metric.of(name, value, unit)));
  }

  public SimpleResult plus(String name, double value, Unit unit) {
    List<Metric> more = new ArrayList<>(metrics);
    more.add(Metric.of(name, value, unit));
    return new SimpleResult(workload, more);
  }
}
