package io.fsbench.core.workload.lifecycle;

import io.fsbench.api.FileSystemLifecycle;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.WorkloadResult;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.engine.WorkloadRunner;

/**
 * fs-lifecycle times making, mounting and unmounting volumes, so it cannot run on a volume it is
 * given: a comparison makes a fresh volume for each of its runs and reads the times from it.
 */
public final class LifecycleRunner implements WorkloadRunner<FileSystemLifecycle> {

  @Override
  public Class<FileSystemLifecycle> specType() {
    return FileSystemLifecycle.class;
  }

  @Override
  public boolean makesVolumes() {
    return true;
  }

  @Override
  public WorkloadResult run(FileSystemLifecycle spec, WorkloadContext context) {
    throw new InvalidInputException(
        spec.name()
            + " measures making and mounting volumes, which a session does not repeat; run it"
            + " with FsBench.compare() (fsbench compare --workloads fs-lifecycle)");
  }
}
