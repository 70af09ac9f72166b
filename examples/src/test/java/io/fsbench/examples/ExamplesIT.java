package io.fsbench.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.CheckResult;
import io.fsbench.FsBench;
import io.fsbench.Verdict;
import io.fsbench.api.JobResult;
import io.fsbench.api.PluginInfo;
import io.fsbench.api.RunResult;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Runs each numbered example on real loop volumes (needs root, ext4 and xfs) and checks what it
 * measured, and that it left nothing mounted or attached. Each takes a few seconds.
 */
class ExamplesIT {

  private static void assumeAvailable(String... fileSystems) {
    assumeTrue(isRoot(), "needs root: the examples make loop volumes");
    List<PluginInfo> plugins = FsBench.defaults().plugins();
    for (String fs : fileSystems) {
      assumeTrue(
          plugins.stream().anyMatch(p -> p.id().equals(fs) && p.availability().isAvailable()),
          fs + " is not available here");
    }
  }

  @AfterEach
  void leavesNothingAttached() throws Exception {
    String workDir = FsBench.defaults().workDir().toString();
    assertThat(Files.readAllLines(Path.of("/proc/self/mounts")))
        .noneMatch(line -> line.contains(workDir));
    Process losetup =
        new ProcessBuilder("losetup", "--list", "--noheadings", "--output", "BACK-FILE")
            .redirectErrorStream(true)
            .start();
    String loops = new String(losetup.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    losetup.waitFor();
    assertThat(loops).doesNotContain(workDir);
  }

  @Test
  void example01RunsARandomWriteJob() {
    assumeAvailable("ext4");

    JobResult job = Example01RandomWrite.run().jobs().get(0);

    assertThat(job.jobname()).isEqualTo("randwrite-4k");
    assertThat(job.write().ioBytes()).isPositive();
    assertThat(job.write().clat().percentile(99.0)).isPresent();
  }

  @Test
  void example02RunsEveryWorkloadOnOneVolume() {
    assumeAvailable("xfs");

    Example02OneVolumeManyWorkloads.Results results = Example02OneVolumeManyWorkloads.run();

    assertThat(results.write().jobs().get(0).write().ioBytes()).isPositive();
    assertThat(results.read().jobs().get(0).read().ioBytes()).isPositive();
    assertThat(results.postmark().result().headline().value()).isPositive();
    Path mountPoint = results.write().volume().mountPoint();
    assertThat(results.read().volume().mountPoint()).isEqualTo(mountPoint);
    assertThat(results.postmark().volume().mountPoint()).isEqualTo(mountPoint);
    assertThat(results.postmark().volume().fileSystem()).isEqualTo("xfs");
  }

  @Test
  void example03RunsTheSameJobOnTwoTunings() {
    assumeAvailable("ext4");

    Example03CompareTunings.Results results = Example03CompareTunings.run();

    assertThat(results.defaults().volume().tuning().isDefault()).isTrue();
    assertThat(results.writeback().volume().mountOptions())
        .contains("data=writeback")
        .contains("noatime");
    assertThat(results.defaults().volume().mountOptions()).doesNotContain("data=writeback");
    assertThat(results.defaults().jobs().get(0).sync().totalIos()).isPositive();
    assertThat(results.ratio()).isPositive();
  }

  @Test
  void example04RunsAJobFileInTwoGroups() {
    assumeAvailable("xfs");

    RunResult result = Example04JobFile.run();

    assertThat(result.parameters()).containsEntry("bs", "64k");
    assertThat(result.jobs()).extracting(JobResult::jobname).containsExactly("writers", "readers");
    assertThat(result.jobs()).extracting(JobResult::groupid).containsExactly(0, 1);
    assertThat(result.jobs()).extracting(JobResult::members).containsExactly(2, 2);
    assertThat(result.jobs().get(1).read().ioBytes()).isPositive();
  }

  @Test
  void example06QualifiesAnXfsVolumeWithinItsBudgetAndMapsTheVerdictToAnExitCode() {
    assumeAvailable("xfs");
    Duration budget = Duration.ofSeconds(90);

    Verdict verdict = Example06InstallerCheck.check(Target.loop(Size.gib(1)), budget);

    assertThat(verdict.checks())
        .extracting(CheckResult::name)
        .containsExactly("fdatasync", "randwrite-4k");
    assertThat(verdict.elapsed()).isLessThanOrEqualTo(budget.plusSeconds(5));
    CheckResult random = verdict.checks().get(1);
    assertThat(random.run()).isPresent();
    assertThat(random.run().orElseThrow().jobs().get(0).write().totalIos()).isPositive();
    assertThat(random.findings())
        .allSatisfy(f -> assertThat(f.actual()).as("%s", f.expectation()).isPresent());
    assertThat(Example06InstallerCheck.exitCode(verdict))
        .isEqualTo(
            switch (verdict.outcome()) {
              case PASS -> 0;
              case FAIL -> 4;
              case INCONCLUSIVE -> 5;
            });
  }

  private static boolean isRoot() {
    try {
      return Files.readAllLines(Path.of("/proc/self/status")).stream()
          .filter(l -> l.startsWith("Uid:"))
          .anyMatch(l -> l.split("\\s+")[2].equals("0"));
    } catch (IOException e) {
      return false;
    }
  }
}
