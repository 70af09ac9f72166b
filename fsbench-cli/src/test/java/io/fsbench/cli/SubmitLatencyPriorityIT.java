package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.FsBench;
import io.fsbench.Session;
import io.fsbench.api.JobResult;
import io.fsbench.api.PriorityLatency;
import io.fsbench.api.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's io_submit_mode=offload, latency_target and cmdprio on a real ext4 loop volume: what each
 * did, as the JSON's numbers and the per-I/O logs show it.
 */
class SubmitLatencyPriorityIT {

  private static Session session;

  @TempDir Path dir;

  @BeforeAll
  static void openVolume() {
    assumeTrue(FsBenchProcess.isRoot(), "needs root for a loop volume and the real-time class");
    session = FsBench.on("ext4").open();
  }

  @AfterAll
  static void closeVolume() {
    if (session != null) {
      session.close();
    }
  }

  private JobResult run(String job) throws IOException {
    Path jobFile = dir.resolve("fsbench-submit.fio");
    Files.writeString(jobFile, job.replace("@LOG@", dir.resolve("fsbench-it").toString()));
    RunResult result = session.fio(jobFile);
    assertThat(result.jobs()).hasSize(1);
    assertThat(result.jobs().get(0).error()).isZero();
    return result.jobs().get(0);
  }

  @Test
  void cmdprioPercentage50GivesAboutHalfTheReadsTheRealTimeClassInTheJsonAndTheLog()
      throws IOException {
    JobResult job =
        run(
            "[half]\nsize=16m\nbs=4k\nrw=randread\ndirect=1\nioengine=libaio\niodepth=4\n"
                + "cmdprio_percentage=50\ncmdprio_class=1\n"
                + "write_lat_log=@LOG@\nlog_prio=1\n");

    List<PriorityLatency> prios = job.read().prios();
    assertThat(prios).extracting(p -> p.ioClass() + "/" + p.level()).containsExactly("0/0", "1/0");
    assertThat(prios).allSatisfy(p -> assertThat(p.totalLatency()).isFalse());
    long high = prios.get(1).latency().n();
    assertThat(high + prios.get(0).latency().n()).isEqualTo(4096);
    assertThat(high / 4096.0).isCloseTo(0.5, within(0.05));
    assertThat(prios.get(1).latency().percentiles()).isNotEmpty();

    Map<String, Long> column =
        Files.readAllLines(dir.resolve("fsbench-it_clat.1.log")).stream()
            .map(l -> l.split(",\\s*")[4])
            .collect(Collectors.groupingBy(c -> c, Collectors.counting()));
    assertThat(column).containsOnlyKeys("0x0000", "0x2000").containsEntry("0x2000", high);
  }

  @Test
  void cmdprioBssplitGivesOnlyTheNamedBlockSizeItsPriority() throws IOException {
    JobResult job =
        run(
            "[split]\nsize=16m\nrw=randread\ndirect=1\nioengine=io_uring\niodepth=4\n"
                + "bssplit=4k/50:8k/50\ncmdprio_bssplit=8k/100/3/5\n"
                + "write_lat_log=@LOG@\nlog_prio=1\n");

    List<String[]> lines =
        Files.readAllLines(dir.resolve("fsbench-it_clat.1.log")).stream()
            .map(l -> l.split(",\\s*"))
            .toList();
    assertThat(lines)
        .allSatisfy(l -> assertThat(l[4]).isEqualTo(l[3].equals("8192") ? "0x6005" : "0x0000"));
    assertThat(job.read().prios())
        .extracting(p -> p.ioClass() + "/" + p.level())
        .containsExactly("0/0", "3/5");
  }

  @Test
  void aReachableLatencyTargetDoublesToIodepthMeasuresOneFinalWindowAndEnds() throws IOException {
    JobResult job =
        run(
            "[probe]\nsize=16m\nbs=4k\nrw=randread\ndirect=1\nioengine=libaio\niodepth=8\n"
                + "time_based\nruntime=10\nlatency_target=1s\nlatency_window=100ms\n"
                + "latency_percentile=99\n");

    assertThat(job.latencyProfile())
        .isEqualTo(new io.fsbench.api.LatencyProfile(8, 1_000_000_000L, 99.0, 100_000L));
    // depths 1, 2, 4, 8, then the final window at 8 alone: far less than the 10 s runtime
    assertThat(job.jobRuntimeMs()).isBetween(100L, 2_000L);
    assertThat(job.read().runtimeMs()).isBetween(100L, 1_000L);
    assertThat(job.iodepthLevel().get("8")).isPositive();
  }

  @Test
  void anUnreachableLatencyTargetStaysAtDepthOneForTheWholeRuntime() throws IOException {
    JobResult job =
        run(
            "[probe]\nsize=16m\nbs=4k\nrw=randread\ndirect=1\nioengine=libaio\niodepth=8\n"
                + "time_based\nruntime=1\nlatency_target=1us\nlatency_window=100ms\n"
                + "latency_percentile=99\n");

    assertThat(job.latencyProfile().depth()).isEqualTo(1);
    assertThat(job.read().runtimeMs()).isBetween(1_000L, 1_500L);
    assertThat(job.iodepthLevel().get("1")).isEqualTo(100.0);
  }

  @Test
  void offloadHoldsTheRateAndIssuesEachIoAtDepthOneWithItsQueueWaitInSlat() throws IOException {
    JobResult job =
        run(
            "[offload]\nsize=16m\nbs=4k\nrw=read\ndirect=1\nioengine=libaio\niodepth=8\n"
                + "io_submit_mode=offload\nrate_iops=500\ntime_based\nruntime=1\n");

    assertThat(job.read().totalIos()).isBetween(450L, 550L);
    assertThat(job.iodepthLevel().get("1")).isEqualTo(100.0);
    assertThat(job.read().slat().n()).isEqualTo(job.read().totalIos());
    assertThat(job.read().lat().mean())
        .isGreaterThanOrEqualTo(job.read().clat().mean() + job.read().slat().mean() - 1);
    assertThat(job.ioMechanism()).isEqualTo("libaio-offload");
  }

  @Test
  void inlineRateWaitsForTheIosInFlightBeforeItSleepsAsFio() throws IOException {
    JobResult job =
        run(
            "[inline]\nsize=16m\nbs=4k\nrw=read\ndirect=1\nioengine=libaio\niodepth=8\n"
                + "rate_iops=500\ntime_based\nruntime=1\n");

    assertThat(job.read().totalIos()).isBetween(450L, 550L);
    // an I/O already due when the one before is in flight is issued at once, without a wait
    assertThat(job.iodepthLevel().get("1")).isGreaterThan(90.0);
  }
}
