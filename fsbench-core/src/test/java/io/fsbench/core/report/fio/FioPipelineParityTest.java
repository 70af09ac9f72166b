package io.fsbench.core.report.fio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fsbench.RunFixtures;
import io.fsbench.api.JobResult;
import io.fsbench.api.JobSpec;
import io.fsbench.api.LatencyResult;
import io.fsbench.api.RunResult;
import io.fsbench.api.SetupTimes;
import io.fsbench.core.stats.Direction;
import io.fsbench.core.stats.JobInfo;
import io.fsbench.core.stats.JobResults;
import io.fsbench.core.stats.JobStats;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Replays the latencies of real fio runs (their json+ bins) through fsbench's recorder and writer,
 * and compares with what fio printed: the same percentiles and bins, and a document with fio's
 * keys, order and types.
 */
class FioPipelineParityTest {

  static final List<String> FIXTURES = FioOutput.FIXTURES;

  private static final Set<String> DATA_KEYS =
      Set.of("job options", "global options", "percentile", "bins");

  @ParameterizedTest
  @FieldSource("FIXTURES")
  void histogramGivesFiosPercentilesAndBinsFromTheSameSamples(String fixture) {
    JsonNode fioJob = FioOutput.tree(FioOutput.text(fixture + ".json")).get("jobs").get(0);

    JobResult ours = replay(fioJob);

    int compared = 0;
    for (Direction d : Direction.values()) {
      for (String kind : List.of("slat", "clat", "lat")) {
        JsonNode fio = fioJob.get(d.fioName()).get(kind + "_ns");
        if (fio.has("bins")) {
          LatencyResult expected = FioOutput.latency(fio);
          LatencyResult actual = latency(ours, d, kind);
          assertThat(actual.percentiles()).as("%s %s", d, kind).isEqualTo(expected.percentiles());
          assertThat(actual.bins()).as("%s %s", d, kind).isEqualTo(expected.bins());
          compared++;
        }
      }
    }
    LatencyResult fioSync = FioOutput.latency(fioJob.get("sync").get("lat_ns"));
    assertThat(ours.sync().lat().percentiles()).isEqualTo(fioSync.percentiles());
    assertThat(compared).isPositive();
  }

  @ParameterizedTest
  @FieldSource("FIXTURES")
  void writesFiosKeysInFiosOrderWithFiosTypes(String fixture) {
    JsonNode fio = FioOutput.tree(FioOutput.text(fixture + ".json"));
    JobResult job = replay(fio.get("jobs").get(0));
    RunResult run =
        RunResult.ofJobs(
            "0.1.0",
            1_796_014_786_072L,
            fixture,
            Map.of(),
            List.of(job),
            RunFixtures.environment(),
            RunFixtures.volume("xfs", "rw"));

    JsonNode ours =
        FioOutput.tree(
            new FioJsonWriter(FioJsonWriter.Format.JSON_PLUS, ZoneOffset.UTC).toJson(run));

    List<String> expected = schema(fio, "", Set.of("disk_util", "global options"));
    assertThat(schema(ours, "", Set.of("job_start", "fsbench"))).isEqualTo(expected);
    assertThat(expected).contains("/jobs[]/write/clat_ns/N: int", "/jobs[]/usr_cpu: float");
  }

