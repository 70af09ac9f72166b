package io.fsbench.core.report.fio;

import io.fsbench.api.DirectionResult;
import io.fsbench.api.JobResult;
import io.fsbench.api.LatencyResult;
import io.fsbench.api.RateSamples;
import io.fsbench.api.RunResult;
import io.fsbench.api.SteadyState;
import io.fsbench.api.SteadyStateResult;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Writes a {@link RunResult} as fio's human summary ({@code --output-format=normal}): per job the
 * IOPS/BW line, latencies in units scaled as fio scales them, percentiles, sampled bandwidth and
 * IOPS, the latency distribution, CPU and I/O depths; then one bandwidth line per direction and
 * group. Numbers are formatted as fio formats them and never depend on the default locale.
 *
 * <p>Over 400 lines: a port of fio's {@code show_thread_status_normal} and {@code
 * show_group_stats}, one method per block of fio's output in fio's order, kept in one class so that
 * it reads side by side with fio's source.
 *
 * <p>It leaves out what fio knows and fsbench does not: the pid, zone resets and disk stats.
 */
public final class FioTextWriter {

  private static final int SIG_FIGS = 4; // fio's significant_figures default
  private static final String[] LATENCY_NAMES = {"nsec", "usec", "msec"};

  private final ZoneId zone;

  /**
   * @param zone the time zone of the job lines' timestamps
   */
  public FioTextWriter(ZoneId zone) {
    this.zone = Objects.requireNonNull(zone, "zone");
  }

  public void write(RunResult run, Appendable out) throws IOException {
    out.append(toText(run));
  }

  public String toText(RunResult run) {
    StringBuilder out = new StringBuilder();
    out.append(run.versionString()).append('\n');
    for (JobResult job : run.jobs()) {
      writeJob(out, job, Ctime.format(run.timestampMs(), zone));
    }
    Map<Integer, List<JobResult>> groups = new TreeMap<>();
    run.jobs()
        .forEach(job -> groups.computeIfAbsent(job.groupid(), g -> new ArrayList<>()).add(job));
    groups.forEach((id, jobs) -> writeGroup(out, id, jobs));
    return out.toString();
  }

  private void writeJob(StringBuilder out, JobResult job, String time) {
    boolean anyIo = job.directions().values().stream().anyMatch(DirectionResult::hasIo);
    if (!anyIo) {
      return;
    }
    out.append('\n')
        .append(job.jobname())
        .append(": (groupid=")
        .append(job.groupid())
        .append(", jobs=")
        .append(job.members())
        .append("): err=")
        .append(CFormat.pad(job.error(), 2))
        .append(": ")
        .append(time)
        .append('\n');
    int precision = precision(job);
    job.directions()
        .forEach(
            (name, direction) -> {
              if (direction.ioBytes() > 0 && direction.runtimeMs() > 0) {
                writeDirection(out, name, direction, precision);
              }
            });
    writeLatencyDistribution(out, job);
    if (job.sync().lat().hasSamples()) {
      out.append("  fsync/fdatasync/sync_file_range:\n");
      writeLatency(out, "sync", job.sync().lat());
      writePercentiles(out, "sync", job.sync().lat(), precision);
    }
    out.append("  cpu          : usr=")
        .append(CFormat.fixed(job.cpu().usrCpu(), 3, 2))
        .append("%, sys=")
        .append(CFormat.fixed(job.cpu().sysCpu(), 3, 2))
        .append("%, ctx=")
        .append(job.cpu().ctx())
        .append(", majf=")
        .append(job.cpu().majf())
        .append(", minf=")
        .append(job.cpu().minf())
        .append('\n');
    writeDistribution(out, "  IO depths    : ", job.iodepthLevel());
    writeDistribution(out, "     submit    : ", job.iodepthSubmit());
    writeDistribution(out, "     complete  : ", job.iodepthComplete());
    out.append("     issued rwts: total=")
        .append(job.read().totalIos())
        .append(',')
        .append(job.write().totalIos())
        .append(',')
        .append(job.trim().totalIos())
        .append(',')
        .append(job.sync().totalIos())
        .append(" short=")
        .append(job.read().shortIos())
        .append(',')
        .append(job.write().shortIos())
        .append(',')
        .append(job.trim().shortIos())
        .append(",0 dropped=")
        .append(job.read().dropIos())
        .append(',')
        .append(job.write().dropIos())
        .append(',')
        .append(job.trim().dropIos())
        .append(",0\n");
    io.fsbench.api.LatencyProfile profile = job.latencyProfile();
    out.append(
        String.format(
            java.util.Locale.ROOT,
            "     latency   : target=%d, window=%d, percentile=%.2f%%, depth=%d\n",
            profile.targetNs(),
            profile.windowUs(),
            profile.percentile(),
            profile.depth()));
    if (job.steadyState().setting().enabled()) {
      writeSteadyState(out, job.steadyState());
    }
  }

