package io.fsbench.core.engine.block;

import io.fsbench.api.SteadyState;
import io.fsbench.api.SteadyStateResult;
import io.fsbench.core.stats.Direction;
import io.fsbench.core.stats.IoCounters;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * fio's {@code steadystate_check}, run by a helper thread once a second (fio's {@code
 * STEADYSTATE_MSEC}) over the clones of a batch, in thread order: each running clone's IOPS and
 * bytes/s since the last tick (integer arithmetic, per elapsed whole ms, as fio) go into its own
 * window, or, under group reporting, are summed over the group into the window of its last clone;
 * when the window meets its criterion, the clone (or every clone of the group) is told to stop.
 * Ticks start when the batch does; a clone is sampled from its first I/O (its epoch) on, and only
 * {@code ss_ramp} plus one second after it, as fio's {@code FIO_SS_RAMP_OVER}.
 */
final class SteadyStateMonitor implements AutoCloseable {

  private static final long TICK_NANOS = 1_000_000_000L;

  /** One clone as the check sees it. */
  static final class Subject {
    private final SteadyState setting;
    private final int groupId;
    private final boolean groupReporting;
    private final IoCounters counters;
    private volatile long epochNanos = -1;
    private volatile boolean done;
    private volatile boolean stop;
    private SteadyStateWindow window;
    private boolean rampOver;
    private boolean attained;
    private long prevNanos;
    private long prevIos;
    private long prevBytes;

    Subject(SteadyState setting, int groupId, boolean groupReporting, IoCounters counters) {
      this.setting = setting;
      this.groupId = groupId;
      this.groupReporting = groupReporting;
      this.counters = counters;
      this.rampOver = setting.ramp().isZero();
    }

    /** Called by the clone's thread when its I/O starts: fio's epoch. */
    void start(long nowNanos) {
      prevNanos = nowNanos; // read by the helper only after it sees the epoch
      epochNanos = nowNanos;
    }

    /** Called by the clone's thread when its I/O has ended. */
    void finish() {
      done = true;
    }

    /** Whether the check has told the clone to stop: steady state was attained. */
    boolean stopRequested() {
      return stop;
    }

    /** What the clone's window holds; only after {@link SteadyStateMonitor#close()}. */
    SteadyStateResult result(List<Subject> group) {
      if (!setting.enabled()) {
        return SteadyStateResult.NONE;
      }
      // fio's JSON copies the steady-state fields of each member in turn: the last one's stay
      Subject holder = group.isEmpty() ? this : group.get(group.size() - 1);
      if (holder.window == null) {
        return new SteadyStateWindow(setting).result();
      }
      return holder.window.result();
    }
  }

  private final List<Subject> subjects = new ArrayList<>();
  private final LongSupplier clock;
  private Ticker ticker;

  SteadyStateMonitor(LongSupplier clock) {
    this.clock = clock;
  }

  /** Registers a clone, in thread order, before {@link #begin()}. */
  Subject register(SteadyState setting, int groupId, boolean groupReporting, IoCounters counters) {
    Subject subject = new Subject(setting, groupId, groupReporting, counters);
    subjects.add(subject);
    return subject;
  }

  /**
   * Gives each clone with detection its window (under group reporting, the last clone of each
   * group, as fio's {@code steadystate_setup}) and starts ticking, if any clone detects.
   */
  void begin() {
    assignWindows();
    if (subjects.stream().anyMatch(s -> s.setting.enabled())) {
      ticker =
          Ticker.start("fsbench-steadystate", clock, TICK_NANOS, () -> check(clock.getAsLong()));
    }
  }

  void assignWindows() {
    Subject previous = null;
    for (Subject s : subjects) {
      if (!s.setting.enabled()) {
        continue;
      }
      if (!s.groupReporting) {
        s.window = new SteadyStateWindow(s.setting);
        continue;
      }
      if (previous != null && previous.groupId != s.groupId && previous.groupReporting) {
        previous.window = new SteadyStateWindow(previous.setting);
      }
      previous = s;
    }
    if (previous != null && previous.groupReporting) {
      previous.window = new SteadyStateWindow(previous.setting);
    }
  }

  /** The clones of the group {@code subject} is reported with (itself alone without it). */
  List<Subject> reportedWith(Subject subject) {
    if (!subject.groupReporting) {
      return List.of(subject);
    }
    List<Subject> group = new ArrayList<>();
    for (Subject s : subjects) {
      if (s.groupReporting && s.groupId == subject.groupId) {
        group.add(s);
      }
    }
    return group;
  }

  /** One pass of fio's {@code steadystate_check} at {@code now}. */
  synchronized void check(long now) {
    long groupBw = 0;
    long groupIops = 0;
    int groupRampOver = 0;
    int prevGroup = -1;
    for (Subject s : subjects) {
      long epoch = s.epochNanos;
      if (!s.setting.enabled() || epoch < 0 || s.done || s.attained) {
        continue;
      }
      if (!s.groupReporting || s.groupId != prevGroup) {
        groupBw = 0;
        groupIops = 0;
        groupRampOver = 0;
      }
      prevGroup = s.groupId;
      if (!s.rampOver && now - epoch >= s.setting.ramp().toNanos() + TICK_NANOS) {
        s.rampOver = true;
      }
      long ios = 0;
      long bytes = 0;
      for (Direction d : Direction.values()) {
        ios += s.counters.ios(d);
        bytes += s.counters.bytes(d);
      }
      // fio's mtime_since in whole ms; a tick within a ms of the epoch would divide by zero there
      long ms = Math.max(1, (now - s.prevNanos) / 1_000_000L);
      s.prevNanos = now;
      if (s.rampOver) {
        groupBw += 1000 * (bytes - s.prevBytes) / ms;
        groupIops += 1000 * (ios - s.prevIos) / ms;
        groupRampOver++;
      }
      s.prevIos = ios;
      s.prevBytes = bytes;
      if ((s.groupReporting && s.window == null) || groupRampOver == 0) {
        continue;
      }
      if (s.window.add(groupIops, groupBw)) {
        for (Subject member : reportedWith(s)) {
          member.attained = true;
          member.stop = true;
        }
      }
    }
  }

  /** Stops the helper and waits for it, so that the windows can be read. */
  @Override
  public void close() {
    if (ticker != null) {
      ticker.close();
    }
  }
}
