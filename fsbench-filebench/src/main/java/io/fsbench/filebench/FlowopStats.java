package io.fsbench.filebench;

import io.fsbench.core.stats.LatencyHistogram;

/**
 * One flowop instance's statistics, as {@code flowop.c: flowop_endop} keeps its {@code fo_stats}:
 * count, bytes, total, minimum and maximum latency, plus fsbench's latency histogram (fio's) for
 * percentiles. Recorded by its thread; cleared and read by the run's controller, so every access
 * takes the object's (uncontended) lock.
 */
final class FlowopStats {

  private final LatencyHistogram histogram = new LatencyHistogram();
  private long count;
  private long bytes;
  private long totalNanos;
  private long minNanos = Long.MAX_VALUE;
  private long maxNanos;

  synchronized void record(long nanos, long byteCount) {
    histogram.record(nanos);
    count++;
    bytes += byteCount;
    totalNanos += nanos;
    if (nanos < minNanos) {
      minNanos = nanos;
    }
    if (nanos > maxNanos) {
      maxNanos = nanos;
    }
  }

  /** The count so far, as finishoncount and opslimit with a target read it. */
  synchronized long count() {
    return count;
  }

  synchronized long bytes() {
    return bytes;
  }

  synchronized void clear() {
    histogram.reset();
    count = 0;
    bytes = 0;
    totalNanos = 0;
    minNanos = Long.MAX_VALUE;
    maxNanos = 0;
  }

  /** Adds this instance's figures to {@code total}: filebench's roll-up into the master flowop. */
  synchronized void addTo(Totals total) {
    total.histogram.add(histogram);
    total.count += count;
    total.bytes += bytes;
    total.totalNanos += totalNanos;
    total.minNanos = Math.min(total.minNanos, minNanos);
    total.maxNanos = Math.max(total.maxNanos, maxNanos);
  }

  /** The sum over the instances of one flowop name. */
  static final class Totals {
    final LatencyHistogram histogram = new LatencyHistogram();
    long count;
    long bytes;
    long totalNanos;
    long minNanos = Long.MAX_VALUE;
    long maxNanos;
  }
}
