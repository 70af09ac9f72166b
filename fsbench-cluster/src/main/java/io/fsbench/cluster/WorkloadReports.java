package io.fsbench.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fsbench.api.Metric;
import java.util.Locale;

/**
 * A cluster run of a workload other than block jobs written out: per phase each client's counts,
 * window and rates and the "All clients" line (counts summed, the union of the clients' windows,
 * rates over it), then the aggregate's other sums, then what is not aggregated, by name. JSON keeps
 * fio's client-mode frame ({@code client_stats}, an {@code "All clients"} entry, {@code
 * fsbench_cluster}) with each entry's metrics and phases.
 */
final class WorkloadReports {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private WorkloadReports() {}

  static String text(ClusterResult result) {
    StringBuilder out = new StringBuilder();
    ClusterReports.header(out, result);
    String row = "%-22s %-16s %10s %8s %10s %10s%n";
    out.append(
        String.format(
            Locale.ROOT, row, "client", "host", "offset ms", "rtt ms", "start ms", "run s"));
    for (ClientResult client : result.clients()) {
      out.append(
          String.format(
              Locale.ROOT,
              row,
              client.address(),
              client.hostname(),
              String.format(Locale.ROOT, "%+.3f", client.offsetMicros() / 1e3),
              String.format(Locale.ROOT, "%.3f", client.rttMicros() / 1e3),
              String.format(
                  Locale.ROOT, "%+.3f", (client.startedMicros() - result.startAtMicros()) / 1e3),
              String.format(
                  Locale.ROOT, "%.3f", (client.endMicros() - client.startMicros()) / 1e6)));
    }
    WorkloadTotals all = totals(result.aggregate().result());
    if (!all.phases().isEmpty()) {
      out.append(
          "\nper phase: counts added; start ms from the run's start in the controller's clock;"
              + " All clients' seconds are the union of the clients' windows, its rates the summed"
              + " counts over it\n");
      String phaseRow = "%-10s %-22s %12s %12s %14s %10s %10s %12s %10s%n";
      out.append(
          String.format(
              Locale.ROOT,
              phaseRow,
              "phase",
              "client",
              "files",
              "directories",
              "bytes",
              "start ms",
              "seconds",
              "files/s",
              "MiB/s"));
      for (int p = 0; p < all.phases().size(); p++) {
        for (ClientResult client : result.clients()) {
          PhaseTotals phase = totals(client.run().result()).phases().get(p);
          out.append(phase(phaseRow, phase, client.address(), result.startAtMicros()));
        }
        out.append(
            phase(
                phaseRow, all.phases().get(p), ClusterReports.ALL_CLIENTS, result.startAtMicros()));
      }
    }
    out.append("\nAll clients as one run:\n");
    for (Metric metric : all.metrics()) {
      out.append(
          String.format(
              Locale.ROOT,
              "  %-40s %16s %s%n",
              metric.name(),
              number(metric),
              metric.unit().symbol()));
    }
    if (!all.notAggregated().isEmpty()) {
      out.append(
          "not aggregated (latency percentiles come without histograms to merge, and are never"
              + " averaged; rates without their counts): "
              + String.join(", ", collapsed(all.notAggregated()))
              + "; each client's are in the JSON output\n");
    }
    return out.toString();
  }

  static String json(ClusterResult result) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("fsbench version", result.aggregate().versionString());
    root.put("timestamp_ms", result.aggregate().timestampMs());
    root.put("workload", result.aggregate().workload());
    ObjectNode parameters = root.putObject("parameters");
    result.aggregate().parameters().forEach(parameters::put);
    ArrayNode stats = root.putArray("client_stats");
    for (ClientResult client : result.clients()) {
      ObjectNode entry = entry(stats, totals(client.run().result()));
      ClusterReports.addClient(entry, client);
    }
    WorkloadTotals all = totals(result.aggregate().result());
    ObjectNode entry = entry(stats, all);
    entry.put("jobname", ClusterReports.ALL_CLIENTS);
    entry.put("hostname", "");
    entry.put("port", 0);
    ArrayNode left = entry.putArray("not_aggregated");
    all.notAggregated().forEach(left::add);
    ClusterReports.cluster(root.putObject("fsbench_cluster"), result);
    return ClusterReports.pretty(root);
  }

  private static ObjectNode entry(ArrayNode stats, WorkloadTotals totals) {
    ObjectNode entry = stats.addObject();
    entry.put("jobname", totals.workload());
    ObjectNode metrics = entry.putObject("metrics");
    for (Metric metric : totals.metrics()) {
      metrics.put(metric.name(), metric.value());
    }
    ArrayNode phases = entry.putArray("phases");
    for (PhaseTotals phase : totals.phases()) {
      ObjectNode p = phases.addObject();
      p.put("phase", phase.phase());
      p.put("files", phase.files());
      p.put("directories", phase.directories());
      p.put("bytes", phase.bytes());
      p.put("time_ns", phase.time().toNanos());
      p.put("started", phase.started().toString());
      p.put("ended", phase.ended().toString());
      p.put("span_ns", phase.span().toNanos());
      p.put("files_per_sec", phase.filesPerSec());
      p.put("bytes_per_sec", phase.bytesPerSec());
    }
    return entry;
  }

  private static String phase(String row, PhaseTotals phase, String who, long startAtMicros) {
    long startMicros =
        phase.started().getEpochSecond() * 1_000_000 + phase.started().getNano() / 1000;
    return String.format(
        Locale.ROOT,
        row,
        phase.phase(),
        who,
        phase.files(),
        phase.directories(),
        phase.bytes(),
        String.format(Locale.ROOT, "%+.3f", (startMicros - startAtMicros) / 1e3),
        String.format(Locale.ROOT, "%.3f", phase.seconds()),
        String.format(Locale.ROOT, "%.1f", phase.filesPerSec()),
        String.format(Locale.ROOT, "%.2f", phase.bytesPerSec() / (1 << 20)));
  }

  /** Each latency distribution once, as {@code create.open.lat.*}, the other names as they are. */
  private static java.util.Set<String> collapsed(java.util.List<String> names) {
    java.util.Set<String> out = new java.util.LinkedHashSet<>();
    for (String name : names) {
      int lat = name.indexOf(".lat.");
      out.add(lat < 0 ? name : name.substring(0, lat) + ".lat.*");
    }
    return out;
  }

  private static String number(Metric metric) {
    double v = metric.value();
    return v == Math.rint(v) && Math.abs(v) < 1e15
        ? String.format(Locale.ROOT, "%d", (long) v)
        : String.format(Locale.ROOT, "%.3f", v);
  }

  private static WorkloadTotals totals(io.fsbench.api.WorkloadResult result) {
    return (WorkloadTotals) result;
  }
}
