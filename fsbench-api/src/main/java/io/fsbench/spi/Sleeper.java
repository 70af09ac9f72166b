package io.fsbench.spi;

import io.fsbench.api.FsBenchException;
import java.time.Duration;

/**
 * Waits between attempts. Plugins that retry or poll take one, so that unit tests of their bounds
 * record the waits instead of sleeping.
 *
 * <pre>{@code
 * List<Duration> waits = new ArrayList<>();
 * Retry.whileBusy(attempt, "pool fsbench-1", "stop what uses it", waits::add);
 * }</pre>
 */
@FunctionalInterface
public interface Sleeper {

  void sleep(Duration duration);

  /**
   * Sleeps on the calling thread. An interrupt ends the wait with an {@link FsBenchException} and
   * keeps the thread's interrupt flag set, so that the caller gives up rather than retries.
   */
  static Sleeper real() {
    return duration -> {
      try {
        Thread.sleep(duration.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            "interrupted while waiting " + duration.toMillis() + " ms to try again",
            e);
      }
    };
  }
}
