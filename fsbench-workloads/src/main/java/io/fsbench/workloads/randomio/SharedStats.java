package io.fsbench.workloads.randomio;

import io.fsbench.api.RandomIoResult;
import io.fsbench.api.RandomIoSpec;
import io.fsbench.workloads.common.Drand48;
import java.time.Duration;

/**
 * randomio's {@code stats[2]} and its drand48, behind randomio's one {@code stats_lock}: a thread
 * records an I/O's latency and draws its next offset and direction in one critical section, as
 * {@code thrasher} does; the sampler takes and resets the statistics under the same lock. With the
 * per-thread extension each thread draws from its own stream, and the lock guards only the
 * statistics.
 */
final class SharedStats {

  static final int READ = 0;
  static final int WRITE = 1;

  private final Drand48 shared = Drand48.unseeded();
  private final long[] count = new long[2];
  private final double[] sum = new double[2];
  private final double[] sumSquares = new double[2];
  private final long[] min = {Long.MAX_VALUE, Long.MAX_VALUE};
  private final long[] max = new long[2];
  private long fsyncs;
  private final boolean perThread;

  SharedStats(RandomIoSpec spec) {
    this.perThread = spec.perThreadRandom();
  }

  /** The stream a thread draws from: the shared one, or (extension) srand48(thread + 1)'s. */
  Drand48 streamFor(int thread) {
    return perThread ? Drand48.seeded(thread + 1) : shared;
  }

  /** A thread's first draw, which randomio makes under its start-up mutex. */
  synchronized void first(Drand48 stream, double[] next) {
    next[0] = stream.next();
    next[1] = stream.next();
  }

  /** Records one I/O and draws the next {@code d_offs}, {@code d_rdwr} into {@code next}. */
  synchronized void record(
      int direction, long latencyNanos, boolean fsynced, Drand48 stream, double[] next) {
    count[direction]++;
    sum[direction] += latencyNanos;
    sumSquares[direction] += (double) latencyNanos * latencyNanos;
    min[direction] = Math.min(min[direction], latencyNanos);
    max[direction] = Math.max(max[direction], latencyNanos);
    if (fsynced) {
      fsyncs++;
    }
    next[0] = stream.next();
    next[1] = stream.next();
  }

  /** The statistics since the last call, which are then cleared; the caller times the sample. */
  synchronized RandomIoResult.Sample takeAndReset() {
    RandomIoResult.Sample sample =
        new RandomIoResult.Sample(Duration.ZERO, latencies(READ), latencies(WRITE));
    for (int d = READ; d <= WRITE; d++) {
      count[d] = 0;
      sum[d] = 0;
      sumSquares[d] = 0;
      min[d] = Long.MAX_VALUE;
      max[d] = 0;
    }
    return sample;
  }

  synchronized long fsyncs() {
    return fsyncs;
  }

  private RandomIoResult.Latencies latencies(int d) {
    return new RandomIoResult.Latencies(
        count[d], sum[d], sumSquares[d], count[d] == 0 ? 0 : min[d], max[d]);
  }
}
