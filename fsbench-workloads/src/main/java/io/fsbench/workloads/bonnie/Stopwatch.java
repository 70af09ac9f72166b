package io.fsbench.workloads.bonnie;

import io.fsbench.api.BonnieResult;
import io.fsbench.core.nativeio.CpuUsage;
import io.fsbench.core.nativeio.ThreadCpu;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * bonnie++'s {@code BonTimer} for one test: the wall clock and the process's CPU (getrusage
 * RUSAGE_SELF, user plus system, as bonnie++'s {@code CPU_Duration}) from {@link #start} to {@link
 * #stop}, and the longest single operation between {@link #opStart} and {@link #opStop}, as its
 * {@code Duration::getMax}.
 */
final class Stopwatch {

  private final LongSupplier clock;
  private long start;
  private Duration cpuStart = Duration.ZERO;
  private long opStart;
  private long maxOp;

  Stopwatch(LongSupplier clock) {
    this.clock = clock;
  }

  /** The process's user plus system time so far. */
  static Duration processCpu() {
    CpuUsage usage = ThreadCpu.process();
    return usage.user().plus(usage.system());
  }

  void start() {
    maxOp = 0;
    cpuStart = processCpu();
    start = clock.getAsLong();
  }

  void opStart() {
    opStart = clock.getAsLong();
  }

  void opStop() {
    maxOp = Math.max(maxOp, clock.getAsLong() - opStart);
  }

  long now() {
    return clock.getAsLong();
  }

  /** The test's figures, with what it did. */
  BonnieResult.TestResult stop(
      BonnieResult.Test test, long amount, long ops, long read, long written, long fsyncs) {
    long elapsed = clock.getAsLong() - start;
    Duration cpu = processCpu().minus(cpuStart);
    return new BonnieResult.TestResult(
        test,
        amount,
        Duration.ofNanos(elapsed),
        cpu,
        Duration.ofNanos(maxOp),
        ops,
        read,
        written,
        fsyncs);
  }
}
