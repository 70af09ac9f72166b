package io.fsbench.core.plugin;

import io.fsbench.core.engine.WorkloadRunner;
import io.fsbench.core.engine.WorkloadRunners;
import io.fsbench.core.engine.block.BlockJobRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The workload families fsbench runs: core's block jobs, and every family a module or jar provides
 * as a {@link WorkloadRunner} service (fsbench-workloads, fsbench-filebench, a third party's). Each
 * family is registered once, where it lives; nothing here names one but the block engine.
 */
public final class WorkloadFamilies {

  private static final class Standard {
    static final WorkloadRunners FAMILIES =
        discover(WorkloadFamilies.class.getClassLoader(), new ArrayList<>());
  }

  private WorkloadFamilies() {}

  /**
   * The families on fsbench's own module or class path, found once. A family that fails to load is
   * warned of and left out.
   */
  public static WorkloadRunners standard() {
    return Standard.FAMILIES;
  }

  /**
   * A registry of the block engine and every family {@code loader} finds, with fresh runners; each
   * one that fails to load is warned of and added to {@code failures}.
   */
  @SuppressWarnings("rawtypes")
  public static WorkloadRunners discover(
      ClassLoader loader, List<PluginRegistry.LoadFailure> failures) {
    WorkloadRunners runners = new WorkloadRunners().register(new BlockJobRunner());
    for (WorkloadRunner runner :
        PluginRegistry.load(
            ServiceLoader.load(WorkloadRunner.class, loader), "workload family", failures)) {
      runners.register(runner);
    }
    return runners;
  }
}
