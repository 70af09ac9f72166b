package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JSON report holds the text report's numbers, at full precision, for the same run. */
class FilebenchJsonTest {

  private static final String WORKLOAD =
      """
      define fileset name=fsbench-files,path=/tmp,size=8k,entries=200,dirwidth=20,prealloc=100
      define process name=p
      {
        thread name=t,memsize=1m,instances=2
        {
          flowop openfile name=open,filesetname=fsbench-files,fd=1
          flowop readwholefile name=read,fd=1,iosize=4k
          flowop appendfilerand name=append,fd=1,iosize=2k
          flowop closefile name=close,fd=1
        }
      }
      run 60
      """;

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String NUMBER = "([0-9.]+)";

  @TempDir Path temp;

  @Test
  void everyNumberOfTheTextReportIsInTheJsonOfTheSameRun() throws IOException {
    Path file = Files.writeString(temp.resolve("fsbench-json.f"), WORKLOAD);
    Path dir = Files.createDirectories(temp.resolve("fsbench-dir"));
    FilebenchResult result =
        FilebenchRun.run(file, FilebenchOptions.in(dir).runtime(Duration.ofSeconds(1)));
    String text = FilebenchReport.text(result);

    JsonNode json = MAPPER.readTree(result.toolJson().orElseThrow());

    assertThat(json.path("flowops")).hasSize(4);
    for (JsonNode flowop : json.path("flowops")) {
      String name = flowop.path("name").asText();
      Matcher line =
          find(
              text,
              "(?m)^"
                  + name
                  + " +(\\d+)ops +(\\d+)ops/s +"
                  + NUMBER
                  + "mb/s +"
                  + NUMBER
                  + "ms/op \\["
                  + NUMBER
                  + "ms - +"
                  + NUMBER
                  + "ms\\]$");
      assertThat(flowop.path("ops").asLong()).as(name).isEqualTo(Long.parseLong(line.group(1)));
      assertThat(flowop.path("ops").asLong()).as(name + " ran").isPositive();
      assertClose(flowop, "ops_per_sec", line.group(2), 0.5);
      assertClose(flowop, "mb_per_sec", line.group(3), 0.05);
      assertClose(flowop, "ms_per_op", line.group(4), 0.0005);
      assertClose(flowop, "min_ms", line.group(5), 0.0005);
      assertClose(flowop, "max_ms", line.group(6), 0.0005);
      Matcher percentiles =
          find(
              text,
              "(?m)^"
                  + name
                  + " +p50 "
                  + NUMBER
                  + "ms p95 "
                  + NUMBER
                  + "ms p99 "
                  + NUMBER
                  + "ms p99.9 "
                  + NUMBER
                  + "ms$");
      JsonNode latency = flowop.path("latency_ns");
      String[] keys = {"p50", "p95", "p99", "p99.9"};
      for (int i = 0; i < keys.length; i++) {
        assertThat(latency.path(keys[i]).asDouble() / 1e6)
            .as(name + " " + keys[i])
            .isCloseTo(Double.parseDouble(percentiles.group(i + 1)), within(0.0005));
      }
      assertThat(latency.path("p50").asLong()).isLessThanOrEqualTo(latency.path("p99.9").asLong());
    }
    assertThat(json.path("flowops").findValuesAsText("type"))
        .containsExactlyInAnyOrder("openfile", "readwholefile", "appendfilerand", "closefile");

    Matcher summary =
        find(
            text,
            "IO Summary: +(\\d+) ops "
                + NUMBER
                + " ops/s (\\d+)/(\\d+) rd/wr +"
                + NUMBER
                + "mb/s "
                + NUMBER
                + "ms/op");
    JsonNode io = json.path("io_summary");
    assertThat(io.path("ops").asLong()).isEqualTo(Long.parseLong(summary.group(1)));
    assertClose(io, "ops_per_sec", summary.group(2), 0.0005);
    assertClose(io, "reads_per_sec", summary.group(3), 0.5);
    assertClose(io, "writes_per_sec", summary.group(4), 0.5);
    assertClose(io, "mb_per_sec", summary.group(5), 0.05);
    assertClose(io, "ms_per_op", summary.group(6), 0.0005);

    Matcher seed = find(text, "Seed (\\d+), run " + NUMBER + " s");
    assertThat(json.path("seed").asLong()).isEqualTo(Long.parseLong(seed.group(1)));
    assertClose(json, "seconds", seed.group(2), 0.0005);

    Matcher samples =
        find(
            text,
            "Ops/s every (\\d+) ms \\(fsbench\\): min "
                + NUMBER
                + " max "
                + NUMBER
                + " mean "
                + NUMBER
                + " stddev "
                + NUMBER
                + " samples (\\d+)");
    JsonNode s = json.path("samples");
    assertThat(s.path("interval_ms").asLong()).isEqualTo(Long.parseLong(samples.group(1)));
    assertClose(s, "min", samples.group(2), 0.5);
    assertClose(s, "max", samples.group(3), 0.5);
    assertClose(s, "mean", samples.group(4), 0.05);
    assertClose(s, "stddev", samples.group(5), 0.05);
    assertThat(s.path("ops_per_sec")).hasSize(Integer.parseInt(samples.group(6)));
    assertThat(s.path("count").asInt()).isEqualTo(Integer.parseInt(samples.group(6)));
    assertThat(valuesOf(s.path("ops_per_sec")))
        .containsExactlyElementsOf(result.samples().opsPerSec());

    Matcher cpu = find(text, "usr " + NUMBER + "% sys " + NUMBER + "% of one CPU");
    assertClose(json.path("cpu"), "usr_percent", cpu.group(1), 0.005);
    assertClose(json.path("cpu"), "sys_percent", cpu.group(2), 0.005);
    assertThat(json.path("cpu").path("usr_seconds").asDouble())
        .isCloseTo(result.cpu().user().toNanos() / 1e9, within(1e-9));

    JsonNode dataset = json.path("dataset");
    assertThat(dataset.path("bytes").asLong()).isEqualTo(200 * 8192);
    assertThat(text)
        .contains(
            "Dataset (fsbench): " + FilebenchResult.Dataset.bytes(dataset.path("bytes").asLong()));
    if (dataset.path("ram_bytes").asLong() > 0) {
      assertThat(text)
          .contains(FilebenchResult.Dataset.times(dataset.path("ram_ratio").asDouble()) + " RAM");
      assertThat(dataset.path("warning").asText()).isNotEmpty();
      assertThat(text).contains("Warning: " + dataset.path("warning").asText());
    }
  }

