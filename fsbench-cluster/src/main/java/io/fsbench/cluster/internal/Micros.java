package io.fsbench.cluster.internal;

import java.time.Clock;
import java.time.Instant;

/** Time in microseconds since the epoch, the unit of every time a cluster run exchanges. */
final class Micros {

  private Micros() {}

  static long now(Clock clock) {
    Instant now = clock.instant();
    return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
  }
}
