package io.fsbench.core.report.fio;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.RunFixtures;
import io.fsbench.api.CpuResult;
import io.fsbench.api.DirectionResult;
import io.fsbench.api.JobResult;
import io.fsbench.api.LatencyResult;
import io.fsbench.api.RateSamples;
import io.fsbench.api.RunResult;
import io.fsbench.api.SetupTimes;
import io.fsbench.api.SyncResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Real fio 3.33 output captured as test resources ({@code /fio/*.json} and {@code *.txt}), and a
 * reader that turns fio's JSON into fsbench's records field for field.
 */
final class FioOutput {

  static final List<String> FIXTURES =
      List.of(
          "fio-3.33-randrw-fsync", "fio-3.33-group-reporting", "fio-3.33-libaio-all-percentiles");

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private FioOutput() {}

  static String text(String resource) {
    try (InputStream in = FioOutput.class.getResourceAsStream("/fio/" + resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource /fio/" + resource);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static JsonNode tree(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A fixture's JSON as fsbench's records; "fio version" fio-3.33 becomes fsbench version 3.33.
   * fio's JSON does not say how many clones a job sums, so that comes from its text ("jobs=2").
   */
  static RunResult read(String fixture) {
    JsonNode root = tree(text(fixture + ".json"));
    Matcher members =
        Pattern.compile("\\(groupid=\\d+, jobs=(\\d+)\\)").matcher(text(fixture + ".txt"));
    List<JobResult> jobs = new ArrayList<>();
    Map<String, String> global = strings(root.path("global options"));
    for (JsonNode job : root.get("jobs")) {
      if (!members.find()) {
        throw new IllegalStateException(fixture + ".txt has fewer jobs than its JSON");
      }
      jobs.add(job(job, global, Integer.parseInt(members.group(1))));
    }
    return RunResult.ofJobs(
        root.get("fio version").asText().replace("fio-", ""),
        root.get("timestamp_ms").asLong(),
        fixture,
        global,
        jobs,
        RunFixtures.environment(),
        RunFixtures.volume("xfs", "rw"));
  }

  private static JobResult job(JsonNode job, Map<String, String> global, int members) {
    Map<String, String> options = strings(job.path("job options"));
    return new JobResult(
        job.get("jobname").asText(),
        job.get("groupid").asInt(),
        members,
        job.path("job_start").asLong(0),
        job.get("error").asInt(),
        job.get("elapsed").asLong(),
        options,
        direction(job.get("read")),
        direction(job.get("write")),
        direction(job.get("trim")),
        new SyncResult(
            job.get("sync").get("total_ios").asLong(), latency(job.get("sync").get("lat_ns"))),
        job.get("job_runtime").asLong(),
        new CpuResult(
            job.get("usr_cpu").asDouble(),
            job.get("sys_cpu").asDouble(),
            job.get("ctx").asLong(),
            job.get("majf").asLong(),
            job.get("minf").asLong()),
        job.get("latency_depth").asInt(),
        doubles(job.get("iodepth_level")),
        doubles(job.get("iodepth_submit")),
        doubles(job.get("iodepth_complete")),
        doubles(job.get("latency_ns")),
        doubles(job.get("latency_us")),
        doubles(job.get("latency_ms")),
        option("ioengine", options, global, "psync"),
        SetupTimes.NONE);
  }

  private static String option(
      String name, Map<String, String> options, Map<String, String> global, String otherwise) {
    return options.getOrDefault(name, global.getOrDefault(name, otherwise));
  }

  private static DirectionResult direction(JsonNode d) {
    return new DirectionResult(
        d.get("io_bytes").asLong(),
        d.get("runtime").asLong(),
        d.get("total_ios").asLong(),
        d.get("short_ios").asLong(),
        d.get("drop_ios").asLong(),
        latency(d.get("slat_ns")),
        latency(d.get("clat_ns")),
        latency(d.get("lat_ns")),
        rate(d, "bw_min", "bw_max", "bw_mean", "bw_dev", "bw_samples"),
        d.get("bw_agg").asDouble(),
        rate(d, "iops_min", "iops_max", "iops_mean", "iops_stddev", "iops_samples"));
  }

  private static RateSamples rate(
      JsonNode d, String min, String max, String mean, String dev, String samples) {
    return new RateSamples(
        d.get(min).asLong(),
        d.get(max).asLong(),
        d.get(mean).asDouble(),
        d.get(dev).asDouble(),
        d.get(samples).asLong());
  }

  static LatencyResult latency(JsonNode lat) {
    TreeMap<Double, Long> percentiles = new TreeMap<>();
    lat.path("percentile")
        .fields()
        .forEachRemaining(
            p -> percentiles.put(Double.parseDouble(p.getKey()), p.getValue().asLong()));
    TreeMap<Long, Long> bins = new TreeMap<>();
    lat.path("bins")
        .fields()
        .forEachRemaining(b -> bins.put(Long.parseLong(b.getKey()), b.getValue().asLong()));
    return new LatencyResult(
        lat.get("min").asLong(),
        lat.get("max").asLong(),
        lat.get("mean").asDouble(),
        lat.get("stddev").asDouble(),
        lat.get("N").asLong(),
        percentiles,
        bins);
  }

  private static Map<String, Double> doubles(JsonNode object) {
    Map<String, Double> map = new LinkedHashMap<>();
    object.fields().forEachRemaining(e -> map.put(e.getKey(), e.getValue().asDouble()));
    return map;
  }

  private static Map<String, String> strings(JsonNode object) {
    Map<String, String> map = new LinkedHashMap<>();
    object.fields().forEachRemaining(e -> map.put(e.getKey(), e.getValue().asText()));
    return map;
  }

  /**
   * The document without one member wherever it occurs, in fio's layout (every opening bracket ends
   * a line, every closing one starts a line), and without the comma it leaves dangling.
   */
  static String withoutMember(String json, String key) {
    List<String> lines = new ArrayList<>(json.lines().toList());
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).strip().startsWith("\"" + key + "\" : ")) {
        continue;
      }
      int end = i;
      String opening = lines.get(i).strip();
      if (opening.endsWith("{") || opening.endsWith("[")) {
        int depth = 1;
        while (depth > 0) {
          String line = lines.get(++end).strip();
          if (line.endsWith("{") || line.endsWith("[")) {
            depth++;
          }
          if (line.startsWith("}") || line.startsWith("]")) {
            depth--;
          }
        }
      }
      boolean wasLast = !lines.get(end).strip().endsWith(",");
      lines.subList(i, end + 1).clear();
      if (wasLast) {
        String previous = lines.get(i - 1);
        lines.set(i - 1, previous.substring(0, previous.length() - 1));
      }
      i--;
    }
    return String.join("\n", lines) + "\n";
  }
}
