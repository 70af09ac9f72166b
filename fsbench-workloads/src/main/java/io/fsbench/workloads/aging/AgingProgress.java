package io.fsbench.workloads.aging;

import java.time.Duration;
import java.util.function.DoubleConsumer;

/**
 * How far an aging is, for progress bars: the larger of its work and its time. The work is bytes
 * toward the larger of the fill and the overwrite: during the fill the volume's use toward it, then
 * the bytes written; the time is the time toward the spec's limit, where an aging that does not
 * converge stops. The fraction never goes back (the churn's bytes written start a little below the
 * fill's use, which counted what was on the volume before) and stays below 1: the engine says 1
 * when the aging ends. It is passed on only when it has grown by a hundredth, so that a caller may
 * print each one.
 */
final class AgingProgress {

  /** The smallest growth passed on. */
  static final double STEP = 0.01;

  /** The most shown before the aging ends. */
  static final double CAP = 0.99;

  private final DoubleConsumer sink;
  private final long start;
  private final long limit;
  private final long goal;
  private double work;
  private double time;
  private double shown;

  /**
   * @param sink where fractions go
   * @param startNanos when the aging started
   * @param timeLimit the spec's time limit
   * @param goalBytes the larger of the fill (the fullness in bytes) and the overwrite in bytes
   */
  AgingProgress(DoubleConsumer sink, long startNanos, Duration timeLimit, long goalBytes) {
    this.sink = sink;
    this.start = startNanos;
    this.limit = Math.max(1, timeLimit.toNanos());
    this.goal = Math.max(1, goalBytes);
  }

  /** The aging has done {@code bytes} of its goal: the volume's use, then the bytes written. */
  void work(long bytes) {
    work = Math.max(work, bytes / (double) goal);
    show();
  }

  /**
   * The time is {@code nowNanos}; read as seldom as the engine reads it for its limit, so that a
   * test clock that moves at each reading reaches the limit where it did.
   */
  void time(long nowNanos) {
    time = Math.max(time, Math.max(0, nowNanos - start) / (double) limit);
    show();
  }

  private void show() {
    double fraction = Math.min(CAP, Math.max(work, time));
    if (fraction >= shown + STEP || (fraction == CAP && shown < CAP)) {
      shown = fraction;
      sink.accept(fraction);
    }
  }
}
