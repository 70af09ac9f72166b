package io.fsbench.junit;

import io.fsbench.api.LatencyResult;
import io.fsbench.api.SyncResult;

/**
 * Expectations on a job's fsync/fdatasync calls ({@link SyncResult}): how many there were and how
 * long each took.
 *
 * <pre>{@code
 * RunResult run = FsBench.onDirectory(mount).seqWrite(bytes(2300)).size(mib(22)).fdatasync(1).run();
 * Expect.that(run).sync().latPercentile(99).atMost(Duration.ofMillis(10));
 * }</pre>
 */
public final class SyncExpectation {

  private final RunExpectation run;
  private final SyncResult sync;

  SyncExpectation(RunExpectation run, SyncResult sync) {
    this.run = run;
    this.sync = sync;
  }

  /** How many sync calls the job made. */
  public NumberExpectation<SyncExpectation> count() {
    return new NumberExpectation<>(this, "sync calls", (double) sync.totalIos(), "", run);
  }

  /** A percentile of the sync calls' latency, e.g. {@code 99}. */
  public DurationExpectation<SyncExpectation> latPercentile(double percent) {
    LatencyResult lat = sampled();
    String label = Failures.percentileLabel(percent);
    long nanos =
        lat.percentile(percent)
            .orElseThrow(
                () ->
                    Failures.fail(
                        "sync lat has no "
                            + label
                            + "; the job recorded "
                            + lat.percentiles().keySet()
                            + " (add it with the job's percentiles(...))",
                        run));
    return new DurationExpectation<>(this, "sync lat " + label, nanos, run);
  }

  /** The mean latency of the sync calls. */
  public DurationExpectation<SyncExpectation> latMean() {
    return new DurationExpectation<>(this, "sync lat mean", (long) sampled().mean(), run);
  }

  /** The longest sync call. */
  public DurationExpectation<SyncExpectation> latMax() {
    return new DurationExpectation<>(this, "sync lat max", sampled().max(), run);
  }

  private LatencyResult sampled() {
    if (!sync.lat().hasSamples()) {
      throw Failures.fail(
          "the job made no sync calls; ask for them with fsync(n) or fdatasync(n) on the job", run);
    }
    return sync.lat();
  }
}
