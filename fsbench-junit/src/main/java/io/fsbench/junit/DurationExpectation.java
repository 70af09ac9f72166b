package io.fsbench.junit;

import java.time.Duration;
import java.util.Objects;

/**
 * An expectation on a measured latency, compared as {@link Duration}s (fsbench measures in
 * nanoseconds). Each check returns the expectations it came from, to chain the next.
 *
 * <pre>{@code
 * Expect.that(run).write().clatPercentile(99).atMost(Duration.ofMillis(10));
 * }</pre>
 *
 * @param <P> the expectations to go on with
 */
public final class DurationExpectation<P> {

  private final P parent;
  private final String what;
  private final long actualNanos;
  private final RunExpectation run;

  DurationExpectation(P parent, String what, long actualNanos, RunExpectation run) {
    this.parent = parent;
    this.what = what;
    this.actualNanos = actualNanos;
    this.run = run;
  }

  /** Passes when the latency is at most {@code expected}. */
  public P atMost(Duration expected) {
    if (actualNanos > nanos(expected, "expected")) {
      throw Failures.mismatch(
          what, "at most " + format(expected), Failures.duration(actualNanos), run);
    }
    return parent;
  }

  /** Passes when the latency is at least {@code expected}. */
  public P atLeast(Duration expected) {
    if (actualNanos < nanos(expected, "expected")) {
      throw Failures.mismatch(
          what, "at least " + format(expected), Failures.duration(actualNanos), run);
    }
    return parent;
  }

  /** Passes when the latency is in {@code [low, high]}. */
  public P between(Duration low, Duration high) {
    long lo = nanos(low, "low");
    long hi = nanos(high, "high");
    if (lo > hi) {
      throw new IllegalArgumentException("low (" + low + ") must not be above high (" + high + ")");
    }
    if (actualNanos < lo || actualNanos > hi) {
      throw Failures.mismatch(
          what,
          "between " + format(low) + " and " + format(high),
          Failures.duration(actualNanos),
          run);
    }
    return parent;
  }

  private static String format(Duration duration) {
    return Failures.duration(duration.toNanos());
  }

  private static long nanos(Duration duration, String name) {
    Objects.requireNonNull(duration, name);
    if (duration.isNegative()) {
      throw new IllegalArgumentException(name + " (" + duration + ") must not be negative");
    }
    return duration.toNanos();
  }
}
