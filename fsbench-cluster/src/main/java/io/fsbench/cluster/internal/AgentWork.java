package io.fsbench.cluster.internal;

import io.fsbench.Session;
import io.fsbench.Workloads;
import io.fsbench.api.RunResult;
import io.fsbench.api.Workload;
import io.fsbench.cluster.ClusterWork;
import io.fsbench.core.jobfile.JobFile;
import java.util.List;
import java.util.function.Supplier;

/**
 * What an agent makes of a prepare's work, checked in full before the barrier: the guard first
 * (every job file section, every parameter), then the same parser or registry a single-host run
 * uses, so that a bad value is refused at prepare, never after the start.
 */
final class AgentWork {

  private AgentWork() {}

  /** The run to start at the barrier; throws, naming what it refuses, before anything runs. */
  static Supplier<RunResult> prepare(
      Session session, List<String> options, ClusterWork work, JobGuard guard) {
    ClusterWork.Kind kind = work == null ? ClusterWork.Kind.FIO_OPTIONS : work.kind();
    return switch (kind) {
      case FIO_OPTIONS -> {
        guard.checkOptions(options);
        var job = session.fioJob(options);
        job.build(); // every value checked now, before the barrier
        yield job::run;
      }
      case FIO_JOB_FILE -> {
        guard.checkJobFile(work.text());
        JobFile file = JobFile.parse(work.name(), work.text()); // every section checked now
        if (!file.directory().isEmpty()) {
          throw new io.fsbench.api.InvalidInputException(
              "job file "
                  + work.name()
                  + " names directory="
                  + file.directory()
                  + "; a cluster run's directory is its --dir: drop directory= from the file");
        }
        yield () -> session.fio(work.name(), work.text());
      }
      case WORKLOAD -> {
        guard.checkParameters(work.parameters());
        Workload workload = Workloads.named(work.name(), work.parameters());
        session.check(workload);
        yield () -> session.run(workload);
      }
    };
  }
}
