package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FilebenchOutputTest {

  private static final Duration SECONDS = Duration.ofSeconds(2);

  private static final String FILEBENCH =
      """
      3.072: Run took 2 seconds...
      3.076: Per-Operation Breakdown
      closefile4           921ops      460ops/s   0.0mb/s    0.008ms/op [0.001ms - 1.985ms]
      readfile4            921ops      460ops/s   7.3mb/s    0.028ms/op [0.004ms - 2.201ms]
      3.076: IO Summary: 1842 ops 920.000 ops/s 460/0 rd/wr   7.3mb/s 0.527ms/op
      """;

  @Test
  void readsFilebenchsFlowopLinesAndItsTimestampedSummary() {
    FilebenchOutput out = FilebenchOutput.parse(FILEBENCH);

    assertThat(out.names()).containsExactly("closefile4", "readfile4");
    assertThat(out.flowops().get("readfile4").mbPerSec()).isEqualTo(7.3);
    assertThat(out.summary().ops()).isEqualTo(1842);
    assertThat(out.summary().readsPerSec()).isEqualTo(460);
    assertThat(out.shares()).containsEntry("closefile4", 50.0);
  }

  @Test
  void refusesOutputWithoutASummaryQuotingIt() {
    assertThatThrownBy(() -> FilebenchOutput.parse("Run stopped early"))
        .hasMessageContaining("no IO Summary")
        .hasMessageContaining("Run stopped early");
  }

  @Test
  void agreesWithItselfAndSeesAShiftedMix() {
    FilebenchCase c =
        new FilebenchCase(
            "t",
            "flowop closefile name=closefile4,fd=1\nflowop readwholefile name=readfile4,fd=1\n",
            Map.of(),
            Duration.ofSeconds(2));
    FilebenchOutput same = FilebenchOutput.parse(FILEBENCH);
    FilebenchOutput shifted =
        FilebenchOutput.parse(
            FILEBENCH.replace("closefile4           921ops", "closefile4 1100ops"));

    assertThat(FilebenchAgreement.compare(c, same, same)).isEmpty();
    assertThat(FilebenchAgreement.compare(c, same, shifted))
        .anyMatch(p -> p.contains("closefile4") && p.contains("% of ops"));
  }

  @Test
  void wholeFileBytesOnDrawnSizesAreComparedUnlessTheScriptChurnsTheFileset() {
    String out =
        """
        3.076: Per-Operation Breakdown
        writewhole3          2000ops     1000ops/s   %smb/s    0.008ms/op [0.001ms - 1.985ms]
        3.076: IO Summary: 2000 ops 1000.000 ops/s 0/1000 rd/wr   %smb/s 0.527ms/op
        """;
    FilebenchOutput filebench = FilebenchOutput.parse(out.formatted("4.8", "4.8"));
    FilebenchOutput fsbench = FilebenchOutput.parse(out.formatted("3.0", "3.0"));
    String sizes = "set $filesize=cvar(type=cvar-gamma,parameters=mean:4096;gamma:1.5)\n";
    String write = "flowop writewholefile name=writewhole3,iosize=4096,fd=1\n";
    String open = "flowop openfile name=open1,filesetname=fs1,fd=1\n";
    String create = "flowop createfile name=create1,filesetname=fs1,fd=1\n";

    FilebenchCase steady = new FilebenchCase("t", sizes + open + write, Map.of(), SECONDS);
    FilebenchCase churned = new FilebenchCase("t", sizes + create + write, Map.of(), SECONDS);
    FilebenchCase fixed = new FilebenchCase("t", create + write, Map.of(), SECONDS);

    // open1 and create1 print no line; only writewhole3's bytes per op are in question
    assertThat(FilebenchAgreement.compare(steady, filebench, fsbench))
        .anyMatch(p -> p.startsWith("writewhole3:") && p.contains("bytes/op"));
    assertThat(FilebenchAgreement.compare(churned, filebench, fsbench))
        .noneMatch(p -> p.contains("bytes/op"));
    assertThat(FilebenchAgreement.compare(fixed, filebench, fsbench))
        .anyMatch(p -> p.startsWith("writewhole3:") && p.contains("bytes/op"));
  }

  @Test
  void readBytesAreComparedUnlessTheScriptChurnsTheFilesetForCreatedFilesStartEmpty() {
    String out =
        """
        3.076: Per-Operation Breakdown
        read5                2000ops     1000ops/s   %smb/s    0.008ms/op [0.001ms - 1.985ms]
        3.076: IO Summary: 2000 ops 1000.000 ops/s 1000/0 rd/wr   %smb/s 0.527ms/op
        """;
    FilebenchOutput filebench = FilebenchOutput.parse(out.formatted("1.2", "1.2"));
    FilebenchOutput fsbench = FilebenchOutput.parse(out.formatted("1.5", "1.5"));
    String read = "flowop read name=read5,iosize=4096,fd=1\n";
    String open = "flowop openfile name=open4,filesetname=fs1,fd=1\n";
    String delete = "flowop deletefile name=delete1,filesetname=fs1\n";

    FilebenchCase steady = new FilebenchCase("t", open + read, Map.of(), SECONDS);
    FilebenchCase churned = new FilebenchCase("t", delete + open + read, Map.of(), SECONDS);

    assertThat(FilebenchAgreement.compare(steady, filebench, fsbench))
        .anyMatch(p -> p.startsWith("read5:") && p.contains("bytes/op"));
    assertThat(FilebenchAgreement.compare(churned, filebench, fsbench))
        .noneMatch(p -> p.contains("bytes/op"));
  }

  @Test
  void filebenchsCopyTakesTheVariablesTheDirectoryAndTheRuntime() {
    FilebenchCase c =
        new FilebenchCase(
            "varmail",
            "set $dir=/tmp\nset $nfiles=1000\nflowop openfile name=o1\nrun 60\n",
            Map.of("nfiles", "200", "nthreads", "4"),
            Duration.ofSeconds(3));

    String script = c.filebenchScript("/scratch");

    assertThat(script)
        .contains("set $dir=/scratch\n", "set $nfiles=200\n", "set $nthreads=4\n")
        .doesNotContain("run 60", "$nfiles=1000")
        .endsWith("run 3\n");
  }
}
