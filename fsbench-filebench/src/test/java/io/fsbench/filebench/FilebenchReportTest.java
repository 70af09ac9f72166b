package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class FilebenchReportTest {

  private static final FilebenchResult.FlowopLine READ =
      new FilebenchResult.FlowopLine(
          "readfile4",
          "readwholefile",
          1442,
          23L << 20,
          1442,
          23.0,
          11_234,
          5_000,
          259_000,
          9_000,
          18_000,
          67_000,
          167_000);

  @Test
  void aFlowopNamedAsMetricsCannotBeIsNamedWithUnderscoresAndKeptApart() {
    java.util.Set<String> taken = new java.util.HashSet<>();

    assertThat(FilebenchResult.metricName("rand-read", taken)).isEqualTo("rand_read");
    assertThat(FilebenchResult.metricName("Rand_Read", taken)).isEqualTo("rand_read_2");
    assertThat(FilebenchResult.metricName("use.inner1", taken)).isEqualTo("use.inner1");
    // every name is one io.fsbench.api.Metric accepts
    assertThat(io.fsbench.api.Metric.of("flowop.rand_read_2.ops", 1, io.fsbench.api.Unit.COUNT))
        .isNotNull();
  }

  @Test
  void printsFilebenchsPerFlowopLineInItsFormat() {
    assertThat(FilebenchReport.line(READ))
        .isEqualTo(
            "readfile4            1442ops     1442ops/s  23.0mb/s    0.011ms/op"
                + " [0.005ms - 0.259ms]");
  }

  @Test
  void printsADecimalPointWhateverTheLocale() {
    Locale saved = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      FilebenchResult result =
          new FilebenchResult(
              "varmail.f",
              7,
              Duration.ofMillis(1500),
              List.of(READ),
              FilebenchResult.IoSummary.of(1442, 1442, 0, 23L << 20, 1442L * 11_234, 1.5),
              new FilebenchResult.OpsSamples(Duration.ofMillis(500), List.of(950.5, 972.25)),
              new FilebenchResult.Cpu(Duration.ofMillis(300), Duration.ofMillis(750)),
              new FilebenchResult.Dataset(3L << 30, 1L << 30));

      String text = FilebenchReport.text(result);

      assertThat(text)
          .startsWith("Per-Operation Breakdown\nreadfile4 ")
          .contains("IO Summary:  1442 ops 961.333 ops/s 961/0 rd/wr  15.3mb/s 0.011ms/op")
          .contains("readfile4            p50 0.009ms p95 0.018ms p99 0.067ms p99.9 0.167ms")
          .contains("Seed 7, run 1.500 s (varmail.f)")
          .contains("Ops/s every 500 ms (fsbench): min 951 max 972 mean 961.4 stddev 15.4")
          .contains("CPU (fsbench, the process): usr 20.00% sys 50.00% of one CPU")
          .contains("Dataset (fsbench): 3.0 GiB, 3.00x RAM (1.0 GiB)")
          .doesNotContainPattern("[0-9],[0-9]");
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void keepsFilebenchsOwnLinesFirstAndAddsItsLinesAfterTheIoSummary() {
    FilebenchResult result = result(new FilebenchResult.Dataset(1L << 20, 4L << 30));

    String[] lines = FilebenchReport.text(result).split("\n");

    assertThat(lines[0]).isEqualTo("Per-Operation Breakdown");
    assertThat(lines[1]).isEqualTo(FilebenchReport.line(READ));
    assertThat(lines[2]).isEqualTo(FilebenchReport.summary(result.summary()));
    assertThat(lines).contains("  950 972", "Dataset (fsbench): 1.0 MiB, <0.01x RAM (4.0 GiB)");
    assertThat(lines[lines.length - 1]).startsWith("Warning: the dataset (1.0 MiB) is <0.01x RAM");
  }

  @Test
  void saysWhenTheRamIsUnknownAndThenDoesNotWarn() {
    String text = FilebenchReport.text(result(new FilebenchResult.Dataset(1L << 20, 0)));

    assertThat(text)
        .contains("Dataset (fsbench): 1.0 MiB, RAM unknown (no MemTotal in /proc/meminfo)")
        .doesNotContain("Warning");
  }

  private static FilebenchResult result(FilebenchResult.Dataset dataset) {
    return new FilebenchResult(
        "varmail.f",
        7,
        Duration.ofSeconds(1),
        List.of(READ),
        FilebenchResult.IoSummary.of(1442, 1442, 0, 23L << 20, 1442L * 11_234, 1),
        new FilebenchResult.OpsSamples(Duration.ofMillis(500), List.of(950.0, 972.0)),
        new FilebenchResult.Cpu(Duration.ZERO, Duration.ZERO),
        dataset);
  }
}
