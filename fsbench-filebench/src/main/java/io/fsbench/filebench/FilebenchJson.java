package io.fsbench.filebench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;

/**
 * A {@link FilebenchResult} as one JSON object: everything the text report shows, as numbers at
 * full precision, in filebench's units where filebench prints them (ops/s, mb/s = 2^20 bytes per
 * second, ms/op) and nanoseconds for the latencies fsbench adds. Keys are stable snake_case.
 *
 * <pre>{@code
 * {
 *   "workload" : "varmail.f", "seed" : 1, "seconds" : 60.0,
 *   "flowops" : [ { "name" : "read3", "type" : "readwholefile", "ops" : 1234, "ops_per_sec" : ...,
 *                   "mb_per_sec" : ..., "ms_per_op" : ..., "min_ms" : ..., "max_ms" : ...,
 *                   "bytes" : ..., "latency_ns" : { "mean" : ..., "p50" : ..., "p99.9" : ... } } ],
 *   "io_summary" : { "ops" : ..., "ops_per_sec" : ..., "reads_per_sec" : ..., ... },
 *   "samples" : { "interval_ms" : 500, "ops_per_sec" : [ ... ], "min" : ..., ... },
 *   "cpu" : { "usr_percent" : ..., "sys_percent" : ..., "usr_seconds" : ..., ... },
 *   "dataset" : { "bytes" : ..., "ram_bytes" : ..., "ram_ratio" : 0.25, "warning" : "..." }
 * }
 * }</pre>
 */
final class FilebenchJson {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private FilebenchJson() {}

  static String json(FilebenchResult result) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("workload", result.workload());
    root.put("seed", result.seed());
    root.put("seconds", result.duration().toNanos() / 1e9);
    ArrayNode flowops = root.putArray("flowops");
    for (FilebenchResult.FlowopLine f : result.flowops()) {
      flowop(flowops.addObject(), f);
    }
    summary(root.putObject("io_summary"), result.summary());
    samples(root.putObject("samples"), result.samples());
    cpu(root.putObject("cpu"), result);
    dataset(root.putObject("dataset"), result.dataset());
    try {
      return MAPPER.writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e); // a tree of strings and numbers always serialises
    }
  }

  private static void flowop(ObjectNode node, FilebenchResult.FlowopLine f) {
    node.put("name", f.name());
    node.put("type", f.type());
    node.put("ops", f.ops());
    node.put("ops_per_sec", f.opsPerSec());
    node.put("mb_per_sec", f.mbPerSec());
    node.put("ms_per_op", f.meanNanos() / 1e6);
    node.put("min_ms", f.minNanos() / 1e6);
    node.put("max_ms", f.maxNanos() / 1e6);
    node.put("bytes", f.bytes());
    ObjectNode latency = node.putObject("latency_ns");
    latency.put("mean", f.meanNanos());
    latency.put("min", f.minNanos());
    latency.put("max", f.maxNanos());
    latency.put("p50", f.p50Nanos());
    latency.put("p95", f.p95Nanos());
    latency.put("p99", f.p99Nanos());
    latency.put("p99.9", f.p999Nanos());
  }

  private static void summary(ObjectNode node, FilebenchResult.IoSummary s) {
    node.put("ops", s.ops());
    node.put("ops_per_sec", s.opsPerSec());
    node.put("reads_per_sec", s.readsPerSec());
    node.put("writes_per_sec", s.writesPerSec());
    node.put("mb_per_sec", s.mbPerSec());
    node.put("ms_per_op", s.msPerOp());
  }

  private static void samples(ObjectNode node, FilebenchResult.OpsSamples s) {
    node.put("interval_ms", s.interval().toMillis());
    ArrayNode values = node.putArray("ops_per_sec");
    s.opsPerSec().forEach(values::add);
    node.put("count", s.opsPerSec().size());
    node.put("min", s.min());
    node.put("max", s.max());
    node.put("mean", s.mean());
    node.put("stddev", s.stddev());
  }

  private static void cpu(ObjectNode node, FilebenchResult result) {
    FilebenchResult.Cpu cpu = result.cpu();
    node.put("usr_percent", cpu.userPercent(result.duration()));
    node.put("sys_percent", cpu.systemPercent(result.duration()));
    node.put("usr_seconds", cpu.user().toNanos() / 1e9);
    node.put("sys_seconds", cpu.system().toNanos() / 1e9);
  }

  private static void dataset(ObjectNode node, FilebenchResult.Dataset d) {
    node.put("bytes", d.bytes());
    node.put("ram_bytes", d.ramBytes());
    if (d.ratio().isPresent()) {
      node.put("ram_ratio", d.ratio().getAsDouble());
    } else {
      node.putNull("ram_ratio"); // MemTotal unknown
    }
    node.put("enough_ratio", FilebenchResult.Dataset.ENOUGH);
    if (d.warning().isPresent()) {
      node.put("warning", d.warning().get());
    } else {
      node.putNull("warning");
    }
  }
}
