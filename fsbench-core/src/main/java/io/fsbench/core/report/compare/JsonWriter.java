package io.fsbench.core.report.compare;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fsbench.api.AgingResult;
import io.fsbench.api.AgingSummary;
import io.fsbench.api.AppliedTuning;
import io.fsbench.api.BaselineRatio;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.ComparisonSettings;
import io.fsbench.api.Environment;
import io.fsbench.api.Feature;
import io.fsbench.api.Fragmentation;
import io.fsbench.api.Metric;
import io.fsbench.api.MetricSummary;
import io.fsbench.api.PluginInfo;
import io.fsbench.api.Repetition;
import io.fsbench.api.SkippedFileSystem;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The whole comparison as JSON: settings, environment, every cell with its runs, summaries and
 * baseline ratios (an aged cell also with how it was aged, under {@code aging}), skipped
 * filesystems, plugins and warnings. Key names are stable snake_case; a number whose unit is fixed
 * carries it in its name ({@code memory_bytes}, {@code duration_seconds}), a metric's number has a
 * {@code unit} beside it. Absent numbers are {@code null}. Instants are ISO-8601 in UTC. A run
 * whose result has a structure of its own (filebench's flowops, a cluster run's clients) has it
 * under its {@code tool}.
 */
public final class JsonWriter implements ComparisonWriter {

  /** Raised when the layout changes incompatibly. */
  public static final int FORMAT_VERSION = 1;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Override
  public void write(Comparison comparison, Appendable out) throws IOException {
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    DefaultPrettyPrinter printer =
        new DefaultPrettyPrinter().withObjectIndenter(indenter).withArrayIndenter(indenter);
    out.append(MAPPER.writer(printer).writeValueAsString(tree(comparison))).append('\n');
  }

