package io.fsbench.core.report.fio;

import io.fsbench.RunFixtures;
import io.fsbench.api.CpuResult;
import io.fsbench.api.DirectionResult;
import io.fsbench.api.JobResult;
import io.fsbench.api.LatencyResult;
import io.fsbench.api.RateSamples;
import io.fsbench.api.RunResult;
import io.fsbench.api.SetupTimes;
import io.fsbench.api.SyncResult;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A run with known numbers for the golden files: a synced write job and a grouped read job. */
final class SampleRun {

  private SampleRun() {}

  static RunResult create() {
    return RunResult.ofJobs(
        "0.1.0",
        1_796_014_786_072L, // Mon Nov 30 04:59:46 2026 UTC
        "sample-run",
        Map.of(),
        List.of(writeJob(), readJob()),
        RunFixtures.environment(),
        RunFixtures.volume("xfs", "rw,noatime"));
  }

  private static JobResult writeJob() {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("name", "seqwrite-128k");
    options.put("rw", "write");
    options.put("bs", "128k");
    options.put("fsync", "32");
    options.put("buffer_pattern", "\"0xdead\\beef\"");
    LatencyResult clat =
        latency(
            8000,
            2_500_000,
            150_000.5,
            312_000.25,
            bins(8000L, 1000, 130_048L, 2999, 2_506_752L, 1),
            Map.of(50.0, 130_048L, 99.0, 130_048L, 99.9, 130_048L, 99.99, 2_506_752L));
    DirectionResult write =
        new DirectionResult(
            4000L * 131072,
            3125,
            4000,
            0,
            0,
            LatencyResult.NONE,
            clat,
            LatencyResult.of(8100, 2_500_900, 150_100.75, 312_010.5, 4000, Map.of(), Map.of()),
            new RateSamples(150_000, 180_000, 163_840.5, 9_000.125, 6),
            98.7654321,
            new RateSamples(1171, 1406, 1280.0, 70.3125, 6));
    SyncResult sync =
        new SyncResult(
            125,
            latency(
                1_500_000,
                9_000_000,
                3_000_000.0,
                1_000_000.0,
                bins(1_507_328L, 100, 8_912_896L, 25),
                Map.of(50.0, 1_507_328L, 99.0, 8_912_896L, 99.9, 8_912_896L, 99.99, 8_912_896L)));
    return new JobResult(
        "seqwrite-128k",
        0,
        1,
        1_796_014_782_000L,
        0,
        4,
        options,
        DirectionResult.NONE,
        write,
        DirectionResult.NONE,
        sync,
        3130,
        new CpuResult(1.234567, 20.0, 4242, 0, 37),
        1,
        percentages(JobResult.IODEPTH_LEVEL_KEYS, 103.125),
        percentages(JobResult.IODEPTH_SUBMIT_KEYS, 0.0, 100.0),
        percentages(JobResult.IODEPTH_SUBMIT_KEYS, 0.0, 100.0),
        percentages(JobResult.LATENCY_NS_KEYS),
        percentages(JobResult.LATENCY_NS_KEYS, 0, 0, 0, 25.0, 0, 0, 74.975, 0, 0, 0),
        percentages(JobResult.LATENCY_MS_KEYS, 0, 0.01),
        "psync",
        new SetupTimes(Duration.ofMillis(1250), Duration.ofNanos(1_500_000), Duration.ZERO));
  }

  private static JobResult readJob() {
    LatencyResult slat = LatencyResult.of(1700, 52_000, 3100.0, 900.0, 20_000, Map.of(), Map.of());
    LatencyResult clat =
        latency(
            33_000,
            261_834_000,
            652_830.123456,
            5_004_190.5,
            bins(33_024L, 10_000, 1_003_520L, 9_999, 262_144_000L, 1),
            Map.of(1.0, 33_024L, 50.0, 33_024L, 99.0, 1_003_520L, 99.99, 1_003_520L));
    DirectionResult read =
        new DirectionResult(
            20_000L * 4096,
            2253,
            20_000,
            3,
            0,
            slat,
            clat,
            LatencyResult.of(
                75_000, 261_859_000, 703_750.0, 5_027_410.0, 20_000, Map.of(), Map.of()),
            new RateSamples(110_280, 227_512, 170_328.0, 58_668.45, 3),
            100.0,
            new RateSamples(27_570, 56_878, 42_582.0, 14_667.11, 3));
    return new JobResult(
        "randread-4k",
        1,
        2,
        1_796_014_783_500L,
        0,
        4,
        ordered("name", "randread-4k", "rw", "randread", "iodepth", "8"),
        read,
        DirectionResult.NONE,
        DirectionResult.NONE,
        SyncResult.NONE,
        4506,
        new CpuResult(5.75, 39.85, 9163, 1, 22),
        8,
        percentages(JobResult.IODEPTH_LEVEL_KEYS, 0.1, 0.1, 0.1, 100.0),
        percentages(JobResult.IODEPTH_SUBMIT_KEYS, 0, 100.0),
        percentages(JobResult.IODEPTH_SUBMIT_KEYS, 0, 99.9, 0.1),
        percentages(JobResult.LATENCY_NS_KEYS),
        percentages(JobResult.LATENCY_NS_KEYS, 0, 0, 0, 0, 50.0, 0, 0, 0, 0, 0),
        percentages(JobResult.LATENCY_MS_KEYS, 49.995, 0, 0, 0, 0, 0, 0.005),
        "io_uring",
        SetupTimes.NONE);
  }

  private static LatencyResult latency(
      long min,
      long max,
      double mean,
      double stddev,
      Map<Long, Long> bins,
      Map<Double, Long> percentiles) {
    long n = bins.values().stream().mapToLong(Long::longValue).sum();
    return LatencyResult.of(min, max, mean, stddev, n, percentiles, bins);
  }

  private static Map<Long, Long> bins(long... valueCountPairs) {
    Map<Long, Long> bins = new TreeMap<>();
    for (int i = 0; i < valueCountPairs.length; i += 2) {
      bins.put(valueCountPairs[i], valueCountPairs[i + 1]);
    }
    return bins;
  }

  private static Map<String, String> ordered(String... keyValuePairs) {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < keyValuePairs.length; i += 2) {
      map.put(keyValuePairs[i], keyValuePairs[i + 1]);
    }
    return map;
  }

  /** The keys with the given leading values, the rest 0. */
  private static Map<String, Double> percentages(List<String> keys, double... leading) {
    Map<String, Double> map = new LinkedHashMap<>();
    for (int i = 0; i < keys.size(); i++) {
      map.put(keys.get(i), i < leading.length ? leading[i] : 0.0);
    }
    return map;
  }
}
