package io.fsbench.core.nativeio;

import java.time.Duration;

/**
 * What getrusage(2) says a thread or the process has used. Subtract two samples with {@link #minus}
 * to get the usage of an interval; fio's usr/sys % is {@code user / elapsed}.
 */
public record CpuUsage(
    Duration user,
    Duration system,
    long voluntaryContextSwitches,
    long involuntaryContextSwitches,
    long minorFaults,
    long majorFaults,
    long blockInputs,
    long blockOutputs) {

  public CpuUsage {
    if (user.isNegative() || system.isNegative()) {
      throw new IllegalArgumentException(
          "user (" + user + ") and system (" + system + ") CPU time must not be negative");
    }
  }

  /** The usage between {@code earlier} and this sample. */
  public CpuUsage minus(CpuUsage earlier) {
    return new CpuUsage(
        user.minus(earlier.user),
        system.minus(earlier.system),
        voluntaryContextSwitches - earlier.voluntaryContextSwitches,
        involuntaryContextSwitches - earlier.involuntaryContextSwitches,
        minorFaults - earlier.minorFaults,
        majorFaults - earlier.majorFaults,
        blockInputs - earlier.blockInputs,
        blockOutputs - earlier.blockOutputs);
  }
}
