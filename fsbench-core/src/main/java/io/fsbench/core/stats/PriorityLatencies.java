package io.fsbench.core.stats;

import io.fsbench.api.LatencyResult;
import io.fsbench.api.PriorityLatency;
import java.util.ArrayList;
import java.util.List;

/**
 * The latencies of one direction by I/O priority, fio's {@code clat_prio} array: entry 0 is the
 * job's own priority, then each priority its {@code cmdprio*} options give, in their order. What
 * each entry records is the I/O's clat, or its lat when {@code lat_percentiles} is on, as fio's
 * {@code add_clat_sample}/{@code add_lat_sample}. A clone without cmdprio keeps no entries; summed
 * into a group, its whole clat (or lat) counts under its own priority, as fio's {@code
 * sum_clat_prio_stats}.
 */
public final class PriorityLatencies {

  private final List<Integer> values = new ArrayList<>();
  private final List<LatencyRecorder> recorders = new ArrayList<>();
  private final boolean histogram;

  /**
   * @param histogram whether the entries keep histograms (fio's {@code clat_percentiles} or {@code
   *     lat_percentiles})
   */
  PriorityLatencies(boolean histogram) {
    this.histogram = histogram;
  }

  /** Starts the entries of a clone with cmdprio: its own priority first, then {@code others}. */
  public void define(int own, List<Integer> others) {
    values.clear();
    recorders.clear();
    index(own);
    others.forEach(this::index);
  }

  /** Whether the clone (or a member of the sum) kept entries of its own. */
  public boolean defined() {
    return !values.isEmpty();
  }

  /** The entry of priority {@code value}, made when missing. */
  public int index(int value) {
    int at = values.indexOf(value);
    if (at >= 0) {
      return at;
    }
    values.add(value);
    recorders.add(new LatencyRecorder(histogram));
    return values.size() - 1;
  }

  void record(int index, long ns) {
    recorders.get(index).record(ns);
  }

  void reset() {
    recorders.forEach(LatencyRecorder::reset);
  }

  /**
   * Adds a member's entries, or, when it kept none, its {@code whole} latency under its priority
   * {@code own}; {@code running} when the member's thread still records them ({@link
   * LatencyRecorder#merge(LatencyRecorder, boolean)}).
   */
  void add(PriorityLatencies member, int own, LatencyRecorder whole, boolean running) {
    if (!member.defined()) {
      if (whole.moments().count() > 0) {
        recorders.get(index(own)).merge(whole, running);
      }
      return;
    }
    for (int i = 0; i < member.values.size(); i++) {
      if (member.recorders.get(i).moments().count() > 0) {
        recorders.get(index(member.values.get(i))).merge(member.recorders.get(i), running);
      }
    }
  }

  /**
   * fio's {@code prios}: the entries with samples, in order, when there are at least two of them;
   * otherwise none.
   */
  List<PriorityLatency> toResult(List<Double> percents, boolean percentiles, boolean totalLatency) {
    List<PriorityLatency> out = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      LatencyRecorder r = recorders.get(i);
      if (r.moments().count() > 0) {
        LatencyResult latency = r.toResult(percents, percentiles);
        out.add(new PriorityLatency(values.get(i) >> 13, values.get(i) & 7, totalLatency, latency));
      }
    }
    return out.size() >= 2 ? out : List.of();
  }
}
