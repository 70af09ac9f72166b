package io.fsbench.core.report.fio;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.fsbench.api.DirectionResult;
import io.fsbench.api.JobResult;
import io.fsbench.api.LatencyResult;
import io.fsbench.api.RateSamples;
import io.fsbench.api.RunResult;
import io.fsbench.api.SetupTimes;
import io.fsbench.api.SteadyState;
import io.fsbench.api.SteadyStateResult;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;
import java.util.Objects;

/**
 * Writes a {@link RunResult} as fio's {@code --output-format=json} or {@code json+}: fio 3.33's
 * keys, nesting, order and types, integers as integers and every float with six decimals as C's
 * {@code %f}, laid out as fio lays it out. fio's tools ({@code fio_jsonplus_clat2csv}, fio-plot,
 * dashboards) read it as they read fio's.
 *
 * <p>Where fsbench differs, on purpose:
 *
 * <ul>
 *   <li>{@code "fio version"} is {@code "fsbench-<version>"};
 *   <li>{@code "job options"} holds every effective option, not only those given explicitly;
 *   <li>{@code job_start} (fio 3.36+) is written after {@code groupid}; {@code eta} is always 0;
 *   <li>there is no {@code disk_util} (fio too omits it when it cannot resolve the device, as on
 *       Btrfs);
 *   <li>fsbench's own data is under extra keys that fio does not use: {@code "fsbench"} in each job
 *       (I/O mechanism, members, setup times) and at the top level (version, environment, volume).
 * </ul>
 *
 * <pre>{@code
 * new FioJsonWriter(FioJsonWriter.Format.JSON_PLUS, ZoneId.systemDefault()).write(run, writer);
 * }</pre>
 */
public final class FioJsonWriter {

  /** fio's two JSON formats. */
  public enum Format {
    /** {@code --output-format=json}. */
    JSON,
    /** {@code --output-format=json+}: adds each latency histogram as {@code "bins"}. */
    JSON_PLUS
  }

  private static final JsonFactory FACTORY = new JsonFactory();

  private final Format format;
  private final ZoneId zone;

  /**
   * @param format json or json+
   * @param zone the time zone of the {@code "time"} string (fio uses the local one)
   */
  public FioJsonWriter(Format format, ZoneId zone) {
    this.format = Objects.requireNonNull(format, "format");
    this.zone = Objects.requireNonNull(zone, "zone");
  }

  /** Writes {@code run} and a final newline to {@code out}, which stays open. */
  public void write(RunResult run, Writer out) throws IOException {
    try (JsonGenerator json = FACTORY.createGenerator(out)) {
      json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      json.setPrettyPrinter(new FioPrettyPrinter());
      writeRun(json, run);
    }
    out.write('\n');
    out.flush();
  }

