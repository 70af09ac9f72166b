package io.fsbench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fsbench.Reports;
import io.fsbench.Session;
import io.fsbench.api.DirectionResult;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobResult;
import io.fsbench.api.RunResult;
import io.fsbench.core.jobfile.JobOptionParser;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Option;

/**
 * {@code --status-interval T} of {@code run} and {@code fio}: reports while the jobs run. In fio's
 * form, each report is cumulative from the jobs' start: with json or json+ a whole fio document
 * before the final one, where the result goes (so stdout is a stream of documents, as fio writes
 * it: {@code jq} reads it as one), with text one line per job on stderr. {@code --status-format
 * ndjson} is fsbench's own stream instead: one JSON object per job and interval on stdout, with
 * what that interval alone did (bytes, I/Os, IOPS, bandwidth, clat percentiles of its completions);
 * the final result then goes to {@code --output FILE}.
 */
final class StatusOptions {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Option(
      names = "--status-interval",
      paramLabel = "T",
      description =
          "Report every T (e.g. 1s) while the jobs run, cumulative as fio's --status-interval:"
              + " json/json+ a fio document each before the final one, text a line per job on"
              + " stderr.")
  String interval;

  @Option(
      names = "--status-format",
      paramLabel = "FORMAT",
      description =
          "fio (default) as above, or ndjson: one JSON line per job and interval on stdout with"
              + " that interval's own bytes, IOPS and clat percentiles (the result goes to"
              + " --output FILE).")
  String format;

  private final List<JobResult> previous = new ArrayList<>();
  private long startNanos;

  /** Refuses bad values and combinations before anything runs. */
  void check(OutputOptions output) {
    if (interval == null) {
      if (format != null) {
        throw new InvalidInputException(
            "--status-format " + format + " needs --status-interval T, e.g. 1s");
      }
      return;
    }
    Duration every = every();
    if (every.isZero()) {
      throw new InvalidInputException(
          "--status-interval (" + interval + ") must be positive, e.g. 1s");
    }
    if (ndjson() && output.file == null) {
      throw new InvalidInputException(
          "--status-format ndjson writes its stream to stdout; give --output FILE for the final"
              + " result");
    }
  }

  private Duration every() {
    return JobOptionParser.time("--status-interval", interval);
  }

  private boolean ndjson() {
    String f = format == null ? "fio" : format.strip().toLowerCase(Locale.ROOT);
    return switch (f) {
      case "fio" -> false;
      case "ndjson" -> true;
      default ->
          throw new InvalidInputException("--status-format (" + format + ") must be fio or ndjson");
    };
  }

  /** Reports to {@code out} (json, ndjson) or {@code err} (text) while the session's jobs run. */
  void attach(Session session, OutputOptions output, PrintWriter out, PrintWriter err) {
    if (interval == null) {
      return;
    }
    startNanos = System.nanoTime();
    boolean ndjson = ndjson();
    boolean text = output.format() == Reports.Format.TEXT;
    session.status(
        every(),
        soFar -> {
          if (ndjson) {
            intervals(soFar, out);
          } else if (text) {
            cumulative(soFar, err);
          } else {
            output.writeInterim(soFar, out);
          }
        });
  }

  /** After the run: the ndjson stream's last interval, up to the final result. */
  void finish(RunResult result, PrintWriter out) {
    if (interval != null && ndjson()) {
      intervals(result, out);
    }
  }

  private void cumulative(RunResult soFar, PrintWriter err) {
    StringBuilder line = new StringBuilder();
    for (JobResult job : soFar.jobs()) {
      line.setLength(0);
      line.append("fsbench: status ").append(elapsedMs() / 1000.0).append("s ");
      line.append(job.jobname()).append(':');
      job.directions()
          .forEach(
              (name, d) -> {
                if (d.hasIo()) {
                  line.append(' ')
                      .append(name)
                      .append(String.format(Locale.ROOT, " %.0f IOPS", d.iops()))
                      .append(' ')
                      .append(d.bwBytes())
                      .append(" B/s ")
                      .append(d.ioBytes())
                      .append(" B");
                }
              });
      synchronized (err) {
        err.println(line);
        err.flush();
      }
    }
  }

  private synchronized void intervals(RunResult soFar, PrintWriter out) {
    List<JobResult> jobs = soFar.jobs();
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < jobs.size(); i++) {
      JobResult now = jobs.get(i);
      JobResult before = i < previous.size() ? previous.get(i) : null;
      ObjectNode line = JSON.createObjectNode();
      line.put("time_ms", elapsedMs());
      line.put("jobname", now.jobname());
      line.put("groupid", now.groupid());
      line.set("read", direction(now.read(), before == null ? null : before.read()));
      line.set("write", direction(now.write(), before == null ? null : before.write()));
      lines.append(line).append('\n');
    }
    previous.clear();
    previous.addAll(jobs);
    synchronized (out) {
      out.print(lines);
      out.flush();
    }
  }

  /** What one direction did between two cumulative reports. */
  private static ObjectNode direction(DirectionResult now, DirectionResult before) {
    long bytes = now.ioBytes() - (before == null ? 0 : before.ioBytes());
    long ios = now.totalIos() - (before == null ? 0 : before.totalIos());
    long ms = now.runtimeMs() - (before == null ? 0 : before.runtimeMs());
    ObjectNode d = JSON.createObjectNode();
    d.put("io_bytes", bytes);
    d.put("total_ios", ios);
    d.put("runtime_ms", ms);
    d.put("bw_bytes", ms > 0 ? bytes * 1000 / ms : 0);
    d.put("iops", ms > 0 ? ios * 1000.0 / ms : 0.0);
    Map<Long, Long> bins = new TreeMap<>(now.clat().bins());
    if (before != null) {
      before.clat().bins().forEach((bin, count) -> bins.merge(bin, -count, Long::sum));
    }
    long n = bins.values().stream().mapToLong(Long::longValue).sum();
    ObjectNode clat = d.putObject("clat_ns");
    clat.put("N", n);
    ObjectNode percentiles = clat.putObject("percentile");
    for (double p : now.clat().percentiles().keySet()) {
      percentiles.put(String.format(Locale.ROOT, "%f", p), percentile(bins, n, p));
    }
    return d;
  }

  /** fio's rule: the first bucket whose running count reaches p% of all; 0 without samples. */
  private static long percentile(Map<Long, Long> bins, long n, double p) {
    double wanted = p / 100.0 * n;
    long running = 0;
    for (Map.Entry<Long, Long> bin : bins.entrySet()) {
      running += bin.getValue();
      if (running > 0 && running >= wanted) {
        return bin.getKey();
      }
    }
    return 0;
  }

  private long elapsedMs() {
    return (System.nanoTime() - startNanos) / 1_000_000L;
  }
}
