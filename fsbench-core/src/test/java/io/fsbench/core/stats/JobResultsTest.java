package io.fsbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.fsbench.api.DirectionResult;
import io.fsbench.api.JobResult;
import io.fsbench.api.Measurements;
import io.fsbench.api.SetupTimes;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobResultsTest {

  private static final List<Double> PERCENTILES = List.of(50.0, 99.0);

  @Test
  void reportsEachCloneOnItsOwnWithoutGroupReporting() {
    List<JobResult> results =
        JobResults.of(List.of(clone(false, 1000, 4096), clone(false, 3000, 4096)));

    assertThat(results).hasSize(2);
    assertThat(results).allSatisfy(job -> assertThat(job.members()).isEqualTo(1));
    assertThat(results.get(0).write().totalIos()).isEqualTo(100);
  }

  @Test
  void sumsClonesOfAGroupAsFio() {
    JobStats fast = writes(100, 4096, 1000, Duration.ofMillis(1000));
    fast.addCpu(Duration.ofMillis(100), Duration.ofMillis(300), 10, 5, 0);
    fast.jobRuntime(Duration.ofMillis(1000));
    JobStats slow = writes(100, 4096, 3000, Duration.ofMillis(2000));
    slow.addCpu(Duration.ofMillis(100), Duration.ofMillis(100), 20, 5, 1);
    slow.jobRuntime(Duration.ofMillis(2000));

    JobResult group =
        JobResults.of(List.of(clone(info(true), fast), clone(info(true), slow))).get(0);

    DirectionResult write = group.write();
    assertThat(group.members()).isEqualTo(2);
    assertThat(write.ioBytes()).isEqualTo(2 * 100 * 4096);
    assertThat(write.totalIos()).isEqualTo(200);
    assertThat(write.runtimeMs()).as("the longest runtime").isEqualTo(2000);
    assertThat(write.bwBytes()).isEqualTo(2 * 100 * 4096 * 1000L / 2000);
    assertThat(write.clat().n()).isEqualTo(200);
    assertThat(write.clat().min()).isEqualTo(1000);
    assertThat(write.clat().max()).isEqualTo(3000);
    assertThat(write.clat().mean()).isEqualTo(2000.0);
    assertThat(write.clat().bins()).containsExactly(Map.entry(1004L, 100L), Map.entry(2992L, 100L));
    assertThat(write.clat().percentiles()).containsEntry(50.0, 1004L).containsEntry(99.0, 2992L);
    assertThat(group.cpu().usrCpu())
        .as("CPU ms over runtime ms, both summed")
        .isEqualTo(200.0 * 100 / 3000);
    assertThat(group.cpu().sysCpu()).isEqualTo(400.0 * 100 / 3000);
    assertThat(group.cpu().ctx()).isEqualTo(30);
    assertThat(group.cpu().minf()).isEqualTo(10);
    assertThat(group.cpu().majf()).isEqualTo(1);
    assertThat(group.jobRuntimeMs()).isEqualTo(3000);
    assertThat(group.setup().layout()).isEqualTo(Duration.ofMillis(20));
  }

  @Test
  void sumsSampledBandwidthTermByTermAndRelatesItToTheGroupAggregate() {
    JobStats first = writes(1000, 4096, 1000, Duration.ofMillis(1000));
    first.rates(bandwidth(2000, 4000), iops(2000, 4000));
    JobStats second = writes(1000, 4096, 1000, Duration.ofMillis(1000));
    second.rates(bandwidth(1000, 1000), iops(1000, 1000));

    DirectionResult write =
        JobResults.of(List.of(clone(info(true), first), clone(info(true), second))).get(0).write();

    // 4 KiB writes per 500 ms window: first 2000 and 4000 (16000 and 32000 KiB/s),
    // second 1000 and 1000 (8000 and 8000 KiB/s)
    assertThat(write.bwSamples().min()).isEqualTo(16000 + 8000);
    assertThat(write.bwSamples().max()).isEqualTo(32000 + 8000);
    assertThat(write.bwSamples().mean()).isEqualTo(24000.0 + 8000);
    assertThat(write.bwSamples().samples()).isEqualTo(4);
    // aggregate: 8192000 B over 1000 ms = 8000 KiB/s; 32000 / 8000 is capped at 100%
    assertThat(write.bwAgg()).isEqualTo(100.0);
    assertThat(write.iopsSamples().min()).isEqualTo(4000 + 2000);
    assertThat(write.iopsSamples().mean()).isEqualTo(6000.0 + 2000);
  }

  @Test
  void bwAggIsTheMeanSampleAsAPercentageOfTheGroupAggregate() {
    JobStats a = writes(1000, 4096, 1000, Duration.ofMillis(1000));
    a.rates(bandwidth(250, 250), iops(250, 250)); // 2000 KiB/s
    JobStats b = writes(1000, 4096, 1000, Duration.ofMillis(1000));

    List<JobResult> results = JobResults.of(List.of(clone(info(false), a), clone(info(false), b)));

    // group aggregate: 8192000 B / 1000 ms = 8192000 B/s = 8000 KiB/s
    assertThat(results.get(0).write().bwAgg()).isCloseTo(25.0, within(1e-12));
    assertThat(results.get(1).write().bwAgg()).as("no samples").isZero();
  }

  @Test
  void computesLatencyAndDepthPercentagesOverReadWriteAndTrimIos() {
    JobStats stats = writes(3, 4096, 1500, Duration.ofMillis(10));
    stats.completed(Direction.READ, 4096, 30_000, 31_000);
    stats.synced(100_000);

    JobResult job = JobResults.of(List.of(clone(info(false), stats))).get(0);

    assertThat(job.latencyUs()).containsEntry("2", 75.0).containsEntry("50", 25.0);
    assertThat(job.sync().totalIos()).isEqualTo(1);
    assertThat(job.sync().lat().percentiles()).isNotEmpty();
    assertThat(job.read().runtimeMs()).as("read had no I/O when the phase was timed").isZero();
  }

  @Test
  void aGroupReportsThePercentilesItsLastMemberAsksFor() {
    JobStats sync = writes(10, 4096, 1000, Duration.ofMillis(100)); // psync: no slat at all
    JobStats async = JobStats.of(Measurements.FIO_DEFAULTS.percentiles(false, true, true));
    async.completed(Direction.WRITE, 4096, 2000, 2500);
    async.submitted(Direction.WRITE, 500);
    async.addRuntime(Duration.ofMillis(100));

    JobResult group =
        JobResults.of(List.of(clone(info(true), sync), clone(info(true), async))).get(0);

    assertThat(group.write().slat().n()).isEqualTo(1);
    assertThat(group.write().slat().percentiles()).containsOnlyKeys(PERCENTILES);
    assertThat(group.write().clat().n()).isEqualTo(11);
    // the last member keeps no clat histogram: the group shows no clat percentiles, as fio
    assertThat(group.write().clat().percentiles()).isEmpty();
  }

  private static JobResults.Clone clone(boolean groupReporting, long clatNs, long bytes) {
    return clone(info(groupReporting), writes(100, bytes, clatNs, Duration.ofMillis(1000)));
  }

  private static JobResults.Clone clone(JobInfo info, JobStats stats) {
    return new JobResults.Clone(info, stats);
  }

  private static JobStats writes(int ios, long bytes, long clatNs, Duration runtime) {
    JobStats stats = JobStats.withFioDefaults();
    for (int i = 0; i < ios; i++) {
      stats.completed(Direction.WRITE, bytes, clatNs, clatNs + 50);
      stats.depths().markSubmit(1);
      stats.depths().markComplete(1);
      stats.depths().markDepth(1, 1);
    }
    stats.addRuntime(runtime);
    return stats;
  }

  private static RateSampler bandwidth(int first, int second) {
    IoCounters counters = new IoCounters();
    return twoWindows(
        counters, RateSampler.bandwidth(counters, Duration.ofMillis(500), 0), first, second);
  }

  private static RateSampler iops(int first, int second) {
    IoCounters counters = new IoCounters();
    return twoWindows(
        counters, RateSampler.iops(counters, Duration.ofMillis(500), 0), first, second);
  }

  /** Two 500 ms windows with {@code first} and {@code second} 4 KiB writes. */
  private static RateSampler twoWindows(
      IoCounters counters, RateSampler sampler, int first, int second) {
    for (int i = 0; i < first; i++) {
      counters.add(Direction.WRITE, 4096);
    }
    sampler.sample(500_000_000L);
    for (int i = 0; i < second; i++) {
      counters.add(Direction.WRITE, 4096);
    }
    sampler.sample(1_000_000_000L);
    return sampler;
  }

  private static JobInfo info(boolean groupReporting) {
    return new JobInfo(
        "job",
        0,
        groupReporting,
        Map.of("rw", "write"),
        PERCENTILES,
        1,
        1_700_000_000_000L,
        3,
        0,
        "psync",
        new SetupTimes(Duration.ofMillis(10), Duration.ZERO, Duration.ZERO));
  }
}
