package io.fsbench.filebench;

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
  private long boundary;
  private long lastAt;
  private long opsAtLast;

  /** Starts the first window at {@code now}, with the count then. */
  OpsSampler(long now, long ops) {
    this.boundary = now + window;
    this.lastAt = now;
    this.opsAtLast = ops;
  }

  /** When the current window ends: the controller wakes then to call {@link #sample}. */
  long nextAt() {
    return boundary;
  }

  /**
   * Closes the current window if it has ended by {@code now}, with the count then. Windows end on a
   * fixed grid from the start, so a late wake does not push the next windows past the run's end;
   * the rate is over the time that really passed since the last sample.
   */
  void sample(long now, long ops) {
    if (now < boundary) {
      return;
    }
    rates[count++] = (ops - opsAtLast) * 1e9 / (now - lastAt);
    lastAt = now;
    opsAtLast = ops;
    while (boundary <= now) {
      boundary += window; // a wake later than a whole window merges the windows it missed
    }
    if (count == rates.length) {
      halve(); // from now on every window is twice as long
    }
  }

  /** The statistics were cleared (psrun with a negative interval): the count restarts at 0. */
  void cleared() {
    opsAtLast = 0;
  }

  /**
   * Merges neighbours in pairs (MAX is even, so every sample has a partner); the window just begun
   * ends a new, doubled window later, on the doubled grid.
   */
  private void halve() {
    count /= 2;
    for (int i = 0; i < count; i++) {
      rates[i] = (rates[2 * i] + rates[2 * i + 1]) / 2;
    }
    boundary += window;
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