  /** The comparison as a Jackson tree, for callers that embed it in their own JSON. */
  public static ObjectNode tree(Comparison c) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("format", "fsbench-comparison");
    root.put("format_version", FORMAT_VERSION);
    root.put("started", c.started().toString());
    root.put("finished", c.finished().toString());
    put(root, "duration_seconds", seconds(c.duration()));
    root.set("settings", settings(c.settings()));
    root.set("environment", environment(c.environment()));
    ArrayNode cells = root.putArray("cells");
    c.cells().forEach(cell -> cells.add(cell(cell)));
    ArrayNode skipped = root.putArray("skipped");
    for (SkippedFileSystem s : c.skipped()) {
      ObjectNode node = skipped.addObject();
      node.put("filesystem", s.fileSystem());
      node.put("reason", s.reason());
      node.put("hint", s.hint());
    }
    ArrayNode plugins = root.putArray("plugins");
    c.plugins().forEach(p -> plugins.add(plugin(p)));
    ArrayNode warnings = root.putArray("warnings");
    c.warnings().forEach(warnings::add);
    return root;
  }

  private static ObjectNode settings(ComparisonSettings s) {
    ObjectNode node = MAPPER.createObjectNode();
    ObjectNode repetitions = node.putObject("repetitions");
    repetitions.put("minimum", s.repetitions().minimum());
    repetitions.put("maximum", s.repetitions().maximum());
    put(repetitions, "ci_half_width_target_percent", s.repetitions().ciHalfWidthPercent());
    node.put("cache", key(s.cache()));
    node.put("cache_description", s.cache().label());
    node.put("volumes", key(s.volumes()));
    put(node, "runtime_seconds", seconds(s.runtime()));
    ObjectNode target = node.putObject("target");
    if (s.target() instanceof Target.Loop loop) {
      target.put("kind", "loop");
      target.put("image_size_bytes", loop.size().bytes());
    } else if (s.target() instanceof Target.BlockDevice device) {
      target.put("kind", "device");
      target.put("path", device.path().toString());
    } else {
      target.put("kind", "directory");
      target.put("path", ((Target.Directory) s.target()).path().toString());
    }
    if (s.hasBaseline()) {
      node.put("baseline", s.baseline());
    } else {
      node.putNull("baseline");
    }
    s.preset()
        .ifPresent(
            p -> {
              ObjectNode preset = node.putObject("preset");
              preset.put("name", p.name());
              preset.put("description", p.description());
              p.scaling().forEach(preset.putArray("scaling")::add);
              ObjectNode rows = preset.putObject("rows");
              p.rows().forEach(rows::put);
            });
    return node;
  }

  private static ObjectNode environment(Environment e) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("kernel", e.kernel());
    node.put("cpu_model", e.cpuModel());
    node.put("cpu_count", e.cpuCount());
    node.put("memory_bytes", e.memoryBytes());
    node.put("fsbench_version", e.fsbenchVersion());
    strings(node.putObject("tool_versions"), e.toolVersions());
    node.put("hostname", e.hostname());
    node.put("date", e.date().toString());
    return node;
  }

  private static ObjectNode cell(ComparisonCell cell) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("workload", cell.workload());
    node.put("filesystem", cell.fileSystem());
    node.set("tuning", tuning(cell.tuning()));
    strings(node.putObject("parameters"), cell.parameters());
    if (cell.applied().isPresent()) {
      node.set("applied", applied(cell.applied().get()));
    } else {
      node.putNull("applied");
    }
    if (cell.failed()) {
      node.put("failure", cell.failure());
    } else {
      node.putNull("failure");
    }
    node.put("headline_metric", cell.headlineMetric().orElse(null));
    ArrayNode rows = node.putArray("row_metrics"); // a table row each in the other reports
    cell.headlineMetrics().forEach(rows::add);
    // the results tables add one of the layout score where the cell has it (WorkloadTable)
    if (cell.summary(AgedVolumes.LAYOUT).isPresent()
        && !cell.headlineMetrics().contains(AgedVolumes.LAYOUT)) {
      rows.add(AgedVolumes.LAYOUT);
    }
    ArrayNode runs = node.putArray("repetitions");
    cell.repetitions().forEach(r -> runs.add(repetition(r)));
    ObjectNode summaries = node.putObject("summaries");
    cell.summaries().forEach((name, s) -> summaries.set(name, summary(s)));
    ObjectNode ratios = node.putObject("baseline_ratios");
    cell.baselineRatios().forEach((name, r) -> ratios.set(name, ratio(r)));
    cell.aging().ifPresent(a -> node.set("aging", aging(a)));
    return node;
  }

  /** How an aged cell's volume was aged; only aged cells have the key. */
  private static ObjectNode aging(AgingSummary a) {
    ObjectNode node = MAPPER.createObjectNode();
    AgingResult r = a.result();
    node.put("profile", a.profile());
    put(node, "duration_seconds", seconds(a.took()));
    put(node, "aging_seconds", r.seconds());
    put(node, "fill_seconds", seconds(r.fillTime()));
    node.put("bytes_written", r.bytesWritten());
    node.put("files_created", r.created());
    node.put("files_deleted", r.deleted());
    node.put("files_replaced", r.modified());
    node.put("files_renamed", r.renamed());
    node.put("files", r.liveFiles());
    put(node, "fullness", r.fullness());
    put(node, "size_distance", r.sizeDistance());
    put(node, "depth_distance", r.depthDistance());
    put(node, "age_distance", r.ageDistance());
    node.put("converged", r.converged());
    node.put("stop_reason", r.stopReason());
    node.set("fragmentation_before", a.before().map(JsonWriter::fragmentation).orElse(null));
    node.set("fragmentation_after", a.after().map(JsonWriter::fragmentation).orElse(null));
    return node;
  }

  private static ObjectNode fragmentation(Fragmentation f) {
    ObjectNode node = MAPPER.createObjectNode();
    ArrayNode commands = node.putArray("commands");
    f.commands().forEach(commands::add);
    if (f.freeExtents().isPresent()) {
      node.put("free_extents", f.freeExtents().getAsLong());
    } else {
      node.putNull("free_extents");
    }
    if (f.largestFreeExtent().isPresent()) {
      node.put("largest_free_extent_bytes", f.largestFreeExtent().getAsLong());
    } else {
      node.putNull("largest_free_extent_bytes");
    }
    put(node, "small_free_extent_share", f.smallFreeExtentShare().orElse(Double.NaN));
    strings(node.putObject("details"), f.details());
    node.put("summary", f.summary());
    return node;
  }

  private static ObjectNode tuning(Tuning tuning) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("label", tuning.label());
    strings(node.putObject("settings"), tuning.asMap());
    return node;
  }

  private static ObjectNode applied(AppliedTuning a) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("filesystem_type", a.fileSystemType());
    node.put("mount_options", a.mountOptions());
    ArrayNode mkfs = node.putArray("mkfs_commands");
    a.mkfsCommand().forEach(mkfs::add);
    strings(node.putObject("properties"), a.properties());
    node.set("read_back", tuning(a.readBack()));
    return node;
  }

  private static ObjectNode repetition(Repetition r) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("index", r.index());
    node.put("warm_up", r.warmUp());
    node.put("start", r.start().toString());
    put(node, "duration_seconds", seconds(r.duration()));
    node.put("headline_metric", r.result().headline().name());
    ArrayNode metrics = node.putArray("metrics");
    for (Metric m : r.result().metrics()) {
      ObjectNode metric = metrics.addObject();
      metric.put("name", m.name());
      put(metric, "value", m.value());
      metric.put("unit", m.unit().key());
    }
    // a run's own structure (filebench's flowops; a cluster run's clients), as a single run's
    // JSON has it
    r.result().toolJson().ifPresent(json -> node.set("tool", toolTree(json)));
    return node;
  }

  private static com.fasterxml.jackson.databind.JsonNode toolTree(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a run's own JSON does not parse (a bug): " + e, e);
    }
  }

  private static ObjectNode summary(MetricSummary s) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("unit", s.unit().key());
    node.put("higher_is_better", s.unit().higherIsBetter());
    node.put("n", s.n());
    put(node, "median", s.median());
    put(node, "mean", s.mean());
    put(node, "stddev", s.stddev());
    put(node, "ci95_low", s.ciLow());
    put(node, "ci95_high", s.ciHigh());
    put(node, "cv", s.cv());
    return node;
  }

  private static ObjectNode ratio(BaselineRatio r) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("baseline_filesystem", r.baselineFileSystem());
    node.put("baseline_tuning", r.baselineTuning());
    put(node, "ratio", r.ratio());
    put(node, "ci95_low", r.ciLow());
    put(node, "ci95_high", r.ciHigh());
    node.put("distinguishable", r.distinguishable());
    node.put("single_run", r.singleRun());
    return node;
  }

  private static ObjectNode plugin(PluginInfo p) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("id", p.id());
    node.put("description", p.description());
    node.put("available", p.availability().isAvailable());
    node.put("reason", p.availability().reason());
    node.put("hint", p.availability().hint());
    ArrayNode features = node.putArray("features");
    for (Feature f : Feature.values()) {
      if (p.features().contains(f)) {
        features.add(key(f));
      }
    }
    node.put("max_file_size_bytes", p.maxFileSize().bytes());
    strings(node.putObject("tool_versions"), p.toolVersions());
    return node;
  }

  private static void strings(ObjectNode node, Map<String, String> map) {
    new TreeMap<>(map).forEach(node::put);
  }

  private static void put(ObjectNode node, String key, double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      node.putNull(key);
    } else {
      node.put(key, value);
    }
  }

  private static double seconds(Duration d) {
    return d.toNanos() / 1e9;
  }

  private static String key(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }
}
