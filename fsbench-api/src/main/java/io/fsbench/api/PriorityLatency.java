package io.fsbench.api;

import java.util.Objects;

/**
 * The latency of the I/Os of one direction that carried one priority (fio's {@code prios} array,
 * filled by {@code cmdprio*} or by a group of jobs with different {@code prio}s).
 *
 * @param ioClass the priority class (0 none, 1 real-time, 2 best-effort, 3 idle)
 * @param level the level, 0 to 7
 * @param totalLatency whether {@code latency} is lat (fio's {@code lat_ns}, with {@code
 *     lat_percentiles}) rather than clat ({@code clat_ns})
 * @param latency the latencies of those I/Os
 */
public record PriorityLatency(int ioClass, int level, boolean totalLatency, LatencyResult latency) {

  public PriorityLatency {
    Objects.requireNonNull(latency, "latency");
    if (ioClass < 0 || ioClass > 7 || level < 0 || level > 7) {
      throw new IllegalArgumentException(
          "priority class (" + ioClass + ") and level (" + level + ") must be 0 to 7");
    }
  }
}
