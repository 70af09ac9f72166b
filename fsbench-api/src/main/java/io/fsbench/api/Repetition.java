package io.fsbench.api;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One run of a cell's workload.
 *
 * @param index the run's position in the cell, from 1, counting a warm-up run
 * @param result what it measured
 * @param start when it started
 * @param duration how long it took, setup included
 * @param warmUp whether it was a warm-up run, discarded from every statistic
 */
public record Repetition(
    int index, WorkloadResult result, Instant start, Duration duration, boolean warmUp) {

  public Repetition {
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(start, "start");
    Objects.requireNonNull(duration, "duration");
    if (index < 1) {
      throw new IllegalArgumentException("repetition index (" + index + ") counts from 1");
    }
    if (duration.isNegative()) {
      throw new IllegalArgumentException("repetition duration (" + duration + ") is negative");
    }
  }

  /** A run that counts. */
  public static Repetition measured(
      int index, WorkloadResult result, Instant start, Duration duration) {
    return new Repetition(index, result, start, duration, false);
  }

  /** A warm-up run, kept for the record and discarded from the statistics. */
  public static Repetition warmUp(
      int index, WorkloadResult result, Instant start, Duration duration) {
    return new Repetition(index, result, start, duration, true);
  }
}
