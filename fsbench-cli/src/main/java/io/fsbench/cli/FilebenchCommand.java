package io.fsbench.cli;

import io.fsbench.FsBench;
import io.fsbench.Session;
import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.RunResult;
import io.fsbench.cluster.ClusterJob;
import io.fsbench.cluster.ClusterWork;
import io.fsbench.core.jobfile.JobOptionParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fsbench filebench FILE.f --fs ID | --dir PATH}: a filebench workload file run unchanged on
 * fsbench's filebench engine, on a fresh volume (tuned, then destroyed) or in a fresh subdirectory
 * of a directory, exactly as {@code fsbench fio} runs a job file: through a {@link Session}, so the
 * resource registry and the one exit hook release everything on every path, Ctrl-C included. Prints
 * filebench's per-flowop lines and IO Summary, then what fsbench adds; or the same as JSON (the
 * whole report under {@code "tool"}), or one CSV row per metric. Progress goes to stderr.
 */
@Command(
    name = "filebench",
    mixinStandardHelpOptions = true,
    description = {
      "Run a filebench workload file (.f) unchanged, on a fresh volume, a directory or a device.",
      "  fsbench filebench varmail.f --fs xfs --tune atime=off --set nfiles=10000",
      "  fsbench filebench varmail.f --dir /mnt/test --set nfiles=10000 --runtime 60s",
      "  fsbench filebench varmail.f --dir /mnt/test --output-format json > varmail.json",
      "  fsbench filebench varmail.f --cluster lab --clients 3 --secret s --peers ... --dir /mnt/x"
    })
final class FilebenchCommand implements Callable<Integer> {

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "The filebench workload file.")
  Path file;

  @Mixin TargetOptions target;

  @Mixin OutputOptions output;

  @Mixin ClusterOptions cluster;

  @Option(
      names = "--set",
      paramLabel = "VAR=VALUE",
      description = "Sets $VAR, over the file's own set (repeatable), e.g. --set nfiles=1000.")
  List<String> sets = new ArrayList<>();

  @Option(
      names = "--runtime",
      paramLabel = "TIME",
      description = "Replaces the file's run N (and runs a file without run), e.g. 60s.")
  String runtime;

  @Option(names = "--seed", paramLabel = "N", description = "The seed (default 1).")
  long seed = 1;

  @Option(
      names = "--allow-system",
      description = "Lets the file's system commands run a shell (refused otherwise).")
  boolean allowSystem;

  private final Supplier<FsBench> fsbench;

  FilebenchCommand(Supplier<FsBench> fsbench) {
    this.fsbench = fsbench;
  }

  @Override
  public Integer call() {
    cluster.checkCompanions();
    FilebenchSpec workload = workload();
    if (cluster.given()) {
      return runOnCluster(workload);
    }
    output.check(); // a typo in the format, or an unwritable file, fails before the run
    var err = spec.commandLine().getErr();
    FsBench instance = fsbench.get();
    Runs.sizeFilebenchImage(instance, target, workload, err);
    // checks the target, the tuning and the file's language before anything is made
    try (Session session = Runs.session(instance, target).check(workload)) {
      session.messages(line -> err.println("fsbench: " + line));
      Runs.started(session, err, file.toString(), target);
      long start = System.nanoTime();
      RunResult result = session.run(workload);
      Runs.finished(err, start);
      output.write(result, result.result().toolText().orElseThrow(), spec.commandLine().getOut());
      return 0;
    }
  }

  /**
   * The file's text on every agent of the cluster, each running it in its directory as here, never
   * with its system commands; counts add across the clients, percentiles are not aggregated.
   */
  private int runOnCluster(FilebenchSpec workload) {
    output.check();
    ClusterRuns.check(target, output);
    if (allowSystem) {
      throw new InvalidInputException(
          "--allow-system is not available in a --cluster run: an agent never runs a command;"
              + " drop it, and the file's system lines");
    }
    String text;
    try {
      text = Files.readString(file);
    } catch (java.io.IOException e) {
      throw new InvalidInputException("cannot read " + file + ": " + e.getMessage());
    }
    ClusterWork work =
        ClusterWork.filebench(
            String.valueOf(file.getFileName()),
            text,
            workload.variables(),
            workload.runtime(),
            workload.seed());
    ClusterJob job =
        cluster.adjust(
            ClusterJob.of(work, ClusterOptions.directory(target.directory), cluster.clients()));
    return ClusterRuns.run(
        job, cluster.config(), output, spec.commandLine().getOut(), spec.commandLine().getErr());
  }

  /** The workload the command line describes; bad input is refused here, naming the value. */
  FilebenchSpec workload() {
    if (!Files.isReadable(file)) {
      throw new InvalidInputException(
          "workload file (" + file + ") does not exist or cannot be read; give a .f file");
    }
    FilebenchSpec workload = FilebenchSpec.of(file).seed(seed).allowSystem(allowSystem);
    for (String set : sets) {
      int eq = set.indexOf('=');
      if (eq <= 0) {
        throw new InvalidInputException("--set (" + set + ") must be VAR=VALUE, e.g. nfiles=1000");
      }
      workload = workload.set(set.substring(0, eq), set.substring(eq + 1));
    }
    if (runtime != null) {
      workload = workload.runtime(JobOptionParser.time("--runtime", runtime));
    }
    return workload;
  }
}
