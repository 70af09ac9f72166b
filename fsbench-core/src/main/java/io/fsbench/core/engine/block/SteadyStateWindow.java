package io.fsbench.core.engine.block;

import io.fsbench.api.SteadyState;
import io.fsbench.api.SteadyStateResult;
import java.util.ArrayList;
import java.util.List;

/**
 * fio's steady-state window ({@code steadystate.c}): a ring of the last {@code ss_dur} one-second
 * IOPS and bandwidth samples, and the criterion over it once it is full. The arithmetic is fio's,
 * its integer steps included: the slope's percentage divides by the mean taken in integers, the
 * deviation's by the mean taken in doubles, and the slope assumes equally spaced samples.
 */
final class SteadyStateWindow {

  private final SteadyState setting;
  private final int dur;
  private final long[] iops;
  private final long[] bw;
  private final long sumX;
  private final long sumXSquared;
  private int head;
  private int tail;
  private boolean full;
  private boolean attained;
  private long sumY;
  private long sumXy;
  private long oldestY;
  private double slope;
  private double deviation;
  private double criterion;

  SteadyStateWindow(SteadyState setting) {
    this.setting = setting;
    this.dur = setting.samples();
    this.iops = new long[dur];
    this.bw = new long[dur];
    this.sumX = (long) dur * (dur - 1) / 2;
    this.sumXSquared = (long) (dur - 1) * dur * (2L * dur - 1) / 6;
  }

  /** Adds one second's sample; whether the criterion is now met (the job then ends). */
  boolean add(long iopsSample, long bwSample) {
    iops[tail] = iopsSample;
    bw[tail] = bwSample;
    if (full || tail - head == dur - 1) {
      if (setting.criterion().isSlope() ? slopeMet() : deviationMet()) {
        attained = true;
        return true;
      }
    }
    tail = (tail + 1) % dur;
    if (tail <= head) {
      head = (head + 1) % dur;
    }
    return false;
  }

  private long[] judged() {
    return setting.criterion().judgesIops() ? iops : bw;
  }

  private boolean slopeMet() {
    long[] y = judged();
    long newest = y[tail];
    if (!full) {
      sumY = 0;
      for (int i = 0; i < dur; i++) {
        sumY += y[i];
        sumXy += i * y[(head + i) % dur];
      }
      full = true;
    } else {
      sumY = sumY - oldestY + newest;
      sumXy = sumXy - sumY + dur * newest;
    }
    oldestY = y[head];
    slope = (sumXy - (double) sumX * sumY / dur) / (sumXSquared - (double) sumX * sumX / dur);
    // fio divides by sum_y / dur in integers here, unlike the deviation's mean
    criterion = setting.percent() ? 100.0 * slope / Long.divideUnsigned(sumY, dur) : slope;
    return Math.abs(criterion) < setting.limit();
  }

  private boolean deviationMet() {
    long[] y = judged();
    if (!full) {
      sumY = 0;
      for (int i = 0; i < dur; i++) {
        sumY += y[i];
      }
      full = true;
    } else {
      sumY = sumY - oldestY + y[tail];
    }
    oldestY = y[head];
    double mean = (double) sumY / dur;
    deviation = 0.0;
    for (int i = 0; i < dur; i++) {
      deviation = Math.max(deviation, Math.abs(y[i] - mean));
    }
    criterion = setting.percent() ? 100.0 * deviation / mean : deviation;
    return criterion < setting.limit();
  }

  /**
   * The window as fio's JSON lists it, oldest sample first: {@code head} is the oldest when the
   * criterion was met or the ring never filled; otherwise the ring moved on after the last check,
   * and the oldest is the one before it.
   */
  SteadyStateResult result() {
    int first = attained || !full ? head : (head == 0 ? dur - 1 : head - 1);
    List<Long> iopsOut = new ArrayList<>(dur);
    List<Long> bwOut = new ArrayList<>(dur);
    for (int i = 0; i < dur; i++) {
      int k = (first + i) % dur;
      iopsOut.add(iops[k]);
      bwOut.add(bw[k]);
    }
    return new SteadyStateResult(setting, attained, criterion, deviation, slope, iopsOut, bwOut);
  }
}
