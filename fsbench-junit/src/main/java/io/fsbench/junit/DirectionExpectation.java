package io.fsbench.junit;

import io.fsbench.api.DirectionResult;
import io.fsbench.api.LatencyResult;

/**
 * Expectations on one direction (read, write or trim) of a block job, named after {@link
 * DirectionResult}: IOPS, bandwidth in bytes/s, bytes moved, and completion ({@code clat}), total
 * ({@code lat}) and submission ({@code slat}) latency. Each expectation returns this, to chain the
 * next.
 *
 * <pre>{@code
 * Expect.that(run).write()
 *     .iops().atLeast(50_000)
 *     .clatPercentile(99).atMost(Duration.ofMillis(10))
 *     .bwBytes().between(100e6, 2e9);
 * }</pre>
 */
public final class DirectionExpectation {

  private final RunExpectation run;
  private final String name;
  private final DirectionResult direction;

  DirectionExpectation(RunExpectation run, String name, DirectionResult direction) {
    this.run = run;
    this.name = name;
    this.direction = direction;
  }

  /** I/Os per second over the runtime ({@link DirectionResult#iops()}). */
  public NumberExpectation<DirectionExpectation> iops() {
    return number("IOPS", direction.iops(), "IOPS");
  }

  /** Bandwidth in bytes per second over the runtime ({@link DirectionResult#bwBytes()}). */
  public NumberExpectation<DirectionExpectation> bwBytes() {
    return number("bandwidth", (double) direction.bwBytes(), "B/s");
  }

  /** Bytes transferred ({@link DirectionResult#ioBytes()}). */
  public NumberExpectation<DirectionExpectation> ioBytes() {
    return number("bytes transferred", (double) direction.ioBytes(), "B");
  }

  /** A completion-latency percentile that the job recorded, e.g. {@code 99} or {@code 99.9}. */
  public DurationExpectation<DirectionExpectation> clatPercentile(double percent) {
    return percentile("clat", direction.clat(), percent);
  }

  /** The mean completion latency. */
  public DurationExpectation<DirectionExpectation> clatMean() {
    return latency("clat mean", direction.clat(), (long) direction.clat().mean());
  }

  /** The largest completion latency. */
  public DurationExpectation<DirectionExpectation> clatMax() {
    return latency("clat max", direction.clat(), direction.clat().max());
  }

  /** A total-latency percentile (submission and completion) that the job recorded. */
  public DurationExpectation<DirectionExpectation> latPercentile(double percent) {
    return percentile("lat", direction.lat(), percent);
  }

  /** A submission-latency percentile; only asynchronous engines (libaio, io_uring) have one. */
  public DurationExpectation<DirectionExpectation> slatPercentile(double percent) {
    return percentile("slat", direction.slat(), percent);
  }

  private NumberExpectation<DirectionExpectation> number(String what, double value, String unit) {
    return new NumberExpectation<>(this, name + " " + what, value, unit, run);
  }

  private DurationExpectation<DirectionExpectation> percentile(
      String kind, LatencyResult latency, double percent) {
    String what = kind + " " + Failures.percentileLabel(percent);
    LatencyResult measured = sampled(what, latency);
    return latency(
        what,
        measured,
        measured
            .percentile(percent)
            .orElseThrow(
                () ->
                    Failures.fail(
                        name
                            + " "
                            + kind
                            + " has no "
                            + Failures.percentileLabel(percent)
                            + "; the job recorded "
                            + measured.percentiles().keySet()
                            + " (add it with the job's percentiles(...))",
                        run)));
  }

  private DurationExpectation<DirectionExpectation> latency(
      String what, LatencyResult latency, long nanos) {
    sampled(what, latency);
    return new DurationExpectation<>(this, name + " " + what, nanos, run);
  }

  private LatencyResult sampled(String what, LatencyResult latency) {
    if (!latency.hasSamples()) {
      throw Failures.fail(
          name
              + " "
              + what
              + " has no samples: "
              + (direction.hasIo()
                  ? "this latency was not measured (slat needs an asynchronous engine)"
                  : "the job did no " + name + " I/O"),
          run);
    }
    return latency;
  }
}
