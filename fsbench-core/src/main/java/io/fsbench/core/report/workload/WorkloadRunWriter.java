package io.fsbench.core.report.workload;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fsbench.api.Metric;
import io.fsbench.api.RunResult;
import io.fsbench.api.VolumeInfo;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a {@link RunResult} of a workload other than block jobs as JSON or text. In JSON every
 * metric carries its unit both in its name ({@code transactions_per_sec}, {@code
 * create.files_per_sec}, {@code seconds}) and beside its value; keys are stable snake_case and a
 * number that could not be measured is {@code null}.
 *
 * <pre>{@code
 * {
 *   "format" : "fsbench-workload-run",
 *   "workload" : "postmark",
 *   "headline" : { "name" : "transactions_per_sec", "value" : 1234.5, "unit" : "transactions_per_sec" },
 *   "metrics" : { "transactions_per_sec" : { "value" : 1234.5, "unit" : "transactions_per_sec" }, ... },
 *   "tool" : { ... }   (where the family has its own structured report: filebench's flowops, ...)
 *   ...
 * }
 * }</pre>
 */
public final class WorkloadRunWriter {

  /** Raised when the layout changes incompatibly. */
  public static final int FORMAT_VERSION = 1;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private WorkloadRunWriter() {}

  /** The run as a JSON document with a final newline. */
  public static String json(RunResult run) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("format", "fsbench-workload-run");
    root.put("format_version", FORMAT_VERSION);
    root.put("fsbench_version", run.fsbenchVersion());
    root.put("timestamp_ms", run.timestampMs());
    root.put("time", Instant.ofEpochMilli(run.timestampMs()).toString());
    root.put("workload", run.workload());
    strings(root.putObject("parameters"), run.parameters());
    ObjectNode headline = root.putObject("headline");
    headline.put("name", run.result().headline().name());
    metric(headline, run.result().headline());
    ObjectNode metrics = root.putObject("metrics");
    for (Metric m : run.result().metrics()) {
      metric(metrics.putObject(m.name()), m);
    }
    run.result().toolCsv().ifPresent(csv -> root.put("tool_csv", csv));
    if (run.result().toolJson().isPresent()) {
      root.set("tool", tree(run.result().toolJson().get()));
    }
    strings(root.putObject("environment"), run.environment().asMap());
    strings(root.putObject("volume"), run.volume().asMap());
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    DefaultPrettyPrinter printer =
        new DefaultPrettyPrinter().withObjectIndenter(indenter).withArrayIndenter(indenter);
    try {
      return MAPPER.writer(printer).writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e); // a tree of strings and numbers always serialises
    }
  }

  /** One line per metric under a heading naming the workload and where it ran. */
  public static String text(RunResult run) {
    StringBuilder out = new StringBuilder();
    VolumeInfo volume = run.volume();
    out.append(run.workload())
        .append(": ")
        .append(volume.fileSystem())
        .append(volume.device().map(device -> " on " + device).orElse(""))
        .append(" (")
        .append(volume.mountOptions())
        .append("), fsbench ")
        .append(run.fsbenchVersion())
        .append('\n');
    if (run.result().toolText().isPresent()) {
      // The family's own tool's report (bonnie++'s, IOzone's table) is its text; the metrics are
      // in the JSON.
      return out.append(run.result().toolText().get()).toString();
    }
    int width = run.result().metrics().stream().mapToInt(m -> m.name().length()).max().orElse(0);
    for (Metric m : run.result().metrics()) {
      out.append(
          String.format(
              Locale.ROOT,
              "  %-" + width + "s  %14s %s%n",
              m.name(),
              number(m.value()),
              m.unit().symbol()));
    }
    return out.toString();
  }

  /**
   * The run as CSV: the family's own spreadsheet layout where it has one (IOzone's Excel report),
   * else one row per metric, {@code metric,value,unit}.
   */
  public static String csv(RunResult run) {
    if (run.result().toolCsv().isPresent()) {
      return run.result().toolCsv().get();
    }
    StringBuilder out = new StringBuilder("metric,value,unit\n");
    for (Metric m : run.result().metrics()) {
      out.append(m.name())
          .append(',')
          .append(number(m.value()))
          .append(',')
          .append(m.unit().key())
          .append('\n');
    }
    return out.toString();
  }

  private static JsonNode tree(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a workload's own JSON does not parse (a bug): " + e, e);
    }
  }

  private static void metric(ObjectNode node, Metric m) {
    if (Double.isFinite(m.value())) {
      node.put("value", m.value());
    } else {
      node.putNull("value");
    }
    node.put("unit", m.unit().key());
  }

  private static void strings(ObjectNode node, Map<String, String> map) {
    map.forEach(node::put);
  }

  private static String number(double value) {
    if (!Double.isFinite(value)) {
      return "-";
    }
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.3f", value);
  }
}
