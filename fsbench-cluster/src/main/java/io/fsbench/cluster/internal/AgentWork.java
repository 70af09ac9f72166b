package io.fsbench.cluster.internal;

import io.fsbench.Session;
import io.fsbench.Workloads;
import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.RunResult;
import io.fsbench.api.Workload;
import io.fsbench.cluster.ClusterWork;
import io.fsbench.core.jobfile.JobFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * What an agent makes of a prepare's work, checked in full before the barrier: the guard first
 * (every job file section, every parameter), then the same parser or registry a single-host run
 * uses, so that a bad value is refused at prepare, never after the start.
 */
final class AgentWork {

  private AgentWork() {}

  /** A prepared run: what starts at the barrier, and what to release whatever happens. */
  record Prepared(Supplier<RunResult> run, Runnable release) {
    Prepared(Supplier<RunResult> run) {
      this(run, () -> {});
    }
  }

  /** The run to start at the barrier; throws, naming what it refuses, before anything runs. */
  static Prepared prepare(Session session, List<String> options, ClusterWork work, JobGuard guard) {
    ClusterWork.Kind kind = work == null ? ClusterWork.Kind.FIO_OPTIONS : work.kind();
    // FIO_OPTIONS runs prepare.options(); the other kinds carry their own text or name
    return switch (kind) {
      case FIO_OPTIONS -> {
        guard.checkOptions(options);
        var job = session.fioJob(options);
        job.build(); // every value checked now, before the barrier
        yield new Prepared(job::run);
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
        yield new Prepared(() -> session.fio(work.name(), work.text()));
      }
      case WORKLOAD -> {
        guard.checkParameters(work.parameters());
        Workload workload = Workloads.named(work.name(), work.parameters());
        session.check(workload);
        yield new Prepared(() -> session.run(workload));
      }
      case FILEBENCH_SCRIPT -> filebench(session, work, guard);
    };
  }

  /**
   * A filebench script runs from a file, so its text goes in a private temporary directory of this
   * agent's, removed on release; its {@code system} commands are refused before that.
   */
  private static Prepared filebench(Session session, ClusterWork work, JobGuard guard) {
    guard.checkFilebenchScript(work.name(), work.text());
    Path dir;
    try {
      dir = Files.createTempDirectory("fsbench-cluster-script-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the filebench script: " + e.getMessage(), e);
    }
    Runnable release =
        () -> {
          try (var files = Files.list(dir)) {
            for (Path file : files.toList()) {
              Files.deleteIfExists(file);
            }
            Files.deleteIfExists(dir);
          } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + dir + ": " + e.getMessage(), e);
          }
        };
    try {
      // named as the controller's file, so that the parser's messages name it
      String name = work.name().replaceAll("[^A-Za-z0-9._-]", "_");
      Path file = dir.resolve(name.isEmpty() || name.startsWith(".") ? "workload.f" : name);
      Files.writeString(file, work.text());
      FilebenchSpec spec = work.filebenchSpec(file);
      // checked now, before the barrier, as its run would check it before making a file
      session.check(spec);
      return new Prepared(() -> session.run(spec), release);
    } catch (IOException | RuntimeException e) {
      release.run();
      if (e instanceof IOException io) {
        throw new UncheckedIOException("cannot write the filebench script: " + io.getMessage(), io);
      }
      throw (RuntimeException) e;
    }
  }
}
