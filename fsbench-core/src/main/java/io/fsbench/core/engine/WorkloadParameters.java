package io.fsbench.core.engine;

import io.fsbench.api.JobSpec;
import io.fsbench.api.NamedWorkload;
import io.fsbench.api.Workload;
import io.fsbench.core.report.fio.FioOptions;
import java.util.Map;
import java.util.TreeMap;

/** A workload's effective parameters as strings, for results and reports. */
public final class WorkloadParameters {

  private WorkloadParameters() {}

  /**
   * A block job's effective fio options; for any other spec, its record components as written plus
   * {@code workload}, the name of what ran.
   */
  public static Map<String, String> of(Workload workload) {
    Workload inner = NamedWorkload.unwrap(workload);
    if (inner instanceof JobSpec job) {
      return FioOptions.effective(job);
    }
    // Specs are records: their components, as written, are the parameters.
    Map<String, String> params = new TreeMap<>();
    if (inner.getClass().isRecord()) {
      for (var component : inner.getClass().getRecordComponents()) {
        try {
          params.put(component.getName(), String.valueOf(component.getAccessor().invoke(inner)));
        } catch (ReflectiveOperationException e) {
          params.put(component.getName(), "?");
        }
      }
    }
    params.put("workload", inner.name());
    return params;
  }
}
