package io.fsbench.cli;

import io.fsbench.FsBench;
import io.fsbench.Session;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.RunResult;
import io.fsbench.cluster.ClusterJob;
import io.fsbench.core.jobfile.JobFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fsbench fio JOBFILE}: a fio job file run on fsbench's engine, with fio's [global]
 * sections, several jobs, stonewall and group_reporting; an option the engine does not implement is
 * refused by name before anything runs. With {@code --cluster}, every agent of the cluster runs the
 * file at a synchronized start (see {@link ClusterOptions}).
 */
@Command(
    name = "fio",
    mixinStandardHelpOptions = true,
    description = {
      "Run a fio job file on fsbench's engine, on a fresh volume, a directory or a device.",
      "  fsbench fio fio-rand-read.fio --fs xfs --output-format json",
      "  fsbench fio mixed.fio --cluster lab --clients 3 --secret s --peers ... --dir /mnt/shared/x"
    },
    footerHeading = "%nOptions a job file may use:%n")
final class FioCommand implements Callable<Integer> {

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "JOBFILE", description = "The fio job file.")
  Path jobFile;

  @Mixin TargetOptions target;

  @Mixin OutputOptions output;

  @Mixin StatusOptions status;

  @Mixin ClusterOptions cluster;

  private final Supplier<FsBench> fsbench;

  FioCommand(Supplier<FsBench> fsbench) {
    this.fsbench = fsbench;
  }

  @Override
  public Integer call() {
    output.check(); // a typo in the format, or an unwritable file, fails before a long run
    output.checkBlockJob();
    status.check(output);
    cluster.checkCompanions();
    if (!Files.isReadable(jobFile)) {
      throw new InvalidInputException(
          "job file (" + jobFile + ") does not exist or cannot be read; give a fio job file");
    }
    // a bad job file is refused before anything is made or printed
    String directory = JobFile.parse(jobFile).directory();
    var err = spec.commandLine().getErr();
    if (cluster.given()) {
      return runOnCluster(directory);
    }
    if (!directory.isEmpty()) {
      if (target.given()) {
        err.println(
            "fsbench: the job file's directory="
                + directory
                + " is overridden by the command line's target");
      } else {
        target.directory = Path.of(directory);
      }
    }
    try (Session session = Runs.session(fsbench.get(), target)) {
      Runs.started(session, err, jobFile.toString(), target);
      status.attach(session, output, spec.commandLine().getOut(), err);
      long start = System.nanoTime();
      RunResult result = session.fio(jobFile);
      Runs.finished(err, start);
      status.finish(result, spec.commandLine().getOut());
      output.write(result, spec.commandLine().getOut());
      return Runs.exitCode(result, err);
    }
  }

  /**
   * The job file on every agent of the cluster: its text is sent, each agent parses and checks
   * every section, and the results aggregate per job, as fio's client mode reports them.
   */
  private int runOnCluster(String fileDirectory) {
    ClusterRuns.check(target, status, output);
    if (!fileDirectory.isEmpty()) {
      throw new InvalidInputException(
          "job file "
              + jobFile
              + " names directory="
              + fileDirectory
              + "; a --cluster run works in --dir PATH as the agents see it: drop directory= from"
              + " the file");
    }
    ClusterJob job =
        cluster.adjust(
            ClusterJob.fioFile(
                jobFile, ClusterOptions.directory(target.directory), cluster.clients()));
    return ClusterRuns.run(
        job, cluster.config(), output, spec.commandLine().getOut(), spec.commandLine().getErr());
  }
}