  /** Each key path in document order with its JSON type; data-dependent keys are checked apart. */
  private static List<String> schema(JsonNode node, String path, Set<String> skipped) {
    List<String> lines = new ArrayList<>();
    if (node.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        if (skipped.contains(field.getKey())) {
          continue;
        }
        String child = path + "/" + field.getKey();
        lines.add(child + ": " + type(field.getValue()));
        if (DATA_KEYS.contains(field.getKey())) {
          field.getValue().fields().forEachRemaining(e -> checkDataEntry(field.getKey(), e));
        } else {
          lines.addAll(schema(field.getValue(), child, skipped));
        }
      }
    } else if (node.isArray()) {
      node.forEach(element -> lines.addAll(schema(element, path + "[]", skipped)));
    }
    return lines;
  }

  private static void checkDataEntry(String object, Map.Entry<String, JsonNode> entry) {
    switch (object) {
      case "percentile" -> {
        assertThat(entry.getKey()).matches("\\d+\\.\\d{6}");
        assertThat(entry.getValue().isIntegralNumber()).isTrue();
      }
      case "bins" -> {
        assertThat(entry.getKey()).matches("\\d+");
        assertThat(entry.getValue().isIntegralNumber()).isTrue();
      }
      default -> assertThat(entry.getValue().isTextual()).isTrue();
    }
  }

  private static String type(JsonNode value) {
    if (value.isIntegralNumber()) {
      return "int";
    }
    if (value.isFloatingPointNumber()) {
      return "float";
    }
    return value.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
  }

  private static LatencyResult latency(JobResult job, Direction d, String kind) {
    var direction = job.directions().get(d.fioName());
    return switch (kind) {
      case "slat" -> direction.slat();
      case "clat" -> direction.clat();
      default -> direction.lat();
    };
  }

  /** fio's job measured again: every bin's value recorded as often as fio counted it. */
  private static JobResult replay(JsonNode fioJob) {
    boolean slat = hasPercentiles(fioJob, "slat_ns");
    boolean clat = hasPercentiles(fioJob, "clat_ns");
    boolean lat = hasPercentiles(fioJob, "lat_ns");
    JobStats stats = new JobStats(clat, lat, slat);
    for (Direction d : Direction.values()) {
      JsonNode direction = fioJob.get(d.fioName());
      long ios = direction.get("total_ios").asLong();
      if (ios == 0) {
        continue;
      }
      long bytes = direction.get("io_bytes").asLong() / ios;
      long[] clats = samples(direction.get("clat_ns"), ios, 0);
      long[] lats = samples(direction.get("lat_ns"), ios, 0);
      long[] slats = samples(direction.get("slat_ns"), ios, -1);
      for (int i = 0; i < ios; i++) {
        stats.completed(d, bytes, clats[i], lats[i] > 0 ? lats[i] : clats[i] + 1);
        if (slats[i] >= 0) {
          stats.submitted(d, slats[i]);
        }
      }
    }
    for (long sync :
        samples(
            fioJob.get("sync").get("lat_ns"), fioJob.get("sync").get("total_ios").asLong(), -1)) {
      stats.synced(sync);
    }
    stats.addRuntime(Duration.ofMillis(fioJob.get("job_runtime").asLong()));
    Map<String, String> options = new LinkedHashMap<>();
    fioJob
        .get("job options")
        .fields()
        .forEachRemaining(e -> options.put(e.getKey(), e.getValue().asText()));
    JobInfo info =
        new JobInfo(
            fioJob.get("jobname").asText(),
            0,
            false,
            options,
            JobSpec.DEFAULT_PERCENTILES,
            fioJob.get("latency_depth").asInt(),
            0,
            1,
            0,
            "psync",
            SetupTimes.NONE);
    return JobResults.of(List.of(new JobResults.Clone(info, stats))).get(0);
  }

  private static boolean hasPercentiles(JsonNode fioJob, String kind) {
    for (Direction d : Direction.values()) {
      if (fioJob.get(d.fioName()).get(kind).has("percentile")) {
        return true;
      }
    }
    return false;
  }

  /** The bins expanded into {@code n} sorted samples, or {@code n} times {@code missing}. */
  private static long[] samples(JsonNode latency, long n, long missing) {
    long[] values = new long[(int) n];
    java.util.Arrays.fill(values, missing);
    int i = 0;
    Iterator<Map.Entry<String, JsonNode>> bins = latency.path("bins").fields();
    while (bins.hasNext()) {
      Map.Entry<String, JsonNode> bin = bins.next();
      for (long c = 0; c < bin.getValue().asLong(); c++) {
        values[i++] = Long.parseLong(bin.getKey());
      }
    }
    return values;
  }
}
