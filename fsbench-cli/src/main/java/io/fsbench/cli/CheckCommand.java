package io.fsbench.cli;

import io.fsbench.Check;
import io.fsbench.FsBench;
import io.fsbench.Qualification;
import io.fsbench.Session;
import io.fsbench.Verdict;
import io.fsbench.api.InvalidInputException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fsbench check}: qualifies a disk, a filesystem or a directory against expectations within
 * a time budget, and exits 0 (pass), 4 (fail) or 5 (inconclusive).
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Check a device (--device), a fresh volume (--fs) or a directory (--dir) against"
          + " expectations, within a time budget.",
      "  fsbench check --fs xfs --device /dev/sdb --yes-erase-device"
          + " --expect 'randwrite-4k.iops>=50000' --expect 'fdatasync.p99<=10ms' --within 2m",
      "  fsbench check --dir /var/lib/etcd --check fdatasync --output-format junit-xml",
      "  fsbench check --fs ext4 --plan check.json"
    },
    footerHeading = "%n",
    footer = {
      "An expectation is NAME.METRIC OP VALUE. NAME is a ready-made check (fdatasync: etcd's"
          + " fdatasync job, p99 <= 10ms; database: 4k random 70% reads, p99 <= 10ms; streaming:"
          + " 1m sequential write then read, >= 50MiB/s each) or a workload (randwrite-4k,"
          + " seqread-1m, postmark, fsmark...). Expectations given for a ready-made check replace"
          + " its own; its plausibility bands stay.",
      "METRIC: iops, bw, clat.pN, pN (syncs' latency when the job syncs, else completions'),"
          + " each also as read.X or write.X; sync.pN (or fdatasync.pN); files/s; transactions/s."
          + " Without read./write. rates add up and latencies take the worst.",
      "OP: >= or <=. VALUE: latencies with ns, us, ms or s (10ms); bandwidth per second with"
          + " k, m, g, KiB, MiB, GiB (1024) or KB, MB, GB (1000), e.g. 200MiB/s; rates as numbers,"
          + " k for thousands (50k).",
      "A plan file: {\"within\": \"2m\", \"checks\": [{\"name\": \"randwrite-4k\", \"params\":"
          + " {\"runtime\": \"5s\"}, \"expect\": [\"iops>=50000\"], \"plausible\":"
          + " [\"iops=50..80000\"]}, {\"name\": \"fdatasync\"}]}",
      "",
      "Exit codes: 0 pass, 1 a run failed, 2 bad input, 3 environment (root, tools),"
          + " 4 fail (a requirement was missed), 5 inconclusive (an implausible result, a check"
          + " cancelled, stopped at the deadline or not run for want of time)."
    })
final class CheckCommand implements Callable<Integer> {

  static final int EXIT_FAIL = 4;
  static final int EXIT_INCONCLUSIVE = 5;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin TargetOptions target;

  @Option(
      names = "--expect",
      paramLabel = "NAME.METRIC OP VALUE",
      description =
          "An expectation, repeatable, e.g. randwrite-4k.iops>=50000, fdatasync.p99<=10ms.")
  List<String> expectations = new ArrayList<>();

  @Option(
      names = "--check",
      paramLabel = "NAME",
      description =
          "Run a ready-made check with its own expectations: fdatasync, database, streaming.")
  List<String> checks = new ArrayList<>();

  @Option(
      names = "--plausible",
      paramLabel = "NAME.METRIC=LOW..HIGH",
      description =
          "A plausibility band, repeatable: a value outside it makes the check inconclusive,"
              + " e.g. randwrite-4k.iops=50..80000.")
  List<String> bands = new ArrayList<>();

  @Option(
      names = "--param",
      paramLabel = "NAME.K=V",
      description = "A parameter of a workload check, repeatable, e.g. randwrite-4k.runtime=5s.")
  List<String> params = new ArrayList<>();

  @Option(
      names = "--within",
      paramLabel = "TIME",
      description =
          "The time budget for every check together, e.g. 2m: checks are sized to fit, and one"
              + " still running at the end is stopped and reported inconclusive.")
  String within;

  @Option(
      names = "--plan",
      paramLabel = "FILE",
      description = "Checks as a JSON file (see below); --expect and the others add to it.")
  Path plan;

  @Option(
      names = "--output-format",
      paramLabel = "FORMAT",
      description = "text (default), json, or junit-xml (one test case per check).")
  String format = "text";

  private final Supplier<FsBench> fsbench;

  CheckCommand(Supplier<FsBench> fsbench) {
    this.fsbench = fsbench;
  }

  @Override
  public Integer call() {
    VerdictWriter writer = VerdictWriter.parse(format);
    CheckPlan checkPlan = new CheckPlan();
    if (plan != null) {
      checkPlan.read(plan);
    }
    checks.forEach(checkPlan::check);
    expectations.forEach(e -> checkPlan.expect(e, "--expect"));
    bands.forEach(b -> checkPlan.plausible(b, "--plausible"));
    params.forEach(p -> checkPlan.param(p, "--param"));
    if (within != null) {
      checkPlan.within(within, "--within");
    }
    List<Check> planned = checkPlan.checks();
    if (!target.given()) {
      throw new InvalidInputException(
          "give where to check: --dir PATH, --fs ID (a fresh loop volume), or --fs ID --device DEV"
              + " --yes-erase-device");
    }
    Session session = fsbench.get().session(target.fileSystemId(), target.target());
    session.tuned(target.tuning()).check();
    Qualification qualification = Qualification.on(session);
    planned.forEach(qualification::check);
    checkPlan.within().ifPresent(qualification::within);
    PrintWriter err = spec.commandLine().getErr();
    qualification.messages(
        line -> {
          synchronized (err) {
            err.println("fsbench: " + line);
            err.flush();
          }
        });
    err.println("fsbench: checking " + Runs.where(target));
    err.flush();
    Verdict verdict = qualification.run();
    PrintWriter out = spec.commandLine().getOut();
    out.print(writer.write(verdict));
    out.flush();
    return switch (verdict.outcome()) {
      case PASS -> 0;
      case FAIL -> EXIT_FAIL;
      case INCONCLUSIVE -> EXIT_INCONCLUSIVE;
    };
  }
}
