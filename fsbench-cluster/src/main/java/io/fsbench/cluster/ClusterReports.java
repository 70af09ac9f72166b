package io.fsbench.cluster;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fsbench.Reports;
import io.fsbench.api.DirectionResult;
import io.fsbench.api.JobResult;
import io.fsbench.api.RunResult;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A cluster run written out: as text (a table of the clients, the aggregate, the spread between
 * clients, then the aggregate in fio's own text), or as JSON in the shape of fio's client mode, so
 * that tools reading {@code fio --client} output read it: each client's jobs in {@code
 * client_stats} with its {@code hostname} and {@code port}, then one {@code "All clients"} entry
 * per job of the clients; and, under {@code fsbench_cluster}, the start, its skew and each client's
 * clock offset, which fio's format has no key for.
 *
 * <p>fio attaches the last client's hostname to its "All clients" entry; here it carries {@code
 * hostname} "" and {@code port} 0, since it is nobody's.
 */
public final class ClusterReports {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** The name of the aggregate's entries, as fio's client mode names them. */
  public static final String ALL_CLIENTS = "All clients";

  private ClusterReports() {}

  /** The clients, the aggregate and the spread as a table, then the aggregate as fio prints it. */
  public static String text(ClusterResult result) {
    if (!result.aggregate().isBlockRun()) {
      return WorkloadReports.text(result);
    }
    StringBuilder out = new StringBuilder();
    RunResult aggregate = result.aggregate();
    header(out, result);
    String row = "%-22s %-16s %10s %8s %10s %12s %12s %12s %12s%n";
    out.append(
        String.format(
            Locale.ROOT,
            row,
            "client",
            "host",
            "offset ms",
            "rtt ms",
            "start ms",
            "MiB/s",
            "IOPS",
            "clat p50 us",
            "clat p99 us"));
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
              mib(client.bandwidth()),
              iops(client.run(), client.endMicros() - client.startMicros()),
              percentile(client.run(), 50.0),
              percentile(client.run(), 99.0)));
    }
    long union = aggregateRuntimeMicros(aggregate);
    out.append(
        String.format(
            Locale.ROOT,
            row,
            ALL_CLIENTS,
            "",
            "",
            "",
            "",
            mib(union == 0 ? 0 : bytes(aggregate) * 1e6 / union),
            iops(aggregate, union),
            percentile(aggregate, 50.0),
            percentile(aggregate, 99.0)));
    result.stonewalled().ifPresent(wall -> out.append(stonewalled(wall)));
    out.append(spread(result.clients()));
    out.append(
        "\nAll clients as one run: bytes and I/Os added, runtime the union of the clients' I/O"
            + " windows, percentiles from the merged histograms:\n");
    out.append(Reports.format(aggregate, Reports.Format.TEXT));
    return out.toString();
  }

  /** What every cluster run's text starts with: what ran where, the start, its skew, the ends. */
  static void header(StringBuilder out, ClusterResult result) {
    RunResult aggregate = result.aggregate();
    out.append(
        String.format(
            Locale.ROOT,
            "fsbench cluster run of %s on %d client(s), cluster %s%n",
            aggregate.workload(),
            result.clients().size(),
            result.cluster()));
    out.append(
        String.format(
            Locale.ROOT,
            "synchronized start at %s (controller's clock); start skew across clients %.3f ms%n",
            Instant.ofEpochSecond(0, result.startAtMicros() * 1000),
            result.startSkew().toNanos() / 1e6));
    out.append(
        String.format(
            Locale.ROOT,
            "first client done %.3f s, last done %.3f s after the start; controller overhead"
                + " %.3f s%n%n",
            result.firstDone().toNanos() / 1e9,
            result.lastDone().toNanos() / 1e9,
            result.controllerOverhead().toNanos() / 1e9));
  }

  /**
   * fio's client-mode JSON: {@code client_stats} holds each client's jobs, then {@code "All
   * clients"}; with {@code histograms} each latency carries its bins (fio's json+).
   */
  public static String json(ClusterResult result, boolean histograms) {
    if (!result.aggregate().isBlockRun()) {
      return WorkloadReports.json(result);
    }
    Reports.Format format = histograms ? Reports.Format.JSON_PLUS : Reports.Format.JSON;
    ObjectNode aggregate = tree(Reports.format(result.aggregate(), format));
    ObjectNode root = MAPPER.createObjectNode();
    root.set("fio version", aggregate.get("fio version"));
    root.set("timestamp", aggregate.get("timestamp"));
    root.set("timestamp_ms", aggregate.get("timestamp_ms"));
    root.set("time", aggregate.get("time"));
    ArrayNode globals = root.putArray("global options");
    ArrayNode stats = root.putArray("client_stats");
    for (ClientResult client : result.clients()) {
      ObjectNode doc = tree(Reports.format(client.run(), format));
      if (doc.has("global options")) {
        ObjectNode global = ((ObjectNode) doc.get("global options")).deepCopy();
        addClient(global, client);
        globals.add(global);
      }
      for (JsonNode job : doc.path("jobs")) {
        ObjectNode entry = ((ObjectNode) job).deepCopy();
        addClient(entry, client);
        stats.add(entry);
      }
    }
    List<JobResult> jobs = result.aggregate().jobs();
    JsonNode all = aggregate.path("jobs");
    for (int i = 0; i < all.size(); i++) {
      ObjectNode entry = ((ObjectNode) all.get(i)).deepCopy();
      entry.put(
          "jobname", jobs.size() == 1 ? ALL_CLIENTS : ALL_CLIENTS + ": " + jobs.get(i).jobname());
      entry.put("hostname", "");
      entry.put("port", 0);
      stats.add(entry);
    }
    root.putArray("disk_util");
    cluster(root.putObject("fsbench_cluster"), result);
    return pretty(root);
  }

  /** A document as fio indents its JSON, with a final newline. */
  static String pretty(ObjectNode root) {
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    DefaultPrettyPrinter printer =
        new DefaultPrettyPrinter().withObjectIndenter(indenter).withArrayIndenter(indenter);
    try {
      return MAPPER.writer(printer).writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e); // a tree of strings and numbers always serialises
    }
  }

  /**
   * What fio's client mode has no key for, under a key of fsbench's own that fio's readers skip:
   * the synchronized start, the skew, first and last done, the controller's overhead, and each
   * client's clock offset, round trip and actual start.
   */
  static void cluster(ObjectNode out, ClusterResult result) {
    out.put("cluster", result.cluster());
    out.put("start_at_us", result.startAtMicros());
    out.put("start_skew_ms", result.startSkew().toNanos() / 1e6);
    out.put("first_done_s", result.firstDone().toNanos() / 1e9);
    out.put("last_done_s", result.lastDone().toNanos() / 1e9);
    out.put("controller_overhead_s", result.controllerOverhead().toNanos() / 1e9);
    result
        .stonewalled()
        .ifPresent(
            wall -> {
              ObjectNode s = out.putObject("stonewalled");
              s.put("io_bytes", wall.ioBytes());
              s.put("total_ios", wall.ios());
              s.put("runtime_us", wall.runtime().toNanos() / 1000);
              s.put("bw_bytes", Math.round(wall.bandwidth()));
              s.put("iops", wall.iops());
            });
    ArrayNode clients = out.putArray("clients");
    for (ClientResult client : result.clients()) {
      ObjectNode c = clients.addObject();
      c.put("address", client.address());
      c.put("hostname", client.hostname());
      c.put("offset_us", client.offsetMicros());
      c.put("rtt_us", client.rttMicros());
      c.put("started_us", client.startedMicros() - result.startAtMicros());
      c.put("io_start_us", client.startMicros() - result.startAtMicros());
      c.put("io_end_us", client.endMicros() - result.startAtMicros());
    }
  }

  static void addClient(ObjectNode entry, ClientResult client) {
    int colon = client.address().lastIndexOf(':');
    entry.put("hostname", colon < 0 ? client.address() : client.address().substring(0, colon));
    entry.put("port", colon < 0 ? 0 : Integer.parseInt(client.address().substring(colon + 1)));
  }

  private static ObjectNode tree(String json) {
    try {
      return (ObjectNode) MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e); // fsbench's own fio JSON always parses
    }
  }

  private static String stonewalled(Stonewalled wall) {
    return String.format(
        Locale.ROOT,
        "%-22s %-16s %10s %8s %10s %12s %12.0f   (%.2f MiB in %.3f s: every client up to the"
            + " first finish)%n",
        "Stonewalled",
        "",
        "",
        "",
        "",
        mib(wall.bandwidth()),
        wall.iops(),
        wall.ioBytes() / (double) (1 << 20),
        wall.runtime().toNanos() / 1e9);
  }

  private static String spread(List<ClientResult> clients) {
    double min = clients.stream().mapToDouble(ClientResult::bandwidth).min().orElse(0);
    double max = clients.stream().mapToDouble(ClientResult::bandwidth).max().orElse(0);
    double mean = clients.stream().mapToDouble(ClientResult::bandwidth).average().orElse(0);
    double variance =
        clients.stream().mapToDouble(c -> (c.bandwidth() - mean) * (c.bandwidth() - mean)).sum()
            / Math.max(1, clients.size() - 1);
    return String.format(
        Locale.ROOT,
        "spread between clients: bandwidth min %s, max %s, mean %s MiB/s; (max-min)/mean %.1f%%,"
            + " stddev/mean %.1f%%%n",
        mib(min).strip(),
        mib(max).strip(),
        mib(mean).strip(),
        mean == 0 ? 0 : (max - min) * 100 / mean,
        mean == 0 ? 0 : Math.sqrt(variance) * 100 / mean);
  }

  private static long aggregateRuntimeMicros(RunResult aggregate) {
    return aggregate.jobs().stream().mapToLong(JobResult::jobRuntimeMs).max().orElse(0) * 1000;
  }

  private static long bytes(RunResult run) {
    return run.jobs().stream()
        .mapToLong(j -> j.read().ioBytes() + j.write().ioBytes() + j.trim().ioBytes())
        .sum();
  }

  private static String mib(double bytesPerSecond) {
    return String.format(Locale.ROOT, "%.2f", bytesPerSecond / (1 << 20));
  }

  private static String iops(RunResult run, long micros) {
    long ios =
        run.jobs().stream()
            .mapToLong(j -> j.read().totalIos() + j.write().totalIos() + j.trim().totalIos())
            .sum();
    return String.format(Locale.ROOT, "%.0f", micros == 0 ? 0.0 : ios * 1e6 / micros);
  }

  /** The completion-latency percentile of the direction that did most I/Os, in µs; "-" if none. */
  private static String percentile(RunResult run, double percent) {
    return run.jobs().stream()
        .flatMap(j -> j.directions().values().stream())
        .filter(DirectionResult::hasIo)
        .max(Comparator.comparingLong(DirectionResult::totalIos))
        .flatMap(
            d ->
                d.clat().percentiles().containsKey(percent)
                    ? java.util.Optional.of(d.clat().percentiles().get(percent))
                    : java.util.Optional.<Long>empty())
        .map(ns -> String.format(Locale.ROOT, "%.1f", ns / 1e3))
        .orElse("-");
  }
}
