package io.fsbench.examples;

import io.fsbench.CheckResult;
import io.fsbench.Checks;
import io.fsbench.Measure;
import io.fsbench.Qualification;
import io.fsbench.Verdict;
import io.fsbench.Workloads;
import io.fsbench.api.DataLossConsent;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Example 6: the check an installer makes before it puts a database on a disk. On a fresh XFS
 * volume, within a time budget: etcd's fdatasync check (p99 at most 10 ms) and 4 KiB random writes
 * of at least 1,000 IOPS, with a plausibility band that makes an absurd figure (a cache that lies,
 * a broken clock) INCONCLUSIVE instead of PASS. The verdict maps to an exit code as {@code fsbench
 * check}'s does: 0 pass, 4 fail, 5 inconclusive. Needs root.
 *
 * <p>Run it on a loop image: {@code java -m
 * io.fsbench.examples/io.fsbench.examples.Example06InstallerCheck}; on a disk whose data may be
 * erased: {@code ... Example06InstallerCheck /dev/sdb}.
 */
public final class Example06InstallerCheck {

  private Example06InstallerCheck() {}

  /** The qualification of {@code target} within {@code budget}. */
  public static Verdict check(Target target, Duration budget) {
    return Qualification.on("xfs", target)
        .check(Checks.etcdFdatasync())
        .check(
            "randwrite-4k",
            Workloads.named("randwrite-4k", Map.of("size", "64m", "runtime", "3s")),
            Measure.iops().atLeast(1_000),
            Measure.iops().plausibleBetween(50, 5_000_000))
        .within(budget)
        .run();
  }

  /** {@code fsbench check}'s exit codes: 0 pass, 4 fail, 5 inconclusive. */
  public static int exitCode(Verdict verdict) {
    return switch (verdict.outcome()) {
      case PASS -> 0;
      case FAIL -> 4;
      case INCONCLUSIVE -> 5;
    };
  }

  public static void main(String[] args) {
    Target target =
        args.length > 0
            ? Target.device(Path.of(args[0]), DataLossConsent.ERASE_ALL_DATA_ON_DEVICE)
            : Target.loop(Size.gib(1));
    Verdict verdict = check(target, Duration.ofMinutes(1));
    for (CheckResult check : verdict.checks()) {
      System.out.printf("%-14s %-12s %s%n", check.name(), check.outcome(), check.reason());
      for (CheckResult.Finding f : check.findings()) {
        System.out.printf("    %s: %s%n", f.expectation(), f.actualText());
      }
    }
    System.out.println(
        "verdict: " + verdict.outcome() + " in " + verdict.elapsed().toSeconds() + " s");
    System.exit(exitCode(verdict));
  }
}
