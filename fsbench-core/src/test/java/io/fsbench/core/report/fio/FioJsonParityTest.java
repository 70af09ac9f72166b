package io.fsbench.core.report.fio;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.RunResult;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** fsbench's JSON against real fio 3.33 output: same document, apart from the documented extras. */
class FioJsonParityTest {

  static final List<String> FIXTURES = FioOutput.FIXTURES;

  @ParameterizedTest
  @FieldSource("FIXTURES")
  void writesFiosJsonPlusDocumentBackByteForByte(String fixture) {
    String fio = FioOutput.text(fixture + ".json");
    RunResult run = FioOutput.read(fixture);

    String ours = new FioJsonWriter(FioJsonWriter.Format.JSON_PLUS, ZoneOffset.UTC).toJson(run);

    assertThat(ours).contains("\"job_start\" : ", "\"fsbench\" : {", "\"clat_ns\" : {");
    assertThat(withoutFsbenchAdditions(ours)).isEqualTo(asFsbenchWritesIt(fio));
  }

  @ParameterizedTest
  @FieldSource("FIXTURES")
  void writesFiosJsonDocumentWithoutBins(String fixture) {
    String fio = FioOutput.text(fixture + ".json");

    String ours =
        new FioJsonWriter(FioJsonWriter.Format.JSON, ZoneOffset.UTC)
            .toJson(FioOutput.read(fixture));

    assertThat(fio).contains("\"bins\" : {");
    assertThat(withoutFsbenchAdditions(ours))
        .isEqualTo(FioOutput.withoutMember(asFsbenchWritesIt(fio), "bins"));
  }

  /** fio's document with what fsbench deliberately does differently. */
  private static String asFsbenchWritesIt(String fio) {
    return FioOutput.withoutMember(fio, "disk_util")
        .replace("\"fio version\" : \"fio-3.33\"", "\"fio version\" : \"fsbench-3.33\"")
        .replaceAll("\"eta\" : \\d+", "\"eta\" : 0");
  }

  private static String withoutFsbenchAdditions(String ours) {
    return FioOutput.withoutMember(FioOutput.withoutMember(ours, "job_start"), "fsbench");
  }
}
