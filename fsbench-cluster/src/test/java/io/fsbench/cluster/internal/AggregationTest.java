package io.fsbench.cluster.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.JobResult;
import io.fsbench.api.LatencyResult;
import io.fsbench.api.RunResult;
import io.fsbench.cluster.ClientResult;
import io.fsbench.core.stats.LatencyHistogram;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class AggregationTest {

  @Test
  void overlappingWindowsCountOnceInTheRuntime() {
    JobResult job = Samples.writeJob(1 << 20, 1000, Samples.latency(1000, 2000));
    List<ClientResult> clients =
        List.of(
            Samples.client("a:1", job, 0, 1_000_000),
            Samples.client("b:1", job, 200_000, 1_200_000),
            Samples.client("c:1", job, 100_000, 900_000));
    assertThat(Aggregation.unionMicros(clients)).isEqualTo(1_200_000);
  }

  @Test
  void aGapInWhichNoClientDidIoIsNotRuntime() {
    JobResult job = Samples.writeJob(1 << 20, 1000, Samples.latency(1000, 2000));
    List<ClientResult> clients =
        List.of(
            Samples.client("a:1", job, 0, 1_000_000),
            Samples.client("b:1", job, 3_000_000, 4_000_000));
    assertThat(Aggregation.unionMicros(clients)).isEqualTo(2_000_000);
  }

  @Test
  void identicalClientsAddUpExactly() {
    JobResult job = Samples.writeJob(64L << 20, 10_000, Samples.latency(900, 1100, 1500, 40_000));
    List<ClientResult> clients =
        List.of(
            Samples.client("a:1", job, 0, 10_000_000),
            Samples.client("b:1", job, 1_000, 10_001_000),
            Samples.client("c:1", job, 500, 10_000_500));

    JobResult all = Aggregation.of(clients).jobs().get(0);

    assertThat(all.write().ioBytes()).isEqualTo(3 * job.write().ioBytes());
    assertThat(all.write().totalIos()).isEqualTo(3 * job.write().totalIos());
    assertThat(all.members()).isEqualTo(3);
    assertThat(all.write().clat().n()).isEqualTo(3 * job.write().clat().n());
    SortedMap<Long, Long> tripled = new TreeMap<>();
    job.write().clat().bins().forEach((ns, count) -> tripled.put(ns, 3 * count));
    assertThat(all.write().clat().bins()).isEqualTo(tripled);
    // the same distribution three times has the same percentiles and mean
    assertThat(all.write().clat().percentiles()).isEqualTo(job.write().clat().percentiles());
    assertThat(all.write().clat().mean()).isEqualTo(job.write().clat().mean());
    assertThat(all.jobRuntimeMs()).isEqualTo(10_001);
    assertThat(all.write().bwBytes()).isEqualTo(3 * (64L << 20) * 1000 / 10_001);
  }

  @Test
  void percentilesComeFromMergedHistogramsNotFromAveragedPercentiles() {
    long[] fast = new long[99];
    java.util.Arrays.fill(fast, 1_000);
    long[] slow = new long[99];
    java.util.Arrays.fill(slow, 1_000_000);
    LatencyResult a = Samples.latency(fast);
    LatencyResult b = Samples.latency(slow);

    LatencyResult merged = Latencies.merge(List.of(a, b));

    LatencyHistogram all = new LatencyHistogram();
    for (long v : fast) {
      all.record(v);
    }
    for (long v : slow) {
      all.record(v);
    }
    assertThat(merged.percentiles()).isEqualTo(all.percentiles(Samples.PERCENTS));
    long averagedMedian = (a.percentile(50).getAsLong() + b.percentile(50).getAsLong()) / 2;
    assertThat(merged.percentile(50).getAsLong())
        .as("half the I/Os took 1 us: the median is 1 us, not the mean of the medians")
        .isNotEqualTo(averagedMedian)
        .isEqualTo(a.percentile(50).getAsLong());
  }

  @Test
  void pooledDeviationEqualsTheDeviationOfAllSamples() {
    LatencyResult a = Samples.latency(100, 200, 300);
    LatencyResult b = Samples.latency(1000, 5000);

    LatencyResult merged = Latencies.merge(List.of(a, b));

    LatencyResult direct = Samples.latency(100, 200, 300, 1000, 5000);
    assertThat(merged.mean()).isCloseTo(direct.mean(), org.assertj.core.data.Offset.offset(1e-9));
    assertThat(merged.stddev())
        .isCloseTo(direct.stddev(), org.assertj.core.data.Offset.offset(1e-6));
    assertThat(merged.min()).isEqualTo(100);
    assertThat(merged.max()).isEqualTo(5000);
  }

  @Test
  void aClientWithoutHistogramLeavesTheAggregateWithoutPercentiles() {
    LatencyResult a = Samples.latency(100, 200, 300);
    LatencyResult b = Samples.latency(1000, 5000).withoutBins();

    LatencyResult merged = Latencies.merge(List.of(a, b));

    assertThat(merged.n()).isEqualTo(5);
    assertThat(merged.percentiles()).as("never averaged").isEmpty();
  }

  @Test
  void clientsThatRanDifferentJobsAreRefused() {
    JobResult job = Samples.writeJob(1 << 20, 1000, Samples.latency(1000));
    RunResult two =
        RunResult.ofJobs(
            "0.1.0",
            1,
            "w",
            java.util.Map.of(),
            List.of(job, job),
            Samples.run(job).environment(),
            Samples.run(job).volume());
    ClientResult a = Samples.client("a:1", job, 0, 1000);
    ClientResult b = new ClientResult("b:1", "host", two, 0, 1000, 0, 0, 1);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Aggregation.of(List.of(a, b)))
        .hasMessageContaining("b:1 reported 2 jobs");
  }

  @Test
  void eachJobOfAJobFileRunsOverItsOwnWindowsNotTheWholeRun() throws Exception {
    JobResult writer = Samples.writeJob(8L << 20, 1_000, Samples.latency(900, 1100, 1500, 40_000));
    // client a: writer 1-2 s, reader 2-4 s; client b: writer 1.5-2.5 s, reader 2.5-4.5 s
    ClientResult a =
        Samples.client(
            "a:1", List.of(Samples.at(writer, 1_000, 1_000), Samples.at(writer, 2_000, 2_000)));
    ClientResult b =
        Samples.client(
            "b:1", List.of(Samples.at(writer, 1_500, 1_000), Samples.at(writer, 2_500, 2_000)));

    RunResult all = Aggregation.of(List.of(a, b));

    assertThat(all.jobs().get(0).jobRuntimeMs()).isEqualTo(1_500); // 1.0 to 2.5 s, not 3.5 s
    assertThat(all.jobs().get(1).jobRuntimeMs()).isEqualTo(2_500); // 2.0 to 4.5 s
    assertThat(all.jobs().get(0).write().ioBytes()).isEqualTo(16L << 20);
  }
}
