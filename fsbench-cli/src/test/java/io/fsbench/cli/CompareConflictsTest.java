package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fsbench compare} never overrides one setting with another in silence: settings that
 * conflict are refused with both named, exit 2, before any command runs or the report directory is
 * made.
 */
class CompareConflictsTest {

  @TempDir Path temp;

  private void refused(String[] extra, String... named) {
    RecordingCli cli = new RecordingCli(temp);
    Path out = temp.resolve("report");
    String[] args = new String[extra.length + 6];
    System.arraycopy(
        new String[] {"compare", "--fs", "ext4", "--no-progress", "--out", out.toString()},
        0,
        args,
        0,
        6);
    System.arraycopy(extra, 0, args, 6, extra.length);
    int exit = cli.run(args);
    assertThat(exit).as(cli.err()).isEqualTo(2);
    assertThat(cli.err()).contains(named);
    assertThat(cli.out()).isEmpty();
    assertThat(cli.commands()).as("commands run").isEmpty();
    assertThat(Files.exists(out)).as("report directory made").isFalse();
  }

  private static String[] args(String... args) {
    return args;
  }

  @Test
  void refusesRuntimeZeroRatherThanRunningEightSeconds() {
    refused(args("--runtime", "0"), "--runtime (0)", "must be positive");
  }

  @Test
  void refusesARuntimeThatWouldOverflowTheDeadline() {
    refused(args("--runtime", "9223372036s"), "--runtime (9223372036s)", "365 days");
  }

  @Test
  void refusesRuntimeWithAWorkloadsOwnRuntime() {
    refused(args("--runtime", "2s", "--param", "runtime=4s"), "--runtime 2s", "runtime=4s");
  }

  @Test
  void refusesRuntimeWithASizeBoundedWorkload() {
    refused(
        args("--runtime", "2s", "--param", "seqwrite:time_based=0", "--workloads", "seqwrite"),
        "--runtime 2s",
        "seqwrite:time_based=0");
  }

  @Test
  void refusesAParameterForAWorkloadThatIsNotCompared() {
    refused(args("--param", "postmrk:number=10"), "postmrk", "seqwrite, seqread, randwrite");
    refused(args("--param", "nonsense:bs=4k"), "'nonsense'");
  }

  @Test
  void resolvesAFilebenchPersonalityWithItsOwnPrefixedParameters() {
    refused(
        args("--workloads", "filebench:varmail", "--param", "filebench:varmail:n-files=5"),
        "n-files");
    refused(
        args("--workloads", "filebench:varmail", "--param", "filebench:webproxy:nfiles=5"),
        "'filebench:webproxy'",
        "filebench:varmail");
  }

  @Test
  void refusesABlockSizeInTheNameAndAnotherInAParameter() {
    refused(args("--workloads", "seqread-1m", "--param", "bs=4k"), "seqread-1m", "bs=1m", "bs=4k");
  }

  @Test
  void refusesABaselineThatIsNotCompared() {
    refused(args("--baseline", "xfs"), "baseline (xfs)", "ext4");
  }

  @Test
  void refusesACiTargetThatIsNoPercentage() {
    refused(args("--until-ci", "200"), "--until-ci (200.0)");
    refused(args("--until-ci", "0"), "--until-ci (0.0)");
  }

  @Test
  void refusesRepeatWithUntilCi() {
    refused(args("--repeat", "3", "--until-ci", "5"), "--repeat", "--until-ci");
  }

  @Test
  void refusesOptionsThatWouldBeIgnored() {
    refused(args("--also-defaults"), "--also-defaults", "--tune");
    refused(args("--force"), "--force", "--device");
    refused(args("--dir", temp.toString(), "--image-size", "1g"), "--dir", "--image-size");
  }

  @Test
  void refusesCopyOnWriteOffOnExt4RatherThanReportingItApplied() {
    refused(args("--tune", "ext4:cow=off"), "cow=off", "ext4");
  }

  @Test
  void refusesAReportDirectoryThatIsAFile() throws Exception {
    Path file = Files.writeString(temp.resolve("a-file"), "x");
    RecordingCli cli = new RecordingCli(temp);
    int exit = cli.run("compare", "--fs", "ext4", "--out", file.toString());
    assertThat(exit).as(cli.err()).isEqualTo(2);
    assertThat(cli.err()).contains("--out (" + file + ") is a file").doesNotContain("Exception");
    assertThat(cli.commands()).isEmpty();
  }
}
