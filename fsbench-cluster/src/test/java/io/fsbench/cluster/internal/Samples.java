package io.fsbench.cluster.internal;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.CpuResult;
import io.fsbench.api.DirectionResult;
import io.fsbench.api.Environment;
import io.fsbench.api.JobResult;
import io.fsbench.api.LatencyResult;
import io.fsbench.api.RateSamples;
import io.fsbench.api.RunResult;
import io.fsbench.api.SetupTimes;
import io.fsbench.api.SyncResult;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.VolumeInfo;
import io.fsbench.cluster.ClientResult;
import io.fsbench.core.stats.LatencyHistogram;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Results as a client would send them, from latencies recorded into fio's histogram. */
final class Samples {

  static final List<Double> PERCENTS = List.of(50.0, 90.0, 99.0, 99.9);

  private Samples() {}

  /** A latency of these samples, with fio's percentiles and bins. */
  static LatencyResult latency(long... ns) {
    LatencyHistogram histogram = new LatencyHistogram();
    long min = Long.MAX_VALUE;
    long max = 0;
    double sum = 0;
    for (long v : ns) {
      histogram.record(v);
      min = Math.min(min, v);
      max = Math.max(max, v);
      sum += v;
    }
    double mean = sum / ns.length;
    double squares = 0;
    for (long v : ns) {
      squares += (v - mean) * (v - mean);
    }
    double stddev = ns.length < 2 ? 0 : Math.sqrt(squares / (ns.length - 1));
    return LatencyResult.of(
        min, max, mean, stddev, ns.length, histogram.percentiles(PERCENTS), histogram.bins());
  }

  static JobResult writeJob(long bytes, long runtimeMs, LatencyResult clat) {
    DirectionResult write =
        new DirectionResult(
            bytes,
            runtimeMs,
            clat.n(),
            0,
            0,
            LatencyResult.NONE,
            clat,
            clat,
            new RateSamples(100, 200, 150, 10, 4),
            100,
            new RateSamples(25, 50, 37.5, 2, 4));
    return new JobResult(
        "randwrite",
        0,
        1,
        1_000_000,
        0,
        runtimeMs / 1000,
        Map.of("rw", "randwrite", "bs", "4k"),
        DirectionResult.NONE,
        write,
        DirectionResult.NONE,
        SyncResult.NONE,
        runtimeMs,
        new CpuResult(10, 20, 100, 0, 5),
        1,
        JobResult.zeros(JobResult.IODEPTH_LEVEL_KEYS),
        JobResult.zeros(JobResult.IODEPTH_SUBMIT_KEYS),
        JobResult.zeros(JobResult.IODEPTH_SUBMIT_KEYS),
        JobResult.zeros(JobResult.LATENCY_NS_KEYS),
        JobResult.zeros(JobResult.LATENCY_NS_KEYS),
        JobResult.zeros(JobResult.LATENCY_MS_KEYS),
        "psync",
        new SetupTimes(Duration.ofMillis(12), Duration.ofNanos(345), Duration.ZERO));
  }

  static RunResult run(JobResult job) {
    Environment env =
        new Environment("6.1.0", "cpu", 2, 1 << 30, "0.1.0", Map.of(), "host", Instant.EPOCH);
    Path dir = Path.of("/mnt/shared/x");
    VolumeInfo volume =
        new VolumeInfo(
            "dir",
            Target.directory(dir),
            Optional.empty(),
            dir,
            Tuning.defaults(),
            new AppliedTuning("nfs", "rw", List.of(), Map.of(), Tuning.defaults()),
            Duration.ZERO,
            Duration.ZERO);
    return RunResult.ofJobs("0.1.0", 1_000, "randwrite", Map.of(), List.of(job), env, volume);
  }

  static ClientResult client(String address, JobResult job, long startMicros, long endMicros) {
    return new ClientResult(address, "host", run(job), startMicros, endMicros, startMicros, 0, 100);
  }

  /** {@code job} as if it had started at {@code startMs} and run {@code runtimeMs}. */
  static JobResult at(JobResult job, long startMs, long runtimeMs) throws Exception {
    var components = JobResult.class.getRecordComponents();
    Object[] values = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
      values[i] =
          switch (components[i].getName()) {
            case "jobStartMs" -> startMs;
            case "jobRuntimeMs" -> runtimeMs;
            default -> components[i].getAccessor().invoke(job);
          };
    }
    return JobResult.class.getDeclaredConstructor(types).newInstance(values);
  }

  /** A client that ran {@code jobs} one after the other, its window theirs, no clock offset. */
  static ClientResult client(String address, List<JobResult> jobs) {
    RunResult one = run(jobs.get(0));
    RunResult run =
        RunResult.ofJobs(
            "0.1.0", 1_000, "two.fio", Map.of(), jobs, one.environment(), one.volume());
    long start = jobs.stream().mapToLong(JobResult::jobStartMs).min().orElseThrow() * 1000;
    long end =
        jobs.stream().mapToLong(j -> j.jobStartMs() + j.jobRuntimeMs()).max().orElseThrow() * 1000;
    return new ClientResult(address, "host", run, start, end, start, 0, 100);
  }
}
