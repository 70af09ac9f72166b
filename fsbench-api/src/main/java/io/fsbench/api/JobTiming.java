package io.fsbench.api;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a job runs and how fast: its runtime, ramp and loops, the rate caps and pacing, when it
 * may start and when it is steady. One of the groups of a {@link JobSpec}; the builder's flat verbs
 * fill it.
 *
 * <pre>{@code
 * JobTiming timing =
 *     JobSpec.randRead(Size.kib(4)).runtime(Duration.ofSeconds(8)).timeBased().build().timing();
 * }</pre>
 *
 * @param timeBased loop over the region until {@code runtime} expires
 * @param runtime cap on the run time; zero for none
 * @param rampTime time run before measuring starts; its stats are discarded
 * @param loops passes over the region
 * @param rate bandwidth and IOPS caps per direction
 * @param pacing think time, start delay, rate process and minimum rates
 * @param steadyState fio's steady-state detection ({@code ss}, {@code ss_dur}, {@code ss_ramp})
 * @param stonewall wait for the jobs before this one to finish before starting
 */
public record JobTiming(
    boolean timeBased,
    Duration runtime,
    Duration rampTime,
    int loops,
    JobSpec.RateLimit rate,
    Pacing pacing,
    SteadyState steadyState,
    boolean stonewall) {

  public JobTiming {
    Objects.requireNonNull(rate, "rate");
    Objects.requireNonNull(pacing, "pacing");
    Objects.requireNonNull(steadyState, "steadyState");
    JobSpecRules.range("loops", loops, 1, Integer.MAX_VALUE);
    JobSpecRules.nonNegative("runtime", runtime);
    JobSpecRules.nonNegative("ramp_time", rampTime);
  }
}