  @Test
  void anUnknownRamIsANullRatioWithoutAWarning() throws IOException {
    FilebenchResult result =
        new FilebenchResult(
            "fsbench.f",
            3,
            Duration.ofSeconds(2),
            List.of(),
            FilebenchResult.IoSummary.of(10, 5, 5, 1 << 20, 10_000_000, 2),
            new FilebenchResult.OpsSamples(Duration.ofMillis(500), List.of(4.0, 6.0)),
            new FilebenchResult.Cpu(Duration.ofMillis(100), Duration.ofMillis(300)),
            new FilebenchResult.Dataset(1L << 20, 0));

    JsonNode json = MAPPER.readTree(result.toolJson().orElseThrow());

    assertThat(json.path("dataset").path("ram_ratio").isNull()).isTrue();
    assertThat(json.path("dataset").path("warning").isNull()).isTrue();
    assertThat(json.path("io_summary").path("ops_per_sec").asDouble()).isEqualTo(5.0);
    assertThat(json.path("io_summary").path("mb_per_sec").asDouble()).isEqualTo(0.5);
    assertThat(json.path("cpu").path("sys_percent").asDouble()).isEqualTo(15.0);
    assertThat(json.path("flowops")).isEmpty();
  }

  private static Matcher find(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    assertThat(m.find()).as("the text report has /%s/:%n%s", regex, text).isTrue();
    return m;
  }

  private static void assertClose(JsonNode node, String key, String printed, double tolerance) {
    assertThat(node.has(key)).as(key).isTrue();
    assertThat(node.path(key).asDouble())
        .as(key)
        .isCloseTo(Double.parseDouble(printed), within(tolerance));
  }

  private static List<Double> valuesOf(JsonNode array) {
    List<Double> values = new ArrayList<>();
    array.forEach(v -> values.add(v.asDouble()));
    return values;
  }
}
