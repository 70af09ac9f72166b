package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What used to be found out only after a volume was made, a job ran or a progress line was printed:
 * each is now refused first, with exit 2, no command run, and a message that names the value and
 * shows neither a Java exception nor the content of a file that is no job file.
 */
class ChecksFirstTest {

  @TempDir Path temp;

  private RecordingCli refused(String... args) {
    RecordingCli cli = new RecordingCli(temp);
    int exit = cli.run(args);
    assertThat(exit).as(cli.err()).isEqualTo(2);
    assertThat(cli.err())
        .doesNotContain("running")
        .doesNotContain("Exception")
        .doesNotContain("\tat ");
    assertThat(cli.commands()).as("commands run").isEmpty();
    return cli;
  }

  @Test
  void refusesEveryCellsTuningBeforeTheFirstCellRuns() {
    RecordingCli cli =
        refused(
            "compare",
            "--fs",
            "ext4,xfs",
            "--tune",
            "xfs:data=writeback",
            "--no-progress",
            "--out",
            temp.resolve("r").toString());
    assertThat(cli.err()).contains("xfs").contains("data");
    assertThat(temp.resolve("r")).doesNotExist();
  }

  @Test
  void refusesAnImageBelowTheFileSystemsMinimumBeforeSayingItRuns() {
    RecordingCli cli =
        refused("run", "--fs", "xfs", "--image-size", "128m", "--rw=write", "--size=1m");
    assertThat(cli.err()).contains("image size (128m)", "300m", "xfs");
  }

  @Test
  void refusesAMissingArchiveBeforeTheVolumeIsMade() {
    RecordingCli cli =
        refused(
            "run", "--fs", "ext4", "--workload", "tree-extract", "--param", "archive=/nonexistent");
    assertThat(cli.err()).contains("archive (/nonexistent) does not exist");
  }

  @Test
  void refusesAFileThatIsNoArchiveBeforeTheVolumeIsMadeAndShowsNoneOfIt() throws IOException {
    Path passwd =
        Files.writeString(temp.resolve("passwd"), "root:x:0:0:secret-gecos:/root:/bin/sh\n");
    RecordingCli cli =
        refused(
            "run", "--fs", "ext4", "--workload", "tree-extract", "--param", "archive=" + passwd);
    assertThat(cli.err()).contains("archive (" + passwd + ") is not a tar archive");
    assertThat(cli.err()).doesNotContain("secret-gecos");
  }

  @Test
  void refusesAnOutputFileThatIsADirectoryBeforeTheJobRuns() {
    RecordingCli cli =
        refused("run", "--fs", "ext4", "--rw=write", "--size=1m", "--output", temp.toString());
    assertThat(cli.err()).contains("--output (" + temp + ") is a directory");
  }

  @Test
  void refusesARuntimeThatWouldOverflowTheDeadline() {
    RecordingCli cli =
        refused("run", "--fs", "ext4", "--rw=write", "--size=1m", "--runtime=9223372036s");
    assertThat(cli.err()).contains("runtime (9223372036s)", "365 days");
  }

  @Test
  void refusesAnEmptyDirectoryRatherThanRunningInTheCurrentOne() {
    RecordingCli cli = refused("run", "--dir", "", "--rw=write", "--size=1m");
    assertThat(cli.err()).contains("directory (\"\") is empty");
  }

  @Test
  void refusesAPseudoFileSystemDirectoryWithTheReason() {
    RecordingCli cli = refused("run", "--dir", "/proc", "--rw=write", "--size=1m");
    assertThat(cli.err()).contains("/proc", "proc", "pseudo-filesystem");
  }

  @Test
  void refusesAJobFileThatIsADevice() {
    RecordingCli cli = refused("fio", "/dev/zero", "--fs", "ext4");
    assertThat(cli.err()).contains("/dev/zero is not a regular file");
  }

  @Test
  void refusesAJobFileThatIsAFifoWithoutWaitingOnIt() throws Exception {
    Path fifo = temp.resolve("fifo");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assertThat(mkfifo.waitFor()).isZero();
    RecordingCli cli = refused("fio", fifo.toString(), "--fs", "ext4");
    assertThat(cli.err()).contains(fifo + " is not a regular file");
  }

  @Test
  void saysABinaryJobFileIsNoTextJobFile() throws IOException {
    Path binary = Files.write(temp.resolve("binary.fio"), new byte[] {(byte) 0xff, (byte) 0xfe, 0});
    RecordingCli cli = refused("fio", binary.toString(), "--fs", "ext4");
    assertThat(cli.err()).contains(binary + " is not a text job file");
  }

  @Test
  void neverEchoesTheContentOfAnIncludedFileThatIsNoJobFile() throws IOException {
    Path secret =
        Files.writeString(temp.resolve("shadow"), "root:$6$secret-hash:19000:0:99999:7:::\n");
    Path job = Files.writeString(temp.resolve("job.fio"), "[j]\ninclude " + secret + "\n");
    RecordingCli cli = refused("fio", job.toString(), "--fs", "ext4");
    assertThat(cli.err()).contains(secret.toString()).doesNotContain("secret-hash");
  }

  @Test
  void saysWhatIsWrongWithAReportDirectoryThatIsAFile() throws IOException {
    Path file = Files.writeString(temp.resolve("file"), "x");
    RecordingCli cli = refused("compare", "--fs", "ext4", "--out", file.toString());
    assertThat(cli.err()).contains("--out (" + file + ") is a file, not a directory");
  }

  @Test
  void listsNoPluginAsAvailableToAUserWhoIsNotRootAndSaysWhy() {
    RecordingCli cli = new RecordingCli(temp).nonRoot();
    assertThat(cli.run("plugins")).as(cli.err()).isZero();
    assertThat(cli.out())
        .doesNotContainPattern("(?m)^(ext4|xfs|btrfs|zfs)\\s+available")
        .contains("zfs: making zfs volumes needs root")
        .contains("ext4: making ext4 volumes needs root")
        .doesNotContain("daemon");
  }
}
