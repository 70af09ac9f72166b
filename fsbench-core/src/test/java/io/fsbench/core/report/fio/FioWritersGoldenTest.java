package io.fsbench.core.report.fio;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.RunResult;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

class FioWritersGoldenTest {

  private final RunResult run = SampleRun.create();

  @Test
  void writesJsonPlusAsTheGoldenFile() {
    GoldenFile.assertMatches(
        "sample-run.json+",
        new FioJsonWriter(FioJsonWriter.Format.JSON_PLUS, ZoneOffset.UTC).toJson(run));
  }

  @Test
  void writesJsonAsTheGoldenFile() {
    GoldenFile.assertMatches(
        "sample-run.json",
        new FioJsonWriter(FioJsonWriter.Format.JSON, ZoneOffset.UTC).toJson(run));
  }

  @Test
  void writesTextAsTheGoldenFile() {
    GoldenFile.assertMatches("sample-run.txt", new FioTextWriter(ZoneOffset.UTC).toText(run));
  }

  @Test
  void writesTheSameInACommaDecimalLocaleAndAnotherTimeZone() {
    String json = new FioJsonWriter(FioJsonWriter.Format.JSON_PLUS, ZoneOffset.UTC).toJson(run);
    String text = new FioTextWriter(ZoneOffset.UTC).toText(run);
    Locale locale = Locale.getDefault();
    TimeZone zone = TimeZone.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      TimeZone.setDefault(TimeZone.getTimeZone("Asia/Kolkata"));

      assertThat(new FioJsonWriter(FioJsonWriter.Format.JSON_PLUS, ZoneOffset.UTC).toJson(run))
          .isEqualTo(json);
      assertThat(new FioTextWriter(ZoneOffset.UTC).toText(run)).isEqualTo(text);
      assertThat(text).contains("avg=163840.50").doesNotContain("163840,50");
    } finally {
      Locale.setDefault(locale);
      TimeZone.setDefault(zone);
    }
  }

  @Test
  void writesTheTimeInTheGivenZoneAsCtime() {
    String json = new FioJsonWriter(FioJsonWriter.Format.JSON, ZoneOffset.ofHours(-8)).toJson(run);

    assertThat(json).contains("\"time\" : \"Sun Nov 29 20:59:46 2026\"");
  }
}
