package io.fsbench.workloads.fsmark;

import io.fsbench.api.LatencyResult;
import io.fsbench.api.OperationLatency;
import io.fsbench.core.stats.LatencyRecorder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one thread measured in one phase: its loop time, the time inside the timed calls (to derive
 * fs_mark's "app overhead"), its files, and a latency recorder per call, the engine's own (fio's
 * histogram and moments). Merged over threads.
 */
final class PhaseStats {

  private static final List<Double> PERCENTS = List.of(50.0, 90.0, 99.0, 99.9);

  long files;
  long loopNanos;
  long callNanos;
  private final Map<String, LatencyRecorder> recorders = new LinkedHashMap<>();

  /** The recorder for {@code call}, made on first use so that the order of calls is kept. */
  LatencyRecorder recorder(String call) {
    return recorders.computeIfAbsent(call, c -> new LatencyRecorder(true));
  }

  /** Records a timed call and counts it towards the time spent in calls. */
  void call(LatencyRecorder recorder, long nanos) {
    recorder.record(nanos);
    callNanos += nanos;
  }

  void add(PhaseStats other) {
    files += other.files;
    loopNanos += other.loopNanos;
    callNanos += other.callNanos;
    for (Map.Entry<String, LatencyRecorder> e : other.recorders.entrySet()) {
      recorder(e.getKey()).merge(e.getValue());
    }
  }

  List<OperationLatency> latencies() {
    List<OperationLatency> latencies = new ArrayList<>();
    for (Map.Entry<String, LatencyRecorder> e : recorders.entrySet()) {
      LatencyResult r = e.getValue().toResult(PERCENTS);
      if (r.n() > 0) {
        latencies.add(
            new OperationLatency(
                e.getKey(),
                r.n(),
                r.min(),
                r.mean(),
                percentile(r, 50.0),
                percentile(r, 90.0),
                percentile(r, 99.0),
                percentile(r, 99.9),
                r.max()));
      }
    }
    return latencies;
  }

  /** A bucket's midpoint may lie just outside the exact extremes; the percentile cannot. */
  private static long percentile(LatencyResult r, double percent) {
    return Math.max(r.min(), Math.min(r.max(), r.percentiles().get(percent)));
  }
}
