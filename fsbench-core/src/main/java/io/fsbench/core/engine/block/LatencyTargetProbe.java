package io.fsbench.core.engine.block;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.LatencyProfile;
import io.fsbench.api.LatencyTarget;

/**
 * fio 3.33's latency target (io_u.c {@code lat_target_*}): the queue depth a job may use while it
 * looks for the deepest one at which {@code percentile} % of a window's I/Os complete (total
 * latency) within the target.
 *
 * <p>It starts at depth 1 with the job's {@code iodepth} as the ceiling. After each window (checked
 * after each turn of the I/O loop, once {@code window} has passed since the window began) the share
 * of its completed I/Os within the target decides: met, the depth becomes the floor and doubles
 * (or, once a miss set a lower ceiling, goes halfway up to it; three met windows just below the
 * ceiling raise the ceiling by one); missed, the depth becomes the ceiling and goes halfway down to
 * the floor (the floor stepping down when they meet), and the I/Os in flight complete first. With
 * {@code percentile} 100 each late I/O is a miss at once, and a late I/O at depth 1 fails the job.
 * When a met window leaves the depth where it was, the job measures one more window at that depth
 * with its statistics started anew, and a met window after that ends the job, unless {@code
 * latency_run} keeps it probing.
 */
final class LatencyTargetProbe {

  /** What the I/O loop does after a check. */
  enum Step {
    /** Go on. */
    NONE,
    /**
     * The depth went down: let the I/Os in flight complete before issuing more, then call {@link
     * #restarted}.
     */
    QUIESCE,
    /** The depth settled: complete the I/Os in flight and start the statistics anew. */
    FINAL_WINDOW,
    /** The final window met the target: the job ends. */
    DONE
  }

  private final LatencyTarget target;
  private final long targetNs;
  private final long windowNs;
  private final int iodepth;
  private int depth;
  private int low;
  private int high;
  private int stableCount;
  private boolean finalWindow;
  private long windowStart;
  private long completed;
  private long failed;

  LatencyTargetProbe(LatencyTarget target, int iodepth) {
    this.target = target;
    this.targetNs = target.target().toNanos();
    // fio counts the window in whole microseconds
    this.windowNs = target.window().toNanos() / 1000 * 1000;
    this.iodepth = iodepth;
    this.depth = iodepth;
  }

  boolean isSet() {
    return target.isSet();
  }

  /** fio's {@code lat_target_init}, at the start of each pass. */
  void start(long now) {
    finalWindow = false;
    if (target.isSet()) {
      depth = 1;
      high = iodepth;
      low = 1;
      newWindow(now);
    } else {
      depth = iodepth;
    }
  }

  /** fio's {@code latency_depth} and the target's settings, as its JSON prints them. */
  LatencyProfile profile() {
    if (!target.isSet()) {
      return LatencyProfile.untargeted(iodepth);
    }
    return new LatencyProfile(
        depth,
        target.target().toNanos() / 1000 * 1000, // fio keeps the target in us, prints it in ns
        target.percentile(),
        target.window().toNanos() / 1000);
  }

  /** The depth the loop may fill now (fio's {@code queue_full} against {@code latency_qd}). */
  int depth() {
    return depth;
  }

  /**
   * One I/O completed with total latency {@code latNs}. Returns {@link Step#QUIESCE} when, at
   * percentile 100, it lowered the depth.
   *
   * @throws FsBenchException at percentile 100 when it missed at depth 1: fio's job error
   */
  Step completed(long latNs, long now, String job, String what) {
    if (!target.isSet()) {
      return Step.NONE;
    }
    completed++;
    if (latNs <= targetNs) {
      return Step.NONE;
    }
    if (target.percentile() < 100.0) {
      failed++;
      return Step.NONE;
    }
    if (depth == 1) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "job '"
              + job
              + "': latency of "
              + latNs
              + " nsec exceeds specified max ("
              + targetNs
              + " nsec): "
              + what
              + " (fio's latency_target at depth 1 with latency_percentile=100; give a higher"
              + " target or a lower percentile)");
    }
    rampDown(now);
    return Step.QUIESCE;
  }

  /** fio's {@code lat_target_check}, after each turn of the I/O loop (not during ramp time). */
  Step check(long now) {
    if (!target.isSet() || now - windowStart < windowNs) {
      return Step.NONE;
    }
    // fio divides in doubles: no completion in the window is 0/0, which meets no percentile
    double success = 100.0 * (double) (completed - failed) / (double) completed;
    if (success >= target.percentile()) {
      return met(now);
    }
    if (depth == 1) {
      // fio's __lat_target_failed gives up at depth 1 without a new window: the next turn checks
      // the same window again, with the I/Os completed since
      return Step.NONE;
    }
    rampDown(now);
    return Step.QUIESCE;
  }

  private Step met(long now) {
    int before = depth;
    low = depth;
    if (depth + 1 == high && ++stableCount >= 3) {
      high++;
      stableCount = 0;
    }
    depth = high != iodepth ? (depth + high) / 2 : depth * 2;
    depth = Math.min(depth, iodepth);
    Step step = Step.NONE;
    if (!target.run() && depth == before) {
      step = finalWindow ? Step.DONE : Step.FINAL_WINDOW;
      finalWindow = true;
    }
    newWindow(now);
    return step;
  }

  private void rampDown(long now) {
    high = depth;
    if (depth == low) {
      low--;
    }
    depth = (depth + low) / 2;
    stableCount = 0;
    // the loop lets the I/Os in flight complete, then calls restarted: they count in no window
  }

  /**
   * fio's {@code lat_target_reset} when the statistics start anew (the end of ramp time): the probe
   * starts again, unless it is in its final window.
   */
  void reset(long now) {
    if (!finalWindow) {
      start(now);
    }
  }

  /**
   * After the I/Os in flight completed (a lower depth, or the statistics started anew for the final
   * window): the next window counts from here, as fio's {@code lat_new_cycle}.
   */
  void restarted(long now) {
    newWindow(now);
  }

  private void newWindow(long now) {
    windowStart = now;
    completed = 0;
    failed = 0;
  }
}