  /** The document as a string. */
  public String toJson(RunResult run) {
    StringWriter out = new StringWriter();
    try {
      write(run, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return out.toString();
  }

  private void writeRun(JsonGenerator json, RunResult run) throws IOException {
    json.writeStartObject();
    json.writeStringField("fio version", run.versionString());
    json.writeNumberField("timestamp", run.timestampMs() / 1000);
    json.writeNumberField("timestamp_ms", run.timestampMs());
    json.writeStringField("time", Ctime.format(run.timestampMs(), zone));
    if (!run.parameters().isEmpty()) {
      writeStrings(json, "global options", run.parameters());
    }
    json.writeArrayFieldStart("jobs");
    for (JobResult job : run.jobs()) {
      writeJob(json, job);
    }
    json.writeEndArray();
    json.writeObjectFieldStart("fsbench");
    json.writeStringField("version", run.fsbenchVersion());
    writeStrings(json, "environment", run.environment().asMap());
    writeStrings(json, "volume", run.volume().asMap());
    json.writeEndObject();
    json.writeEndObject();
  }

  private void writeJob(JsonGenerator json, JobResult job) throws IOException {
    json.writeStartObject();
    json.writeStringField("jobname", job.jobname());
    json.writeNumberField("groupid", job.groupid());
    json.writeNumberField("job_start", job.jobStartMs());
    json.writeNumberField("error", job.error());
    json.writeNumberField("eta", 0);
    json.writeNumberField("elapsed", job.elapsedSec());
    if (!job.options().isEmpty()) {
      writeStrings(json, "job options", job.options());
    }
    for (Map.Entry<String, DirectionResult> direction : job.directions().entrySet()) {
      writeDirection(json, direction.getKey(), direction.getValue());
    }
    json.writeObjectFieldStart("sync");
    json.writeNumberField("total_ios", job.sync().totalIos());
    writeLatency(json, "lat_ns", job.sync().lat());
    json.writeEndObject();
    json.writeNumberField("job_runtime", job.jobRuntimeMs());
    writeFloat(json, "usr_cpu", job.cpu().usrCpu());
    writeFloat(json, "sys_cpu", job.cpu().sysCpu());
    json.writeNumberField("ctx", job.cpu().ctx());
    json.writeNumberField("majf", job.cpu().majf());
    json.writeNumberField("minf", job.cpu().minf());
    writePercentages(json, "iodepth_level", job.iodepthLevel());
    writePercentages(json, "iodepth_submit", job.iodepthSubmit());
    writePercentages(json, "iodepth_complete", job.iodepthComplete());
    writePercentages(json, "latency_ns", job.latencyNs());
    writePercentages(json, "latency_us", job.latencyUs());
    writePercentages(json, "latency_ms", job.latencyMs());
    if (job.errors().reported()) { // fio writes them for a job with continue_on_error only
      json.writeNumberField("total_err", job.errors().total());
      json.writeNumberField("first_error", job.errors().first());
    }
    // fio 3.33 writes these for every job: the depth its latency target settled on, or iodepth
    io.fsbench.api.LatencyProfile profile = job.latencyProfile();
    json.writeNumberField("latency_depth", profile.depth());
    json.writeNumberField("latency_target", profile.targetNs());
    writeFloat(json, "latency_percentile", profile.percentile());
    json.writeNumberField("latency_window", profile.windowUs());
    if (job.steadyState().setting().enabled()) {
      writeSteadyState(json, job.steadyState());
    }
    writeJobExtras(json, job);
    json.writeEndObject();
  }

  private void writeDirection(JsonGenerator json, String name, DirectionResult d)
      throws IOException {
    json.writeObjectFieldStart(name);
    json.writeNumberField("io_bytes", d.ioBytes());
    json.writeNumberField("io_kbytes", d.ioKbytes());
    json.writeNumberField("bw_bytes", d.bwBytes());
    json.writeNumberField("bw", d.bw());
    writeFloat(json, "iops", d.iops());
    json.writeNumberField("runtime", d.runtimeMs());
    json.writeNumberField("total_ios", d.totalIos());
    json.writeNumberField("short_ios", d.shortIos());
    json.writeNumberField("drop_ios", d.dropIos());
    writeLatency(json, "slat_ns", d.slat());
    writeLatency(json, "clat_ns", d.clat());
    writeLatency(json, "lat_ns", d.lat());
    if (!d.prios().isEmpty()) {
      json.writeArrayFieldStart("prios");
      for (io.fsbench.api.PriorityLatency p : d.prios()) {
        json.writeStartObject();
        json.writeNumberField("prioclass", p.ioClass());
        json.writeNumberField("prio", p.level());
        writeLatency(json, p.totalLatency() ? "lat_ns" : "clat_ns", p.latency());
        json.writeEndObject();
      }
      json.writeEndArray();
    }
    RateSamples bw = d.bwSamples();
    json.writeNumberField("bw_min", bw.min());
    json.writeNumberField("bw_max", bw.max());
    writeFloat(json, "bw_agg", d.bwAgg());
    writeFloat(json, "bw_mean", bw.mean());
    writeFloat(json, "bw_dev", bw.stddev());
    json.writeNumberField("bw_samples", bw.samples());
    RateSamples iops = d.iopsSamples();
    json.writeNumberField("iops_min", iops.min());
    json.writeNumberField("iops_max", iops.max());
    writeFloat(json, "iops_mean", iops.mean());
    writeFloat(json, "iops_stddev", iops.stddev());
    json.writeNumberField("iops_samples", iops.samples());
    json.writeEndObject();
  }

  private void writeLatency(JsonGenerator json, String name, LatencyResult lat) throws IOException {
    json.writeObjectFieldStart(name);
    json.writeNumberField("min", lat.min());
    json.writeNumberField("max", lat.max());
    writeFloat(json, "mean", lat.mean());
    writeFloat(json, "stddev", lat.stddev());
    json.writeNumberField("N", lat.n());
    if (!lat.percentiles().isEmpty()) {
      json.writeObjectFieldStart("percentile");
      for (Map.Entry<Double, Long> p : lat.percentiles().entrySet()) {
        json.writeNumberField(CFormat.fixed(p.getKey(), 6), p.getValue());
      }
      json.writeEndObject();
      // fio_jsonplus_clat2csv fails on an empty "bins", and fio never writes one
      if (format == Format.JSON_PLUS && !lat.bins().isEmpty()) {
        json.writeObjectFieldStart("bins");
        for (Map.Entry<Long, Long> bin : lat.bins().entrySet()) {
          json.writeNumberField(Long.toString(bin.getKey()), bin.getValue());
        }
        json.writeEndObject();
      }
    }
    json.writeEndObject();
  }

  /** fio's {@code steadystate} object: limit and criterion as C floats, bandwidth in bytes/s. */
  private static void writeSteadyState(JsonGenerator json, SteadyStateResult ss)
      throws IOException {
    SteadyState setting = ss.setting();
    String pct = setting.percent() ? "%" : "";
    json.writeObjectFieldStart("steadystate");
    json.writeStringField(
        "ss",
        setting.criterion().fioName() + ":" + CFormat.fixed((float) setting.limit(), 6) + pct);
    json.writeNumberField("duration", setting.samples());
    json.writeNumberField("attained", ss.attained() ? 1 : 0);
    json.writeStringField("criterion", CFormat.fixed((float) ss.criterion(), 6) + pct);
    writeFloat(json, "max_deviation", ss.maxDeviation());
    writeFloat(json, "slope", ss.slope());
    json.writeObjectFieldStart("data");
    json.writeNumberField("bw_mean", ss.bwMean());
    json.writeNumberField("iops_mean", ss.iopsMean());
    json.writeArrayFieldStart("iops");
    for (long v : ss.iops()) {
      json.writeNumber(v);
    }
    json.writeEndArray();
    json.writeArrayFieldStart("bw");
    for (long v : ss.bw()) {
      json.writeNumber(v);
    }
    json.writeEndArray();
    json.writeEndObject();
    json.writeEndObject();
  }

  private static void writeJobExtras(JsonGenerator json, JobResult job) throws IOException {
    json.writeObjectFieldStart("fsbench");
    json.writeStringField("io_mechanism", job.ioMechanism());
    json.writeNumberField("members", job.members());
    SetupTimes setup = job.setup();
    json.writeObjectFieldStart("setup");
    writeFloat(json, "layout_ms", millis(setup.layout()));
    writeFloat(json, "invalidate_ms", millis(setup.invalidate()));
    writeFloat(json, "drop_caches_ms", millis(setup.dropCaches()));
    json.writeEndObject();
    json.writeEndObject();
  }

  private static void writePercentages(JsonGenerator json, String name, Map<String, Double> values)
      throws IOException {
    json.writeObjectFieldStart(name);
    for (Map.Entry<String, Double> value : values.entrySet()) {
      writeFloat(json, value.getKey(), value.getValue());
    }
    json.writeEndObject();
  }

  private static void writeStrings(JsonGenerator json, String name, Map<String, String> values)
      throws IOException {
    json.writeObjectFieldStart(name);
    for (Map.Entry<String, String> value : values.entrySet()) {
      json.writeStringField(value.getKey(), value.getValue());
    }
    json.writeEndObject();
  }

  /** fio writes every double with {@code %f}. */
  private static void writeFloat(JsonGenerator json, String name, double value) throws IOException {
    json.writeFieldName(name);
    json.writeNumber(CFormat.fixed(value, 6));
  }

  private static double millis(Duration duration) {
    return duration.toNanos() / 1e6;
  }
}
