package io.fsbench.junit;

import io.fsbench.api.RunResult;
import java.util.Objects;

/**
 * Expectations on what a run measured, with JDK types only. A failed one throws an {@link
 * AssertionError} (opentest4j's {@code AssertionFailedError}, with the expected and actual values)
 * whose message gives both and the run's parameters: workload, filesystem, tuning, mount options
 * and the job's main options.
 *
 * <pre>{@code
 * RunResult run = FsBench.onDirectory(mount).randWrite(kib(4)).size(mib(64)).run();
 * Expect.that(run).write().iops().atLeast(50_000)
 *     .clatPercentile(99).atMost(Duration.ofMillis(10))
 *     .bwBytes().atLeast(200L << 20);                      // bytes/s
 * Expect.that(postmark).metric("transactions_per_sec").atLeast(1_000);
 * }</pre>
 *
 * <p>The names follow the result model: {@link io.fsbench.api.DirectionResult#iops()}, {@link
 * io.fsbench.api.DirectionResult#bwBytes()} in bytes/s, {@code clat}, {@code lat} and {@code slat}
 * percentiles as fio records them, and any of a result's {@link io.fsbench.api.Metric} names.
 */
public final class Expect {

  private Expect() {}

  /** Expectations on a run: of its only job, or of the one {@link RunExpectation#job} picks. */
  public static RunExpectation that(RunResult run) {
    return new RunExpectation(Objects.requireNonNull(run, "run"), null);
  }
}
