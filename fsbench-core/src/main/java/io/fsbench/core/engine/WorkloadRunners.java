package io.fsbench.core.engine;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.NamedWorkload;
import io.fsbench.api.Workload;
import io.fsbench.api.WorkloadResult;
import java.util.LinkedHashMap;
import java.util.Map;

/** The runner for each kind of workload, found by the spec's type. */
public final class WorkloadRunners {

  private final Map<Class<?>, WorkloadRunner<?>> runners = new LinkedHashMap<>();

  public WorkloadRunners register(WorkloadRunner<?> runner) {
    runners.put(runner.specType(), runner);
    return this;
  }

  /** Runs the workload with the runner registered for its type. */
  public WorkloadResult run(Workload workload, WorkloadContext context) {
    Workload inner = NamedWorkload.unwrap(workload);
    return runnerFor(inner).run(inner, context);
  }

  /**
   * Refuses a workload its runner would refuse, before anything is made; a workload no runner takes
   * (fs-lifecycle, which a comparison times itself) is left to whoever runs it.
   */
  @SuppressWarnings("unchecked")
  public void check(Workload workload) {
    Workload inner = NamedWorkload.unwrap(workload);
    for (Map.Entry<Class<?>, WorkloadRunner<?>> e : runners.entrySet()) {
      if (e.getKey().isInstance(inner)) {
        ((WorkloadRunner<Workload>) e.getValue()).check(inner);
        return;
      }
    }
  }

  @SuppressWarnings("unchecked")
  private WorkloadRunner<Workload> runnerFor(Workload workload) {
    for (Map.Entry<Class<?>, WorkloadRunner<?>> e : runners.entrySet()) {
      if (e.getKey().isInstance(workload)) {
        return (WorkloadRunner<Workload>) e.getValue();
      }
    }
    throw new InvalidInputException(
        "no runner for workload '"
            + workload.name()
            + "' ("
            + workload.getClass().getSimpleName()
            + "); fsbench runs "
            + runners.keySet().stream().map(Class::getSimpleName).toList());
  }
}
