package io.fsbench.api;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What one block I/O job measured, field for field what fio reports for a job (its JSON {@code
 * jobs[]} entry), plus what fsbench adds: the I/O mechanism and the setup times.
 *
 * <p>With group reporting one result stands for several clones ({@link #members()}), summed as fio
 * sums them: bytes and I/Os added, runtime the longest, latencies merged exactly, sampled rates
 * added.
 *
 * <pre>{@code
 * JobResult job = ...;
 * long bytesPerSec = job.write().bwBytes();
 * long p99 = job.write().clat().percentile(99.0).orElseThrow();
 * double headline = job.headline().value();
 * }</pre>
 *
 * @param jobname the job's name
 * @param groupid its reporting group (fio's stonewall groups, from 0)
 * @param members how many job clones this result sums (1 without group reporting)
 * @param jobStartMs when the job started, ms since the epoch (fio's {@code job_start})
 * @param error the errno the job failed with; 0 when it succeeded
 * @param elapsedSec seconds from the start of the run to the end of this job
 * @param options every effective option, including defaults, as strings in fio's spelling (fio
 *     itself records only the options given explicitly)
 * @param read reads
 * @param write writes
 * @param trim trims
 * @param sync fsync/fdatasync calls
 * @param jobRuntimeMs wall time from the job's start to its end, in ms (fio's {@code job_runtime})
 * @param cpu CPU used
 * @param ioDepth the I/O depth each clone ran with (fio's {@code latency_depth})
 * @param iodepthLevel % of I/Os issued at each depth; keys {@link #IODEPTH_LEVEL_KEYS}, key N
 *     covering depths N to 2N-1
 * @param iodepthSubmit % of submit calls by I/Os submitted at once; keys {@link
 *     #IODEPTH_SUBMIT_KEYS}, key N covering up to N
 * @param iodepthComplete % of reap calls by I/Os completed at once; keys as {@code iodepthSubmit}
 * @param latencyNs % of I/Os by completion latency under 1 us; keys {@link #LATENCY_NS_KEYS}, each
 *     the exclusive upper bound of its bucket in ns
 * @param latencyUs % of I/Os by completion latency from 1 us to 1 ms; keys as {@code latencyNs}, in
 *     us
 * @param latencyMs % of I/Os by completion latency from 1 ms; keys {@link #LATENCY_MS_KEYS}, in ms
 * @param ioMechanism how the I/O was done, e.g. {@code psync}, {@code io_uring}
 * @param setup the time spent preparing the job, outside its runtime
 * @param steadyState what its steady-state detection saw; {@link SteadyStateResult#NONE} when none
 *     ran
 * @param errors the I/O errors it counted (fio's {@code total_err}, {@code first_error})
 * @param latencyProfile what its latency target found (fio's {@code latency_depth} and the target's
 *     settings)
 */
public record JobResult(
    String jobname,
    int groupid,
    int members,
    long jobStartMs,
    int error,
    long elapsedSec,
    Map<String, String> options,
    DirectionResult read,
    DirectionResult write,
    DirectionResult trim,
    SyncResult sync,
    long jobRuntimeMs,
    CpuResult cpu,
    int ioDepth,
    Map<String, Double> iodepthLevel,
    Map<String, Double> iodepthSubmit,
    Map<String, Double> iodepthComplete,
    Map<String, Double> latencyNs,
    Map<String, Double> latencyUs,
    Map<String, Double> latencyMs,
    String ioMechanism,
    SetupTimes setup,
    SteadyStateResult steadyState,
    JobErrors errors,
    LatencyProfile latencyProfile)
    implements WorkloadResult {

  /**
   * The keys of {@link #options()} that say what a job did, in the order a one-line description
   * shows them (a failed expectation's message, a check's parameters).
   */
  public static final List<String> DESCRIBING_OPTIONS =
      List.of(
          "rw",
          "rwmixread",
          "bs",
          "size",
          "nrfiles",
          "ioengine",
          "iodepth",
          "direct",
          "numjobs",
          "fsync",
          "fdatasync",
          "time_based",
          "runtime");

  /** The keys of {@link #iodepthLevel()}, in fio's order. */
  public static final List<String> IODEPTH_LEVEL_KEYS =
      List.of("1", "2", "4", "8", "16", "32", ">=64");

  /** The keys of {@link #iodepthSubmit()} and {@link #iodepthComplete()}, in fio's order. */
  public static final List<String> IODEPTH_SUBMIT_KEYS =
      List.of("0", "4", "8", "16", "32", "64", ">=64");

  /** The keys of {@link #latencyNs()} and {@link #latencyUs()}, in fio's order. */
  public static final List<String> LATENCY_NS_KEYS =
      List.of("2", "4", "10", "20", "50", "100", "250", "500", "750", "1000");

  /** The keys of {@link #latencyMs()}, in fio's order. */
  public static final List<String> LATENCY_MS_KEYS =
      List.of("2", "4", "10", "20", "50", "100", "250", "500", "750", "1000", "2000", ">=2000");

  public JobResult {
    if (jobname == null || jobname.isBlank()) {
      throw new IllegalArgumentException("jobname (" + jobname + ") must not be blank");
    }
    if (groupid < 0 || members < 1 || error < 0 || ioDepth < 1) {
      throw new IllegalArgumentException(
          "job '"
              + jobname
              + "': groupid ("
              + groupid
              + ") and error ("
              + error
              + ") must be >= 0, members ("
              + members
              + ") and ioDepth ("
              + ioDepth
              + ") >= 1");
    }
    if (jobStartMs < 0 || elapsedSec < 0 || jobRuntimeMs < 0) {
      throw new IllegalArgumentException(
          "job '"
              + jobname
              + "': job_start ("
              + jobStartMs
              + "), elapsed ("
              + elapsedSec
              + ") and job_runtime ("
              + jobRuntimeMs
              + ") must not be negative");
    }
    options = copyOptions(options);
    Objects.requireNonNull(read, "read");
    Objects.requireNonNull(write, "write");
    Objects.requireNonNull(trim, "trim");
    Objects.requireNonNull(sync, "sync");
    Objects.requireNonNull(cpu, "cpu");
    Objects.requireNonNull(ioMechanism, "ioMechanism");
    Objects.requireNonNull(setup, "setup");
    Objects.requireNonNull(steadyState, "steadyState");
    Objects.requireNonNull(errors, "errors");
    Objects.requireNonNull(latencyProfile, "latencyProfile");
    iodepthLevel = percentages("iodepth_level", iodepthLevel, IODEPTH_LEVEL_KEYS);
    iodepthSubmit = percentages("iodepth_submit", iodepthSubmit, IODEPTH_SUBMIT_KEYS);
    iodepthComplete = percentages("iodepth_complete", iodepthComplete, IODEPTH_SUBMIT_KEYS);
    latencyNs = percentages("latency_ns", latencyNs, LATENCY_NS_KEYS);
    latencyUs = percentages("latency_us", latencyUs, LATENCY_NS_KEYS);
    latencyMs = percentages("latency_ms", latencyMs, LATENCY_MS_KEYS);
  }

  /**
   * A result of a job without steady-state detection, I/O errors or a latency target (its depth is
   * its {@code iodepth}).
   */
  public JobResult(
      String jobname,
      int groupid,
      int members,
      long jobStartMs,
      int error,
      long elapsedSec,
      Map<String, String> options,
      DirectionResult read,
      DirectionResult write,
      DirectionResult trim,
      SyncResult sync,
      long jobRuntimeMs,
      CpuResult cpu,
      int ioDepth,
      Map<String, Double> iodepthLevel,
      Map<String, Double> iodepthSubmit,
      Map<String, Double> iodepthComplete,
      Map<String, Double> latencyNs,
      Map<String, Double> latencyUs,
      Map<String, Double> latencyMs,
      String ioMechanism,
      SetupTimes setup) {
    this(
        jobname,
        groupid,
        members,
        jobStartMs,
        error,
        elapsedSec,
        options,
        read,
        write,
        trim,
        sync,
        jobRuntimeMs,
        cpu,
        ioDepth,
        iodepthLevel,
        iodepthSubmit,
        iodepthComplete,
        latencyNs,
        latencyUs,
        latencyMs,
        ioMechanism,
        setup,
        SteadyStateResult.NONE,
        JobErrors.NONE,
        LatencyProfile.untargeted(ioDepth));
  }

  /** All-zero percentages with the given keys, for a job that did no I/O. */
  public static Map<String, Double> zeros(List<String> keys) {
    Map<String, Double> zeros = new LinkedHashMap<>();
    keys.forEach(key -> zeros.put(key, 0.0));
    return Collections.unmodifiableMap(zeros);
  }

  @Override
  public String workload() {
    return jobname;
  }

  /** read, write and trim, in fio's order, with their names. */
  public Map<String, DirectionResult> directions() {
    Map<String, DirectionResult> directions = new LinkedHashMap<>();
    directions.put("read", read);
    directions.put("write", write);
    directions.put("trim", trim);
    return Collections.unmodifiableMap(directions);
  }

  /**
   * Every number as a metric: per direction that did I/O {@code <dir>.bw} (bytes/s), {@code
   * <dir>.iops}, {@code <dir>.io_bytes}, {@code <dir>.runtime}, and per latency measured {@code
   * <dir>.<clat|slat|lat>.{min,max,mean,stddev}} and one {@code .p<percentile>} each, the dot of
   * the percentile written as {@code _} ({@code write.clat.p99_9}); {@code sync.lat.*} when the job
   * synced; {@code total.bw} and {@code total.iops} when more than one direction did I/O; {@code
   * cpu.usr}, {@code cpu.sys}, {@code cpu.ctx}; and {@code setup.layout}, {@code setup.invalidate},
   * {@code setup.drop_caches} in seconds.
   */
  @Override
  public List<Metric> metrics() {
    List<Metric> metrics = new ArrayList<>();
    directions()
        .forEach(
            (name, direction) -> {
              if (direction.hasIo()) {
                addDirection(metrics, name, direction);
              }
            });
    if (sync.totalIos() > 0) {
      addLatency(metrics, "sync.lat", sync.lat());
    }
    if (directionsWithIo() > 1) {
      metrics.add(Metric.of("total.bw", totalBwBytes(), Unit.BYTES_PER_SEC));
      metrics.add(Metric.of("total.iops", totalIops(), Unit.IOPS));
    }
    metrics.add(Metric.of("cpu.usr", cpu.usrCpu(), Unit.PERCENT));
    metrics.add(Metric.of("cpu.sys", cpu.sysCpu(), Unit.PERCENT));
    metrics.add(Metric.of("cpu.ctx", cpu.ctx(), Unit.COUNT));
    metrics.add(Metric.of("setup.layout", seconds(setup.layout()), Unit.SECONDS));
    metrics.add(Metric.of("setup.invalidate", seconds(setup.invalidate()), Unit.SECONDS));
    metrics.add(Metric.of("setup.drop_caches", seconds(setup.dropCaches()), Unit.SECONDS));
    return List.copyOf(metrics);
  }

  /**
   * The bandwidth of the job in bytes/s: {@code write.bw} for a job that only wrote, {@code
   * read.bw} for one that only read (likewise trim), and {@code total.bw}, the sum over the
   * directions, for a mixed job. A job that did no I/O has {@code total.bw} = 0.
   */
  @Override
  public Metric headline() {
    if (directionsWithIo() == 1) {
      for (Map.Entry<String, DirectionResult> direction : directions().entrySet()) {
        if (direction.getValue().hasIo()) {
          return bw(direction.getKey(), direction.getValue());
        }
      }
    }
    return Metric.of("total.bw", totalBwBytes(), Unit.BYTES_PER_SEC);
  }

  /**
   * The metric name of a percentile: {@code 99.9} is {@code p99_9}, {@code 50.0} is {@code p50}.
   */
  public static String percentileName(double percent) {
    return "p" + BigDecimal.valueOf(percent).stripTrailingZeros().toPlainString().replace('.', '_');
  }

  private long directionsWithIo() {
    return directions().values().stream().filter(DirectionResult::hasIo).count();
  }

  private double totalBwBytes() {
    return (double) read.bwBytes() + write.bwBytes() + trim.bwBytes();
  }

  private double totalIops() {
    return read.iops() + write.iops() + trim.iops();
  }

  private static Metric bw(String name, DirectionResult direction) {
    return Metric.of(name + ".bw", direction.bwBytes(), Unit.BYTES_PER_SEC);
  }

  private static void addDirection(List<Metric> metrics, String name, DirectionResult direction) {
    metrics.add(bw(name, direction));
    metrics.add(Metric.of(name + ".iops", direction.iops(), Unit.IOPS));
    metrics.add(Metric.of(name + ".io_bytes", direction.ioBytes(), Unit.BYTES));
    metrics.add(Metric.of(name + ".runtime", direction.runtimeMs() / 1000.0, Unit.SECONDS));
    addLatency(metrics, name + ".slat", direction.slat());
    addLatency(metrics, name + ".clat", direction.clat());
    addLatency(metrics, name + ".lat", direction.lat());
  }

  private static void addLatency(List<Metric> metrics, String prefix, LatencyResult latency) {
    if (!latency.hasSamples()) {
      return;
    }
    metrics.add(Metric.of(prefix + ".min", latency.min(), Unit.NANOSECONDS));
    metrics.add(Metric.of(prefix + ".max", latency.max(), Unit.NANOSECONDS));
    metrics.add(Metric.of(prefix + ".mean", latency.mean(), Unit.NANOSECONDS));
    metrics.add(Metric.of(prefix + ".stddev", latency.stddev(), Unit.NANOSECONDS));
    latency
        .percentiles()
        .forEach(
            (percent, ns) ->
                metrics.add(
                    Metric.of(prefix + "." + percentileName(percent), ns, Unit.NANOSECONDS)));
  }

  private static double seconds(Duration duration) {
    return duration.toNanos() / 1e9;
  }

  private static Map<String, String> copyOptions(Map<String, String> options) {
    Objects.requireNonNull(options, "options");
    Map<String, String> copy = new LinkedHashMap<>();
    options.forEach(
        (name, value) -> {
          if (name == null || name.isEmpty() || value == null) {
            throw new IllegalArgumentException(
                "job option " + name + "=" + value + " needs a name and a value");
          }
          copy.put(name, value);
        });
    return Collections.unmodifiableMap(copy);
  }

  private static Map<String, Double> percentages(
      String name, Map<String, Double> values, List<String> keys) {
    Objects.requireNonNull(values, name);
    if (!values.keySet().equals(Set.copyOf(keys))) {
      throw new IllegalArgumentException(
          name + " has keys " + values.keySet() + "; fio's are exactly " + keys);
    }
    Map<String, Double> copy = new LinkedHashMap<>();
    for (String key : keys) {
      Double value = values.get(key);
      if (value == null || !(value >= 0) || value.isInfinite()) {
        throw new IllegalArgumentException(
            name + "[" + key + "] (" + value + ") must be a finite percentage >= 0");
      }
      copy.put(key, value);
    }
    return Collections.unmodifiableMap(copy);
  }
}
