package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class EventGeneratorTest {

  @Test
  void postsItsRateWithinTwoPercentWhatEverTheTicksJitter() throws Exception {
    AtomicLong clock = new AtomicLong(1_000_000_000L);
    EventGenerator generator = new EventGenerator(333, clock::get);
    SplittableRandom random = new SplittableRandom(5);
    long start = clock.get();
    long taken = 0;
    for (int i = 0; i < 200; i++) {
      // a sleep of ten periods that overshoots by up to half a period, as a loaded machine's does
      clock.addAndGet(generator.periodNanos() + random.nextLong(generator.periodNanos() / 20));
      generator.tick();
      long queued = generator.queued();
      if (queued > 0) {
        assertThat(generator.take(queued, () -> false)).isTrue();
        taken += queued;
      }
    }
    double seconds = (clock.get() - start) / 1e9;
    assertThat(taken / seconds).isBetween(333 * 0.98, 333 * 1.02);
  }

  @Test
  void keepsAtMostFiveSecondsOfEventsQueued() {
    AtomicLong clock = new AtomicLong();
    EventGenerator generator = new EventGenerator(100, clock::get);
    for (int i = 0; i < 100; i++) {
      clock.addAndGet(1_000_000_000L);
      generator.tick();
    }
    assertThat(generator.queued()).isBetween(500L, 600L);
  }

  @Test
  void aConsumerWaitingForEventsStopsWithTheRun() throws Exception {
    EventGenerator generator = new EventGenerator(10, System::nanoTime);
    assertThat(generator.take(1_000, () -> true)).isFalse();
  }
}
