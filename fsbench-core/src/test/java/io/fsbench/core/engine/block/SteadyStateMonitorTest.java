package io.fsbench.core.engine.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.SteadyState;
import io.fsbench.api.SteadyStateResult;
import io.fsbench.core.stats.Direction;
import io.fsbench.core.stats.IoCounters;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** fio's steadystate_check driven tick by tick, without its helper thread. */
class SteadyStateMonitorTest {

  private static final long SECOND = 1_000_000_000L;

  private static final SteadyState IOPS_2 =
      SteadyState.of(SteadyState.Criterion.IOPS, 5, true, Duration.ofSeconds(2), Duration.ZERO);

  private static void io(IoCounters counters, int ios, long bytes) {
    for (int i = 0; i < ios; i++) {
      counters.add(Direction.WRITE, bytes);
    }
  }

  @Test
  void ratesArePerElapsedMillisecondSinceTheLastTick() {
    SteadyStateMonitor monitor = new SteadyStateMonitor(() -> 0);
    IoCounters counters = new IoCounters();
    SteadyStateMonitor.Subject s = monitor.register(IOPS_2, 0, false, counters);
    monitor.assignWindows();
    s.start(0);

    io(counters, 50, 4096);
    monitor.check(SECOND / 2); // 50 I/Os in 500 ms: 100 IOPS, 409600 B/s
    io(counters, 100, 4096);
    monitor.check(SECOND / 2 + SECOND);

    SteadyStateResult r = s.result(monitor.reportedWith(s));
    assertThat(r.iops()).containsExactly(100L, 100L);
    assertThat(r.bw()).containsExactly(409_600L, 409_600L);
    assertThat(r.attained()).isTrue();
    assertThat(s.stopRequested()).isTrue();
  }

  @Test
  void samplingStartsOneSecondAfterTheSteadyStateRamp() {
    SteadyState ramped =
        SteadyState.of(
            SteadyState.Criterion.IOPS, 5, true, Duration.ofSeconds(2), Duration.ofSeconds(1));
    SteadyStateMonitor monitor = new SteadyStateMonitor(() -> 0);
    IoCounters counters = new IoCounters();
    SteadyStateMonitor.Subject s = monitor.register(ramped, 0, false, counters);
    monitor.assignWindows();
    s.start(0);

    for (int tick = 1; tick <= 3; tick++) {
      io(counters, 10 * tick, 1);
      monitor.check(tick * SECOND);
    }

    // tick 1 falls before ss_ramp + 1 s; ticks 2 and 3 (at 2 s, as fio's >=) are the window
    assertThat(s.result(monitor.reportedWith(s)).iops()).containsExactly(20L, 30L);
  }

  @Test
  void aReportedGroupSumsItsClonesIntoItsLastClonesWindowAndStopsThemAll() {
    SteadyStateMonitor monitor = new SteadyStateMonitor(() -> 0);
    IoCounters a = new IoCounters();
    IoCounters b = new IoCounters();
    SteadyStateMonitor.Subject first = monitor.register(IOPS_2, 0, true, a);
    SteadyStateMonitor.Subject last = monitor.register(IOPS_2, 0, true, b);
    monitor.assignWindows();
    first.start(0);
    last.start(0);

    for (int tick = 1; tick <= 2; tick++) {
      io(a, 30, 1);
      io(b, 70, 1);
      monitor.check(tick * SECOND);
    }

    assertThat(first.result(monitor.reportedWith(first)).iops()).containsExactly(100L, 100L);
    assertThat(first.stopRequested()).isTrue();
    assertThat(last.stopRequested()).isTrue();
  }

  @Test
  void clonesReportedApartEachHaveTheirOwnWindow() {
    SteadyStateMonitor monitor = new SteadyStateMonitor(() -> 0);
    IoCounters a = new IoCounters();
    IoCounters b = new IoCounters();
    SteadyStateMonitor.Subject steady = monitor.register(IOPS_2, 0, false, a);
    SteadyStateMonitor.Subject growing = monitor.register(IOPS_2, 0, false, b);
    monitor.assignWindows();
    steady.start(0);
    growing.start(0);

    for (int tick = 1; tick <= 2; tick++) {
      io(a, 50, 1);
      io(b, 50 * tick, 1);
      monitor.check(tick * SECOND);
    }

    assertThat(steady.stopRequested()).isTrue();
    assertThat(growing.stopRequested()).as("50 then 100 IOPS: 33%% off the mean").isFalse();
    assertThat(growing.result(monitor.reportedWith(growing)).iops()).containsExactly(50L, 100L);
  }

  @Test
  void aCloneNotStartedOrFinishedIsNotSampled() {
    SteadyStateMonitor monitor = new SteadyStateMonitor(() -> 0);
    IoCounters counters = new IoCounters();
    SteadyStateMonitor.Subject s = monitor.register(IOPS_2, 0, false, counters);
    monitor.assignWindows();

    io(counters, 10, 1);
    monitor.check(SECOND);
    s.start(SECOND);
    s.finish();
    monitor.check(2 * SECOND);

    assertThat(s.result(monitor.reportedWith(s)).iops()).containsExactly(0L, 0L);
  }
}
