package io.fsbench.cluster.internal;

import io.fsbench.api.LatencyResult;
import io.fsbench.core.stats.LatencyHistogram;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;

/**
 * Latencies of several clients as one: counts add, min and max are the extremes, the mean and
 * standard deviation are pooled exactly from each client's n, mean and deviation, and the
 * percentiles are computed from the clients' histograms added bucket by bucket, with fio's
 * arithmetic. Percentiles are never averaged: when a client sent no histogram, the merged result
 * has no percentiles at all.
 */
public final class Latencies {

  private Latencies() {}

  public static LatencyResult merge(List<LatencyResult> latencies) {
    List<LatencyResult> measured = latencies.stream().filter(LatencyResult::hasSamples).toList();
    if (measured.isEmpty()) {
      return LatencyResult.NONE;
    }
    long n = 0;
    long min = Long.MAX_VALUE;
    long max = 0;
    double sum = 0;
    for (LatencyResult latency : measured) {
      n += latency.n();
      min = Math.min(min, latency.min());
      max = Math.max(max, latency.max());
      sum += latency.mean() * latency.n();
    }
    double mean = sum / n;
    // sum over clients of (n_i - 1) s_i^2 + n_i (mean_i - mean)^2 is the total squared deviation
    double squares = 0;
    for (LatencyResult latency : measured) {
      double diff = latency.mean() - mean;
      squares +=
          (latency.n() - 1) * latency.stddev() * latency.stddev() + latency.n() * diff * diff;
    }
    double stddev = n < 2 ? 0 : Math.sqrt(Math.max(0, squares / (n - 1)));
    boolean histograms = measured.stream().allMatch(l -> !l.bins().isEmpty());
    if (!histograms) {
      return LatencyResult.of(
          min, max, mean, stddev, n, Collections.emptySortedMap(), Collections.emptySortedMap());
    }
    LatencyHistogram histogram = new LatencyHistogram();
    for (LatencyResult latency : measured) {
      latency.bins().forEach(histogram::record);
    }
    List<Double> percents = new ArrayList<>(measured.get(0).percentiles().keySet());
    SortedMap<Double, Long> percentiles =
        percents.isEmpty() ? Collections.emptySortedMap() : histogram.percentiles(percents);
    return LatencyResult.of(min, max, mean, stddev, n, percentiles, histogram.bins());
  }
}
