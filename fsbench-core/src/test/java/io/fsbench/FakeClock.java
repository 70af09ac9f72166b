package io.fsbench;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock that moves only when a test moves it. */
final class FakeClock extends Clock {
  private volatile Instant now = Instant.parse("2026-12-01T00:00:00Z");

  void advance(Duration by) {
    synchronized (this) {
      now = now.plus(by);
    }
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
