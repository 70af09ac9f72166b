package io.fsbench.core.engine.block;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.IoPriority;
import io.fsbench.api.JobSpec;
import io.fsbench.core.nativeio.IoPriorities;
import io.fsbench.core.nativeio.NativeIoException;

/**
 * fio's {@code prio}/{@code prioclass} for a clone, as fio's {@code thread_main}: ioprio_set(2) on
 * the job thread before its I/O starts. That thread submits every I/O, and synchronous calls,
 * io_uring without SQPOLL and libaio all give an I/O that carries no priority of its own the
 * submitting thread's. A priority the kernel refuses fails the run, as it fails fio's job.
 */
final class JobPriority {

  private JobPriority() {}

  static void apply(JobSpec spec) {
    IoPriority priority = spec.priority();
    if (!priority.isSet()) {
      return;
    }
    try {
      IoPriorities.setForThisThread(priority.value());
    } catch (NativeIoException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "job '"
              + spec.name()
              + "': the kernel refused I/O priority class "
              + priority.ioClass()
              + " level "
              + priority.level()
              + " ("
              + e.getMessage()
              + "); the real-time class needs root (CAP_SYS_ADMIN)",
          e);
    }
  }
}
