package io.fsbench.core.jobfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.LatencyTarget;
import io.fsbench.api.SubmitMode;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SubmissionOptionsTest {

  private static JobSpec parse(String... options) {
    List<FioOption> list =
        Arrays.stream(options).map(o -> FioOption.parse(o, "command line")).toList();
    return JobOptionParser.parse("j", list).spec();
  }

  @Test
  void submitsInlineByDefaultAndOffloadsWhenAsked() {
    assertThat(parse("size=1m").submitMode()).isEqualTo(SubmitMode.INLINE);
    assertThat(parse("size=1m", "io_submit_mode=inline").submitMode()).isEqualTo(SubmitMode.INLINE);
    JobSpec offload =
        parse("size=1m", "ioengine=libaio", "iodepth=32", "io_submit_mode=offload", "rate_iops=50");
    assertThat(offload.submitMode()).isEqualTo(SubmitMode.OFFLOAD);
  }

  @Test
  void offloadLetsASynchronousEngineUseADepthOfThreads() {
    JobSpec spec = parse("size=1m", "ioengine=psync", "iodepth=4", "io_submit_mode=offload");
    assertThat(spec.ioDepth()).isEqualTo(4);
  }

  @Test
  void refusesOffloadWithIoUringAsFioDoesAndWhatFsbenchDoesNotOffloadByName() {
    assertThatThrownBy(() -> parse("size=1m", "ioengine=io_uring", "io_submit_mode=offload"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("io_uring can't be used with offloaded submit");
    assertThatThrownBy(() -> parse("size=1m", "rw=write", "fsync=4", "io_submit_mode=offload"))
        .hasMessageContaining("io_submit_mode=offload with fsync/fdatasync is not supported");
    assertThatThrownBy(
            () ->
                parse(
                    "size=1m", "ioengine=libaio", "io_submit_mode=offload", "latency_target=10ms"))
        .hasMessageContaining("offload with latency_target");
    assertThatThrownBy(() -> parse("size=1m", "io_submit_mode=sideways"))
        .hasMessageContaining("io_submit_mode (sideways) must be 'inline'");
  }

  @Test
  void readsLatencyTargetAndWindowInMicrosecondsWithoutAUnitAsFio() {
    LatencyTarget t =
        parse(
                "size=1m",
                "latency_target=500000",
                "latency_window=5s",
                "latency_percentile=99.9",
                "latency_run")
            .latencyTarget();
    assertThat(t.target()).isEqualTo(Duration.ofMillis(500));
    assertThat(t.window()).isEqualTo(Duration.ofSeconds(5));
    assertThat(t.percentile()).isEqualTo(99.9);
    assertThat(t.run()).isTrue();
    assertThat(parse("size=1m").latencyTarget()).isEqualTo(LatencyTarget.NONE);
  }

  @Test
  void refusesBadLatencyOptionsNamingTheValueAndWhatToGive() {
    assertThatThrownBy(() -> parse("size=1m", "latency_percentile=101"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("latency_percentile (101) must be a percentage from 0 to 100");
    assertThatThrownBy(() -> parse("size=1m", "latency_percentile=most"))
        .hasMessageContaining("latency_percentile (most) is not a number");
    assertThatThrownBy(() -> parse("size=1m", "latency_target=soon"))
        .hasMessageContaining("latency_target (soon) is not a time");
    assertThatThrownBy(() -> parse("size=1m", "latency_window=3 fortnights"))
        .hasMessageContaining("latency_window (3 fortnights)");
  }
}
