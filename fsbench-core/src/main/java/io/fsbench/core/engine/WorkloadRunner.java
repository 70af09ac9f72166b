package io.fsbench.core.engine;

import io.fsbench.api.Workload;
import io.fsbench.api.WorkloadResult;

/**
 * Runs one kind of {@link Workload}. The engine finds the runner for a spec by its type; each
 * runner measures as its reference tool defines it (fio, fs_mark, PostMark, tar) unless documented
 * otherwise.
 *
 * @param <S> the spec type it runs
 */
public interface WorkloadRunner<S extends Workload> {

  Class<S> specType();

  /**
   * Runs the workload in {@code context.directory()} and returns what it measured. Leaves nothing
   * behind outside that directory; what it leaves inside is removed by the caller.
   */
  WorkloadResult run(S spec, WorkloadContext context);

  /**
   * Refuses, before any volume is made for it, what {@link #run} would refuse at its start: a file
   * it reads that is not there, say. Checks the spec only; makes nothing.
   */
  default void check(S spec) {}
}
