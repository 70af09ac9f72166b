package io.fsbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobResultTest {

  private static final LatencyResult CLAT =
      LatencyResult.of(
          900,
          5000,
          1200.5,
          300.25,
          4,
          Map.of(50.0, 1004L, 99.9, 5056L),
          Map.of(1004L, 3L, 5056L, 1L));

  @Test
  void headlineOfAWriteOnlyJobIsItsWriteBandwidthInBytesPerSecond() {
    JobResult job = job(DirectionResult.NONE, direction(1_048_576, 1000));

    assertThat(job.headline()).isEqualTo(Metric.of("write.bw", 1_048_576, Unit.BYTES_PER_SEC));
  }

  @Test
  void headlineOfAMixedJobIsTheSumOfItsDirections() {
    JobResult job = job(direction(1_000_000, 1000), direction(3_000_000, 2000));

    assertThat(job.headline())
        .isEqualTo(Metric.of("total.bw", 1_000_000 + 1_500_000, Unit.BYTES_PER_SEC));
    assertThat(job.metric("total.bw")).contains(job.headline());
  }

  @Test
  void namesPercentileMetricsSoTheyPassMetricsNameRule() {
    JobResult job = job(direction(4096, 10), DirectionResult.NONE);

    assertThat(job.metric("read.clat.p99_9"))
        .contains(Metric.of("read.clat.p99_9", 5056, Unit.NANOSECONDS));
    assertThat(job.metric("read.clat.p50")).isPresent();
    assertThat(job.metric("read.iops")).contains(Metric.of("read.iops", 400.0, Unit.IOPS));
    assertThat(job.metric("write.bw")).as("no metrics for a direction without I/O").isEmpty();
    assertThat(JobResult.percentileName(99.95)).isEqualTo("p99_95");
  }

  @Test
  void derivesFiosBandwidthAndIopsFromBytesIosAndRuntime() {
    DirectionResult read = direction(4_071_424, 114);

    assertThat(read.bwBytes()).isEqualTo(35_714_245);
    assertThat(read.bw()).isEqualTo(34_877);
    assertThat(read.ioKbytes()).isEqualTo(3976);
    assertThat(read.iops()).isEqualTo(4 * 1000.0 / 114);
  }

  @Test
  void computesBandwidthOfPetabytesWithoutOverflow() {
    DirectionResult huge = direction(Long.MAX_VALUE / 10, 1000);

    assertThat(huge.bwBytes()).isEqualTo(Long.MAX_VALUE / 10);
  }

  @Test
  void rejectsDistributionsWithoutFiosKeys() {
    Map<String, Double> wrong = new LinkedHashMap<>(JobResult.zeros(JobResult.LATENCY_NS_KEYS));
    wrong.remove("1000");

    assertThatThrownBy(() -> job(wrong))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("latency_ns")
        .hasMessageContaining("fio's are exactly");
  }

  @Test
  void keepsOptionsInTheOrderGiven() {
    JobResult job = job(DirectionResult.NONE, direction(4096, 1));

    assertThat(job.options().keySet()).containsExactly("name", "rw", "bs");
  }

  @Test
  void rejectsBinsThatDoNotAddUpToTheSampleCount() {
    assertThatThrownBy(() -> LatencyResult.of(1, 2, 1.5, 0.5, 3, Map.of(), Map.of(1L, 1L)))
        .hasMessageContaining("bins hold 1 samples but n is 3");
  }

  @Test
  void dropsBinsOnRequest() {
    assertThat(CLAT.withoutBins().bins()).isEmpty();
    assertThat(CLAT.withoutBins().percentiles()).isEqualTo(CLAT.percentiles());
  }

  private static DirectionResult direction(long bytes, long runtimeMs) {
    return new DirectionResult(
        bytes,
        runtimeMs,
        4,
        0,
        0,
        LatencyResult.NONE,
        CLAT,
        LatencyResult.NONE,
        RateSamples.NONE,
        0,
        RateSamples.NONE);
  }

  private static JobResult job(DirectionResult read, DirectionResult write) {
    return job(read, write, JobResult.zeros(JobResult.LATENCY_NS_KEYS));
  }

  private static JobResult job(Map<String, Double> latencyNs) {
    return job(DirectionResult.NONE, DirectionResult.NONE, latencyNs);
  }

  private static JobResult job(
      DirectionResult read, DirectionResult write, Map<String, Double> latencyNs) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("name", "job");
    options.put("rw", "randrw");
    options.put("bs", "4k");
    return new JobResult(
        "job",
        0,
        1,
        0,
        0,
        1,
        options,
        read,
        write,
        DirectionResult.NONE,
        SyncResult.NONE,
        1000,
        CpuResult.NONE,
        1,
        JobResult.zeros(JobResult.IODEPTH_LEVEL_KEYS),
        JobResult.zeros(JobResult.IODEPTH_SUBMIT_KEYS),
        JobResult.zeros(JobResult.IODEPTH_SUBMIT_KEYS),
        latencyNs,
        JobResult.zeros(JobResult.LATENCY_NS_KEYS),
        JobResult.zeros(JobResult.LATENCY_MS_KEYS),
        "psync",
        SetupTimes.NONE);
  }
}
