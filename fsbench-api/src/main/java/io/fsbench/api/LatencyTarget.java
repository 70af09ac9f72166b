package io.fsbench.api;

import java.time.Duration;
import java.util.Objects;

/**
 * fio's {@code latency_target}, {@code latency_window}, {@code latency_percentile} and {@code
 * latency_run}: the job looks for the deepest queue (up to {@code iodepth}) at which {@code
 * percentile} % of the I/Os of each {@code window} complete within {@code target} (total latency,
 * from planning to completion). It starts at depth 1, doubles the depth after each window that
 * meets the target, halves back towards the last good depth after one that misses it; once the
 * depth stops changing it measures one more window at that depth alone (its statistics start anew)
 * and ends, unless {@code run} keeps it probing until its runtime or size ends it.
 *
 * <pre>{@code
 * // fio's latency-profile example: 99.9 % of 4k random reads within 500 ms, 5 s windows
 * JobSpec job = JobSpec.randRead(Size.kib(4)).ioEngine(IoEngine.LIBAIO).ioDepth(128)
 *     .latencyTarget(new LatencyTarget(Duration.ofMillis(500), Duration.ofSeconds(5), 99.9, false))
 *     .build();
 * }</pre>
 *
 * @param target the latency to meet; zero for no target (fio's default)
 * @param window how long each depth is measured (fio's default 0: after every I/O)
 * @param percentile the share of a window's I/Os that must meet the target, 0 to 100; at 100 one
 *     I/O above the target lowers the depth at once, and at depth 1 fails the job
 * @param run keep probing after the depth settled (fio's {@code latency_run})
 */
public record LatencyTarget(Duration target, Duration window, double percentile, boolean run) {

  /** fio's defaults: no target. */
  public static final LatencyTarget NONE =
      new LatencyTarget(Duration.ZERO, Duration.ZERO, 100.0, false);

  public LatencyTarget {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(window, "window");
    if (target.isNegative()) {
      throw new InvalidInputException("latency_target (" + target + ") must not be negative");
    }
    if (window.isNegative()) {
      throw new InvalidInputException("latency_window (" + window + ") must not be negative");
    }
    if (!(percentile >= 0 && percentile <= 100)) {
      throw new InvalidInputException(
          "latency_percentile (" + percentile + ") must be a percentage from 0 to 100, e.g. 99.9");
    }
  }

  /** Whether a target is set. */
  public boolean isSet() {
    return !target.isZero();
  }
}
