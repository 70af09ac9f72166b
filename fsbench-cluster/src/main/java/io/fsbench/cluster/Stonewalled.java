package io.fsbench.cluster;

import java.time.Duration;
import java.util.Objects;

/**
 * A stonewalled run's aggregate, as IOR's stonewalling reports it: what all clients did up to the
 * moment the first of them finished, over the time from the earliest client's first I/O to that
 * moment (the union of the clients' windows cut there).
 *
 * <p>Each client's count up to that moment is its whole count when it ended by then, otherwise its
 * count scaled by the part of its own window before that moment: the others end a few milliseconds
 * after it (the stonewall's message and their I/O in flight), and that tail is taken to have run at
 * the client's mean rate.
 *
 * <pre>{@code
 * Stonewalled wall = result.stonewalled().orElseThrow();
 * double mibPerSecond = wall.bandwidth() / (1 << 20);
 * }</pre>
 *
 * @param ioBytes the bytes of all clients up to the first finish
 * @param ios the I/Os of all clients up to the first finish
 * @param runtime from the earliest I/O to the first finish, gaps without I/O left out
 */
public record Stonewalled(long ioBytes, long ios, Duration runtime) {

  public Stonewalled {
    if (ioBytes < 0 || ios < 0) {
      throw new IllegalArgumentException(
          "stonewalled bytes (" + ioBytes + ") and I/Os (" + ios + ") must not be negative");
    }
    Objects.requireNonNull(runtime, "runtime");
  }

  /** Bytes per second over {@link #runtime()}; 0 for an empty runtime. */
  public double bandwidth() {
    return runtime.isZero() ? 0 : ioBytes * 1e9 / runtime.toNanos();
  }

  /** I/Os per second over {@link #runtime()}; 0 for an empty runtime. */
  public double iops() {
    return runtime.isZero() ? 0 : ios * 1e9 / runtime.toNanos();
  }
}
