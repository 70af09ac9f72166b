package io.fsbench.api;

import java.time.Duration;
import java.util.Objects;

/**
 * How a job paces its I/O beyond {@code rate}: fio's think time, start delay, rate process and
 * minimum rates.
 *
 * <pre>{@code
 * Pacing pacing = Pacing.NONE.thinkTime(Duration.ofMillis(2), Duration.ZERO, 8);
 * JobSpec job = JobSpec.randRead(Size.kib(4)).size(Size.mib(64)).pacing(pacing).build();
 * }</pre>
 *
 * @param thinkTime fio's {@code thinktime}: how long to pause after every {@code thinkTimeBlocks}
 *     I/Os; zero for none
 * @param thinkTimeSpin fio's {@code thinktime_spin}: the part of the pause spent spinning on the
 *     CPU rather than sleeping
 * @param thinkTimeBlocks fio's {@code thinktime_blocks}: I/Os between pauses
 * @param thinkTimeCountsIssued fio's {@code thinktime_blocks_type=issue}: count issued rather than
 *     completed I/Os (they differ only with I/Os in flight)
 * @param startDelay fio's {@code startdelay}: how long a clone waits before it starts
 * @param startDelayMax the upper end of a {@code startdelay} range (each clone draws its delay
 *     uniformly in [startDelay, startDelayMax]); equal to {@code startDelay} for a fixed delay
 * @param poisson fio's {@code rate_process=poisson}: I/Os of a rate-limited job arrive as a Poisson
 *     process of that mean rate instead of evenly spaced ({@code linear})
 * @param minRate fio's {@code rate_min} and {@code rate_iops_min}: a job that falls below fails
 */
public record Pacing(
    Duration thinkTime,
    Duration thinkTimeSpin,
    int thinkTimeBlocks,
    boolean thinkTimeCountsIssued,
    Duration startDelay,
    Duration startDelayMax,
    boolean poisson,
    JobSpec.RateLimit minRate) {

  /** fio's defaults: no think time, no start delay, linear rate, no minimum rate. */
  public static final Pacing NONE =
      new Pacing(
          Duration.ZERO,
          Duration.ZERO,
          1,
          false,
          Duration.ZERO,
          Duration.ZERO,
          false,
          JobSpec.RateLimit.NONE);

  public Pacing {
    Objects.requireNonNull(minRate, "minRate");
    nonNegative("thinktime", thinkTime);
    nonNegative("thinktime_spin", thinkTimeSpin);
    nonNegative("startdelay", startDelay);
    nonNegative("startdelay", startDelayMax);
    if (thinkTimeBlocks < 1) {
      throw new InvalidInputException(
          "thinktime_blocks (" + thinkTimeBlocks + ") must be at least 1");
    }
    if (thinkTimeSpin.compareTo(thinkTime) > 0) {
      throw new InvalidInputException(
          "thinktime_spin ("
              + thinkTimeSpin.toNanos() / 1000
              + "us) is longer than thinktime ("
              + thinkTime.toNanos() / 1000
              + "us); the spin is part of the think time, give a thinktime at least as long");
    }
    if (startDelayMax.compareTo(startDelay) < 0) {
      throw new InvalidInputException(
          "startdelay range ("
              + startDelay.toMillis()
              + "ms-"
              + startDelayMax.toMillis()
              + "ms) has its upper end below its lower end; give low-high");
    }
  }

  /** A copy with fio's {@code thinktime}, {@code thinktime_spin} and {@code thinktime_blocks}. */
  public Pacing thinkTime(Duration time, Duration spin, int blocks) {
    return new Pacing(
        time, spin, blocks, thinkTimeCountsIssued, startDelay, startDelayMax, poisson, minRate);
  }

  /** A copy with fio's {@code startdelay}, fixed or a range. */
  public Pacing startDelay(Duration low, Duration high) {
    return new Pacing(
        thinkTime,
        thinkTimeSpin,
        thinkTimeBlocks,
        thinkTimeCountsIssued,
        low,
        high,
        poisson,
        minRate);
  }

  /** Whether the job pauses between I/Os. */
  public boolean thinks() {
    return !thinkTime.isZero();
  }

  private static void nonNegative(String option, Duration value) {
    if (value == null || value.isNegative()) {
      throw new InvalidInputException(option + " (" + value + ") must not be negative");
    }
    JobSpec.atMostMaxTime(option, value);
  }
}
