package io.fsbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.LatencyResult;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {

  private static final List<Double> PERCENTS = List.of(50.0, 99.0);

  @Test
  void aCopyOfARecorderStillRecordingIsConsistentWithItself() throws Exception {
    // a CI run's status report: a copy taken while the I/O thread recorded held
    // 1202 samples in its bins and 1199 in its count, and the report was dropped
    LatencyRecorder live = new LatencyRecorder(true);
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong recorded = new AtomicLong();
    Thread writer =
        new Thread(
            () -> {
              long i = 0;
              while (!stop.get()) {
                live.record(100 + (i++ % 5000));
              }
              recorded.set(i);
            },
            "fsbench-test-writer");
    writer.start();
    long previous = 0;
    try {
      for (int copies = 0; copies < 1000; copies++) {
        LatencyRecorder copy = new LatencyRecorder(true);
        copy.merge(live, true);
        LatencyResult result = copy.toResult(PERCENTS); // checks bins against n
        assertThat(result.min()).isLessThanOrEqualTo(result.max());
        assertThat(result.n()).as("a later copy holds as much").isGreaterThanOrEqualTo(previous);
        previous = result.n();
      }
    } finally {
      stop.set(true);
      writer.join();
    }
    LatencyRecorder last = new LatencyRecorder(true);
    last.merge(live, true);
    assertThat(last.toResult(PERCENTS).n()).isEqualTo(recorded.get());
    assertThat(last.moments().mean()).isEqualTo(live.moments().mean());
  }

  @Test
  void aRunningMergeOfAFinishedRecorderIsTheExactMerge() {
    LatencyRecorder finished = new LatencyRecorder(true);
    for (long ns : new long[] {5, 700, 70_000, 7_000_000}) {
      finished.record(ns);
    }
    LatencyRecorder exact = new LatencyRecorder(true);
    exact.merge(finished);
    LatencyRecorder running = new LatencyRecorder(true);
    running.merge(finished, true);

    assertThat(running.toResult(PERCENTS)).isEqualTo(exact.toResult(PERCENTS));
  }
}