  /** fio's {@code show_ss_normal}: the window's means and the last criterion. */
  private static void writeSteadyState(StringBuilder out, SteadyStateResult ss) {
    SteadyState setting = ss.setting();
    long bw = ss.bwMean() / 1024 * 1024; // fio scales the mean in whole KiB/s
    out.append("  steadystate  : attained=")
        .append(ss.attained() ? "yes" : "no")
        .append(", bw=")
        .append(Num2Str.format(bw, SIG_FIGS, true, "B/s"))
        .append(" (")
        .append(Num2Str.format(bw, SIG_FIGS, false, "B/s"))
        .append("), iops=")
        .append(Num2Str.format(ss.iopsMean(), SIG_FIGS, false, ""))
        .append(", ")
        .append(setting.criterion().judgesIops() ? "iops" : "bw")
        .append(setting.criterion().isSlope() ? " slope" : " mean dev")
        .append('=')
        .append(CFormat.fixed(ss.criterion(), 3))
        .append(setting.percent() ? "%" : "")
        .append('\n');
  }

  private void writeDirection(StringBuilder out, String name, DirectionResult d, int precision) {
    long iops = d.totalIos() * 1000 / d.runtimeMs(); // fio's integer IOPS for this line
    long bw = d.bwBytes();
    out.append("  ")
        .append(name)
        .append(": IOPS=")
        .append(Num2Str.format(iops, SIG_FIGS, false, ""))
        .append(", BW=")
        .append(Num2Str.format(bw, SIG_FIGS, true, "B/s"))
        .append(" (")
        .append(Num2Str.format(bw, SIG_FIGS, false, "B/s"))
        .append(")(")
        .append(Num2Str.format(d.ioBytes(), SIG_FIGS, true, "B"))
        .append('/')
        .append(d.runtimeMs())
        .append("msec)\n");
    writeLatency(out, "slat", d.slat());
    writeLatency(out, "clat", d.clat());
    writeLatency(out, " lat", d.lat());
    writePercentiles(out, "slat", d.slat(), precision);
    writePercentiles(out, "clat", d.clat(), precision);
    writePercentiles(out, "lat", d.lat(), precision);
    writeBandwidthSamples(out, d);
    RateSamples iopsSamples = d.iopsSamples();
    if (iopsSamples.samples() > 0) {
      out.append("   iops        : min=")
          .append(CFormat.pad(iopsSamples.min(), 5))
          .append(", max=")
          .append(CFormat.pad(iopsSamples.max(), 5))
          .append(", avg=")
          .append(CFormat.fixed(iopsSamples.mean(), 5, 2))
          .append(", stdev=")
          .append(CFormat.fixed(iopsSamples.stddev(), 5, 2))
          .append(", samples=")
          .append(iopsSamples.samples())
          .append('\n');
    }
  }

