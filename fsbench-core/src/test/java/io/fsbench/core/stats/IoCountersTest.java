package io.fsbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IoCountersTest {

  @Test
  void aReaderSeesOnlyGrowingWholeCountsWhileTheWriterCounts() throws InterruptedException {
    IoCounters counters = new IoCounters();
    long ios = 2_000_000;
    long bytesEach = (1L << 33) + 1; // crosses the 32-bit halves, so a torn read would show
    Thread writer =
        new Thread(
            () -> {
              for (long i = 0; i < ios; i++) {
                counters.add(Direction.WRITE, bytesEach);
              }
            });
    writer.start();
    long last = 0;
    while (writer.isAlive()) {
      long bytes = counters.bytes(Direction.WRITE);
      assertThat(bytes).isGreaterThanOrEqualTo(last);
      assertThat(bytes % bytesEach).isZero();
      last = bytes;
    }
    writer.join();

    assertThat(counters.bytes(Direction.WRITE)).isEqualTo(ios * bytesEach);
    assertThat(counters.ios(Direction.WRITE)).isEqualTo(ios);
    assertThat(counters.ios(Direction.READ)).isZero();
  }
}
