package io.fsbench.core.stats;

import io.fsbench.api.LatencyResult;
import java.util.Collections;
import java.util.List;

/**
 * One kind of latency (slat, clat, lat or sync) of one direction: its {@link Moments} and, when
 * percentiles are wanted, its {@link LatencyHistogram}. Recording allocates nothing.
 */
public final class LatencyRecorder {

  private final Moments moments = new Moments();
  private LatencyHistogram histogram;

  /**
   * @param histogram whether to keep the histogram that percentiles need
   */
  public LatencyRecorder(boolean histogram) {
    this.histogram = histogram ? new LatencyHistogram() : null;
  }

  public void record(long ns) {
    if (histogram != null) {
      histogram.record(ns); // checks ns >= 0 before the moments see it
    } else if (ns < 0) {
      throw new IllegalArgumentException(
          "latency (" + ns + " ns) is negative; it must come from a monotonic clock");
    }
    moments.add(ns);
  }

  /**
   * Merges {@code other} into this one exactly. A histogram survives only when both have one (or
   * this one has no samples yet): percentiles over part of the samples would be wrong.
   */
  public void merge(LatencyRecorder other) {
    if (other.moments.count() == 0) {
      return;
    }
    if (moments.count() == 0 && histogram == null && other.histogram != null) {
      histogram = new LatencyHistogram(); // nothing recorded here yet, so nothing is lost
    }
    moments.merge(other.moments);
    if (histogram != null && other.histogram != null) {
      histogram.add(other.histogram);
    } else {
      histogram = null;
    }
  }

  /**
   * Merges {@code other} as {@link #merge(LatencyRecorder)}, or, when {@code running}, from a
   * recorder whose thread is still recording into it: its fields are read once each, without a
   * lock, and made consistent with each other (the count is what the histogram read holds, min and
   * max enclose the mean) so that the result is one the recorder could have held a moment ago.
   */
  public void merge(LatencyRecorder other, boolean running) {
    if (!running) {
      merge(other);
      return;
    }
    LatencyRecorder copy = new LatencyRecorder(other.histogram != null);
    copy.moments.copyRunning(other.moments);
    if (copy.histogram != null) {
      copy.histogram.add(other.histogram);
      copy.moments.recount(copy.histogram.count());
    }
    merge(copy);
  }

  public void reset() {
    moments.reset();
    if (histogram != null) {
      histogram.reset();
    }
  }

  public Moments moments() {
    return moments;
  }

  public boolean hasHistogram() {
    return histogram != null;
  }

  /**
   * The result as fio reports it: moments always; percentiles (of {@code percents}) and the
   * histogram's bins when the histogram was kept and there are samples.
   */
  public LatencyResult toResult(List<Double> percents) {
    return toResult(percents, true);
  }

  /**
   * As {@link #toResult(List)}, with percentiles only when {@code wanted}: a group reports them as
   * its last member's {@code *_percentiles} say, as fio's {@code __show_run_stats}.
   */
  public LatencyResult toResult(List<Double> percents, boolean wanted) {
    if (moments.count() == 0) {
      return LatencyResult.NONE;
    }
    boolean withPercentiles = wanted && histogram != null;
    return new LatencyResult(
        moments.min(),
        moments.max(),
        moments.mean(),
        moments.stddev(),
        moments.count(),
        withPercentiles ? histogram.percentiles(percents) : Collections.emptySortedMap(),
        withPercentiles ? histogram.bins() : Collections.emptySortedMap());
  }
}
