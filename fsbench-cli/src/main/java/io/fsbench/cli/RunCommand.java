package io.fsbench.cli;

import io.fsbench.FsBench;
import io.fsbench.JobBuilder;
import io.fsbench.Reports;
import io.fsbench.Session;
import io.fsbench.Workloads;
import io.fsbench.api.FilebenchSpec;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.RunResult;
import io.fsbench.api.Target;
import io.fsbench.api.Workload;
import io.fsbench.cluster.ClusterConfig;
import io.fsbench.cluster.ClusterJob;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code fsbench run}: one block I/O job given as fio's command-line options, or a named workload
 * with its parameters, on a fresh volume, a directory or a device. The result goes to stdout (or
 * {@code --output}) as fio's text, json or json+; progress goes to stderr.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Run one job on a fresh volume (--fs), in a directory (--dir) or on a device"
          + " (--device): fio options, or a named workload with its parameters.",
      "  fsbench run --fs xfs --rw=randwrite --bs=4k --size=256m",
      "  fsbench run --fs ext4 --workload postmark --param number=5000",
      "  fsbench run --fs ext4 --workload bonnie --param size=1g --param ram=512m"
          + " --output-format csv",
      "  fsbench run --cluster lab --clients 3 --secret s --peers 10.0.0.6:7800,10.0.0.7:7800"
          + " --dir /mnt/shared/x --rw=randwrite --bs=4k --size=64m --runtime=10s"
    },
    footerHeading = "%nfio options (as --key=value or --key value; - and _ are the same):%n")
final class RunCommand implements Callable<Integer> {

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin TargetOptions target;

  @Mixin OutputOptions output;

  @Mixin StatusOptions status;

  @Mixin ClusterOptions cluster;

  @Option(
      names = "--workload",
      paramLabel = "NAME",
      description = "Run a named workload instead of fio options: ${COMPLETION-CANDIDATES}.",
      completionCandidates = WorkloadNames.class)
  String workload;

  @Option(
      names = "--param",
      paramLabel = "K=V",
      description =
          "A parameter of --workload, repeatable, e.g. number=5000 for postmark. bonnie takes"
              + " bonnie++'s options: size (-s, or size:chunk:seeks:seek_procs), chunk, seeks,"
              + " seek_procs, fast (-f), per_char (-f SIZE), files (-n, x1024, or"
              + " num:max:min:dirs:chunk), max_size, min_size, dirs, file_chunk, fsync (-b),"
              + " direct (-D), ram (-r), seed (-z), machine (-m).")
  List<String> params = new ArrayList<>();

  @Option(
      names = "--drop-caches",
      description =
          "Drop the whole page cache before the job (needs root); fio has no such option.")
  boolean dropCaches;

  @Unmatched List<String> fioFlags = new ArrayList<>();

