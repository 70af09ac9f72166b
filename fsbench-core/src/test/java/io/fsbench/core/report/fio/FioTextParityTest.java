package io.fsbench.core.report.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** fsbench's text summary against fio 3.33's for the same run. */
class FioTextParityTest {

  static final List<String> FIXTURES = FioOutput.FIXTURES;

  @ParameterizedTest
  @FieldSource("FIXTURES")
  void writesFiosSummaryLineForLine(String fixture) {
    String fio = FioOutput.text(fixture + ".txt");

    String ours = new FioTextWriter(ZoneOffset.UTC).toText(FioOutput.read(fixture));

    assertThat(ours).startsWith("fsbench-3.33\n\n");
    assertThat(ours.lines().skip(3).toList())
        .isEqualTo(asFsbenchWritesIt(fio).subList(2, asFsbenchWritesIt(fio).size()));
    assertThat(ours.lines().skip(2).findFirst().orElseThrow())
        .as("the job line, without fio's pid")
        .isEqualTo(fio.lines().skip(1).findFirst().orElseThrow().replaceAll(" pid=\\d+:", ""));
  }

  /** fio's summary without what fsbench does not know: zone resets and disk stats. */
  private static List<String> asFsbenchWritesIt(String fio) {
    String text = fio.replace("; 0 zone resets", "");
    return text.substring(0, text.indexOf("\nDisk stats")).lines().toList();
  }
}