  /** fio's display_lat: ns, or us / ms when the values are large enough. */
  private static void writeLatency(StringBuilder out, String name, LatencyResult lat) {
    if (!lat.hasSamples()) {
      return;
    }
    long min = lat.min();
    long max = lat.max();
    double mean = lat.mean();
    double dev = lat.stddev();
    String unit = "(nsec)";
    if (min > 2_000_000 && max > 99_999_999 && dev > 1_000_000.0) {
      min /= 1_000_000;
      max /= 1_000_000;
      mean /= 1_000_000.0;
      dev /= 1_000_000.0;
      unit = "(msec)";
    } else if (min > 2000 && max > 99_999 && dev > 1000.0) {
      min /= 1000;
      max /= 1000;
      mean /= 1000.0;
      dev /= 1000.0;
      unit = "(usec)";
    }
    out.append("    ")
        .append(name)
        .append(' ')
        .append(unit)
        .append(": min=")
        .append(Num2Str.format(min, 6, false, ""))
        .append(", max=")
        .append(Num2Str.format(max, 6, false, ""))
        .append(", avg=")
        .append(CFormat.fixed(mean, 5, 2))
        .append(", stdev=")
        .append(CFormat.fixed(dev, 5, 2))
        .append('\n');
  }

  /** fio's show_clat_percentiles: one unit for the block, values rounded up into it. */
  private static void writePercentiles(
      StringBuilder out, String name, LatencyResult lat, int precision) {
    if (lat.percentiles().isEmpty()) {
      return;
    }
    long minValue = lat.percentiles().values().stream().mapToLong(Long::longValue).min().orElse(0);
    long maxValue = lat.percentiles().values().stream().mapToLong(Long::longValue).max().orElse(0);
    int scaleDowns;
    long divisor;
    String unit;
    if (minValue > 2_000_000 && maxValue > 99_999_999L) {
      scaleDowns = 2;
      divisor = 1_000_000;
      unit = "msec";
    } else if (minValue > 2000 && maxValue > 99_999) {
      scaleDowns = 1;
      divisor = 1000;
      unit = "usec";
    } else {
      scaleDowns = 0;
      divisor = 1;
      unit = "nsec";
    }
    long scaledMax = maxValue / divisor;
    int width = scaledMax == 0 ? 5 : Math.max(5, (int) (Math.log10(scaledMax) + 1));
    int perLine = (80 - 7) / (precision + 10 + width);
    out.append("    ").append(name).append(" percentiles (").append(unit).append("):\n     |");
    int j = 0;
    int count = lat.percentiles().size();
    for (Map.Entry<Double, Long> p : lat.percentiles().entrySet()) {
      if (j != 0 && j % perLine == 0) {
        out.append("     |");
      }
      long value = p.getValue();
      for (int i = 0; i < scaleDowns; i++) {
        value = (value + 999) / 1000;
      }
      boolean last = j == count - 1;
      out.append(' ')
          .append(CFormat.fixed(p.getKey(), precision + 3, precision))
          .append("th=[")
          .append(CFormat.pad(value, width))
          .append(']')
          .append(last ? '\n' : ',');
      if (!last && j % perLine == perLine - 1) {
        out.append('\n');
      }
      j++;
    }
  }

  private static void writeBandwidthSamples(StringBuilder out, DirectionResult d) {
    RateSamples bw = d.bwSamples();
    if (bw.samples() == 0) {
      return;
    }
    long min = bw.min();
    long max = bw.max();
    double mean = bw.mean();
    double dev = bw.stddev();
    String unit = "KiB";
    if (mean > 1024.0 * 1024.0) {
      min = (long) (min / 1024.0);
      max = (long) (max / 1024.0);
      mean /= 1024.0;
      dev /= 1024.0;
      unit = "MiB";
    }
    out.append("   bw (")
        .append(CFormat.pad(unit, 5))
        .append("/s): min=")
        .append(CFormat.pad(min, 5))
        .append(", max=")
        .append(CFormat.pad(max, 5))
        .append(", per=")
        .append(CFormat.fixed(d.bwAgg(), 3, 2))
        .append("%, avg=")
        .append(CFormat.fixed(mean, 5, 2))
        .append(", stdev=")
        .append(CFormat.fixed(dev, 5, 2))
        .append(", samples=")
        .append(bw.samples())
        .append('\n');
  }

