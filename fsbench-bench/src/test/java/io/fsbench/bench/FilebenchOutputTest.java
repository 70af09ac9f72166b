package io.fsbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FilebenchOutputTest {

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
