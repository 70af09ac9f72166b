package io.fsbench.core.workload.filebench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The IO Summary's ops/s over consecutive windows of 500 ms, fed by the run's controller with the
 * running op count. Memory is bounded: when {@link FilebenchResult.OpsSamples#MAX} windows are
 * full, neighbours are merged in pairs and the window doubles, so an hour's run keeps its whole
 * shape in at most that many samples.
 */
final class OpsSampler {

  static final long WINDOW_NANOS = Duration.ofMillis(500).toNanos();

  private final double[] rates = new double[FilebenchResult.OpsSamples.MAX];
  private int count;
  private long window = WINDOW_NANOS;
  private long windowStart;
  private long opsAtStart;

  /** Starts the first window at {@code now}, with the count then. */
  OpsSampler(long now, long ops) {
    this.windowStart = now;
    this.opsAtStart = ops;
  }

  /** When the current window ends: the controller wakes then to call {@link #sample}. */
  long nextAt() {
    return windowStart + window;
  }

  /** Closes the current window if it has ended by {@code now}, with the count then. */
  void sample(long now, long ops) {
    if (now < nextAt()) {
      return;
    }
    // the controller may wake a little late: the rate is over the time that really passed
    rates[count++] = (ops - opsAtStart) * 1e9 / (now - windowStart);
    windowStart = now;
    opsAtStart = ops;
    if (count == rates.length) {
      halve(); // from now on every window, the one that starts now included, is twice as long
    }
  }

  /** The statistics were cleared (psrun with a negative interval): the count restarts at 0. */
  void cleared() {
    opsAtStart = 0;
  }

  /** Merges neighbours in pairs (MAX is even, so every sample has a partner). */
  private void halve() {
    count /= 2;
    for (int i = 0; i < count; i++) {
      rates[i] = (rates[2 * i] + rates[2 * i + 1]) / 2;
    }
    window *= 2;
  }

  FilebenchResult.OpsSamples samples() {
    List<Double> list = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      list.add(rates[i]);
    }
    return new FilebenchResult.OpsSamples(Duration.ofNanos(window), list);
  }
}