  /** fio's show_lat: the non-empty latency buckets, five per line. */
  private static void writeLatencyDistribution(StringBuilder out, JobResult job) {
    List<Map<String, Double>> scales = List.of(job.latencyNs(), job.latencyUs(), job.latencyMs());
    for (int s = 0; s < scales.size(); s++) {
      int onLine = 0;
      boolean shown = false;
      for (Map.Entry<String, Double> bucket : scales.get(s).entrySet()) {
        if (bucket.getValue() <= 0.0) {
          continue;
        }
        if (onLine == 5) {
          out.append('\n');
          onLine = 0;
        }
        out.append(onLine == 0 ? "  lat (" + LATENCY_NAMES[s] + ")   : " : ", ")
            .append(bucket.getKey())
            .append('=')
            .append(CFormat.fixed(bucket.getValue(), 3, 2))
            .append('%');
        onLine++;
        shown = true;
      }
      if (shown) {
        out.append('\n');
      }
    }
  }

  private static void writeDistribution(StringBuilder out, String label, Map<String, Double> map) {
    out.append(label);
    boolean first = true;
    for (Map.Entry<String, Double> slot : map.entrySet()) {
      out.append(first ? "" : ", ")
          .append(slot.getKey())
          .append('=')
          .append(CFormat.fixed(slot.getValue(), 3, 1))
          .append('%');
      first = false;
    }
    out.append('\n');
  }

  /** fio's "Run status group" lines, from the jobs as reported (fio's group_run_stats). */
  private static void writeGroup(StringBuilder out, int id, List<JobResult> jobs) {
    out.append("\nRun status group ").append(id).append(" (all jobs):\n");
    String[] labels = {"   READ", "  WRITE", "   TRIM"};
    int i = 0;
    for (String direction : List.of("read", "write", "trim")) {
      String label = labels[i++];
      long minRun = Long.MAX_VALUE;
      long maxRun = 0;
      long minBw = Long.MAX_VALUE;
      long maxBw = 0;
      long bytes = 0;
      for (JobResult job : jobs) {
        DirectionResult d = job.directions().get(direction);
        if (d.runtimeMs() == 0) {
          continue;
        }
        minRun = Math.min(minRun, d.runtimeMs());
        maxRun = Math.max(maxRun, d.runtimeMs());
        minBw = Math.min(minBw, d.bwBytes());
        maxBw = Math.max(maxBw, d.bwBytes());
        bytes += d.ioBytes();
      }
      if (maxRun == 0) {
        continue;
      }
      long aggregate = bytes * 1000 / maxRun;
      out.append(label)
          .append(": bw=")
          .append(Num2Str.format(aggregate, SIG_FIGS, true, "B/s"))
          .append(" (")
          .append(Num2Str.format(aggregate, SIG_FIGS, false, "B/s"))
          .append("), ")
          .append(Num2Str.format(minBw, SIG_FIGS, true, "B/s"))
          .append('-')
          .append(Num2Str.format(maxBw, SIG_FIGS, true, "B/s"))
          .append(" (")
          .append(Num2Str.format(minBw, SIG_FIGS, false, "B/s"))
          .append('-')
          .append(Num2Str.format(maxBw, SIG_FIGS, false, "B/s"))
          .append("), io=")
          .append(Num2Str.format(bytes, SIG_FIGS, true, "B"))
          .append(" (")
          .append(Num2Str.format(bytes, SIG_FIGS, false, "B"))
          .append("), run=")
          .append(minRun)
          .append('-')
          .append(maxRun)
          .append("msec\n");
    }
  }

  /**
   * The decimals of the percentile labels: as many as the most precise percentile has (fio counts
   * them in the option as written; 99.95 gives 2).
   */
  private static int precision(JobResult job) {
    int precision = 0;
    List<LatencyResult> all = new ArrayList<>();
    job.directions().values().forEach(d -> all.addAll(List.of(d.slat(), d.clat(), d.lat())));
    all.add(job.sync().lat());
    for (LatencyResult lat : all) {
      for (double p : lat.percentiles().keySet()) {
        precision =
            Math.max(precision, Math.max(0, BigDecimal.valueOf(p).stripTrailingZeros().scale()));
      }
    }
    return precision;
  }
}
