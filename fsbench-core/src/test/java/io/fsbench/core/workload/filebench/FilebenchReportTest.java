package io.fsbench.core.workload.filebench;

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
              FilebenchResult.IoSummary.of(1442, 1442, 0, 23L << 20, 1442L * 11_234, 1.5));

      String text = FilebenchReport.text(result);

      assertThat(text)
          .startsWith("Per-Operation Breakdown\nreadfile4 ")
          .contains("IO Summary:  1442 ops 961.333 ops/s 961/0 rd/wr  15.3mb/s 0.011ms/op")
          .contains("readfile4            p50 0.009ms p95 0.018ms p99 0.067ms p99.9 0.167ms")
          .contains("Seed 7, run 1.500 s (varmail.f)")
          .doesNotContainPattern("[0-9],[0-9]");
    } finally {
      Locale.setDefault(saved);
    }
  }
}