  /** The workloads one run can be: every named one but the comparisons' sets and fs-lifecycle. */
  static final class WorkloadNames extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    WorkloadNames() {
      super(
          Workloads.names().stream()
              .filter(n -> !List.of("classic", "classic-fs", "fs-lifecycle").contains(n))
              .toList());
    }
  }

  private final Supplier<FsBench> fsbench;

  RunCommand(Supplier<FsBench> fsbench) {
    this.fsbench = fsbench;
  }

  @Override
  public Integer call() {
    output.check(); // a typo in the format, or an unwritable file, fails before a long run
    status.check(output);
    cluster.checkCompanions();
    if (cluster.given()) {
      return runOnCluster();
    }
    if (workload == null) {
      output.checkBlockJob();
    }
    if (workload != null) {
      return runWorkload();
    }
    if (!params.isEmpty()) {
      throw new InvalidInputException(
          "--param " + params.get(0) + " needs --workload NAME; a fio option is --key=value");
    }
    if (fioFlags.isEmpty()) {
      throw new InvalidInputException(
          "no job given; give fio options such as --rw=randwrite --bs=4k --size=256m, or"
              + " --workload NAME");
    }
    List<String> options = FioFlags.translate(fioFlags);
    try (Session session = Runs.session(fsbench.get(), target)) {
      JobBuilder job = session.fioJob(options).dropCaches(dropCaches);
      JobSpec spec = job.build(); // every value is checked before the volume is made
      Reports.check(spec, output.format());
      return runJob(session, job, spec.name());
    }
  }

  /**
   * The job, or the named workload, on the cluster's agents, this machine the controller;
   * everything checked first.
   */
  private int runOnCluster() {
    ClusterRuns.check(target, status, output);
    if (dropCaches) {
      throw new InvalidInputException("--drop-caches is not available in a --cluster run; drop it");
    }
    ClusterJob job;
    if (workload != null) {
      if (!fioFlags.isEmpty()) {
        throw new InvalidInputException(
            "--workload "
                + workload
                + " takes its settings as --param K=V, not "
                + fioFlags.get(0));
      }
      java.nio.file.Path directory = ClusterOptions.directory(target.directory);
      job = cluster.adjust(ClusterJob.workload(workload, params(), directory, cluster.clients()));
    } else {
      if (!params.isEmpty()) {
        throw new InvalidInputException(
            "--param " + params.get(0) + " needs --workload NAME; a fio option is --key=value");
      }
      if (fioFlags.isEmpty()) {
        throw new InvalidInputException(
            "no job given; give fio options such as --rw=randwrite --bs=4k --size=64m, or"
                + " --workload NAME");
      }
      List<String> options = FioFlags.translate(fioFlags);
      job = cluster.job(options, target.directory);
      // the job is parsed here too, so that a typo is refused before any agent is contacted
      try (Session local = fsbench.get().session(null, Target.directory(job.directory()))) {
        local.fioJob(options).build();
      }
    }
    ClusterConfig config = cluster.config();
    return ClusterRuns.run(
        job, config, output, spec.commandLine().getOut(), spec.commandLine().getErr());
  }

  private int runJob(Session session, JobBuilder job, String name) {
    output.checkBlockJob();
    var err = spec.commandLine().getErr();
    Runs.started(session, err, name, target);
    status.attach(session, output, spec.commandLine().getOut(), err);
    long start = System.nanoTime();
    RunResult result = job.run();
    Runs.finished(err, start);
    status.finish(result, spec.commandLine().getOut());
    output.write(result, spec.commandLine().getOut());
    return Runs.exitCode(result, err);
  }

  private int runWorkload() {
    if (!fioFlags.isEmpty()) {
      throw new InvalidInputException(
          "--workload "
              + workload
              + " takes its settings as --param K=V, not "
              + fioFlags.get(0)
              + "; e.g. --param bs=8k for a block workload");
    }
    Workload named = Workloads.named(workload, params());
    Reports.check(named, output.format());
    FsBench instance = fsbench.get();
    if (named.spec() instanceof FilebenchSpec filebench) {
      Runs.sizeFilebenchImage(instance, target, filebench, spec.commandLine().getErr());
    }
    try (Session session = Runs.session(instance, target)) {
      if (named.spec() instanceof JobSpec job) {
        JobBuilder builder = session.job(job).dropCaches(dropCaches);
        return runJob(session, builder, job.name());
      }
      if (status.interval != null) {
        throw new InvalidInputException(
            "--status-interval reports block jobs; " + workload + " is not one, drop it");
      }
      if (dropCaches) {
        throw new InvalidInputException(
            "--drop-caches applies to block jobs; "
                + workload
                + " takes its own cache setting, if any, as --param");
      }
      session.check(named);
      var err = spec.commandLine().getErr();
      Runs.started(session, err, named.name(), target);
      long start = System.nanoTime();
      RunResult run = session.run(named);
      Runs.finished(err, start);
      output.write(run, spec.commandLine().getOut());
      return 0;
    }
  }

  private Map<String, String> params() {
    Map<String, String> map = new LinkedHashMap<>();
    for (String p : params) {
      int eq = p.indexOf('=');
      if (eq <= 0) {
        throw new InvalidInputException("--param (" + p + ") must be K=V, e.g. number=5000");
      }
      map.put(p.substring(0, eq).strip(), p.substring(eq + 1).strip());
    }
    return map;
  }
}
