package io.fsbench.core.stats;

import io.fsbench.api.CpuResult;
import io.fsbench.api.DirectionResult;
import io.fsbench.api.JobResult;
import io.fsbench.api.LatencyResult;
import io.fsbench.api.RateSamples;
import io.fsbench.api.SetupTimes;
import io.fsbench.api.SteadyStateResult;
import io.fsbench.api.SyncResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Turns the measurements of finished job clones into {@link JobResult}s the way fio's {@code
 * __show_run_stats} does: clones are reported one by one, or summed per group under group
 * reporting; then each direction's share of its group's aggregate bandwidth ({@code bw_agg}) and
 * the percentages are computed.
 */
public final class JobResults {

  private JobResults() {}

  /**
   * One finished clone: what it was and what it measured, and what its steady-state detection saw
   * (under group reporting, its group's window).
   */
  public record Clone(JobInfo info, JobStats stats, SteadyStateResult steadyState) {
    public Clone {
      Objects.requireNonNull(info, "info");
      Objects.requireNonNull(stats, "stats");
      Objects.requireNonNull(steadyState, "steadyState");
    }

    /** A clone without steady-state detection. */
    public Clone(JobInfo info, JobStats stats) {
      this(info, stats, SteadyStateResult.NONE);
    }
  }

  /**
   * The results of {@code clones}, given in the order they ran. Consecutive clones of the same
   * group are summed into one result when group reporting is on (fio's rule, so a group can sum
   * different jobs; the first one names it).
   */
  public static List<JobResult> of(List<Clone> clones) {
    List<Entry> entries = summed(clones);
    Map<Integer, GroupRun> groups = new HashMap<>();
    for (Entry entry : entries) {
      groups.computeIfAbsent(entry.first.groupid(), g -> new GroupRun()).add(entry.stats);
    }
    List<JobResult> results = new ArrayList<>();
    for (Entry entry : entries) {
      results.add(entry.toResult(groups.get(entry.first.groupid())));
    }
    return List.copyOf(results);
  }

  private static List<Entry> summed(List<Clone> clones) {
    List<Entry> entries = new ArrayList<>();
    Entry current = null;
    for (Clone clone : clones) {
      boolean startsNew =
          current == null
              || !clone.info().groupReporting()
              || clone.info().groupid() != current.first.groupid();
      if (startsNew) {
        current = new Entry(clone);
        entries.add(current);
      } else {
        current.add(clone);
      }
    }
    return entries;
  }

  /** One reported job: one clone, or a group's clones summed. */
  private static final class Entry {
    private final JobInfo first;
    private final JobStats stats;
    private Clone last;
    private final Set<String> mechanisms = new LinkedHashSet<>();
    private int members;
    private int error;
    private io.fsbench.api.JobErrors errors;
    private long elapsedSec;
    private SetupTimes setup = SetupTimes.NONE;
    private boolean perPriority; // fio's inverted ts->disable_prio_stat
    private int firstPriority;

    Entry(Clone clone) {
      first = clone.info();
      stats = clone.stats().emptyCopy();
      add(clone);
    }

    void add(Clone clone) {
      // fio keeps per-priority stats for a report when a member had cmdprio entries or its
      // members ran with different priorities (setup_clat_prio_stats... in __show_run_stats)
      for (Direction d : Direction.values()) {
        perPriority |= clone.stats().prios(d).defined();
      }
      if (members == 0) {
        firstPriority = clone.stats().ownPriority();
      }
      perPriority |= clone.stats().ownPriority() != firstPriority;
      stats.add(clone.stats());
      last = clone;
      members++;
      if (error == 0) {
        error = clone.info().error();
      }
      errors = errors == null ? clone.info().errors() : errors.plus(clone.info().errors());
      elapsedSec = Math.max(elapsedSec, clone.info().elapsedSec());
      mechanisms.add(clone.info().ioMechanism());
      setup = setup.plus(clone.info().setup());
    }

    JobResult toResult(GroupRun group) {
      long rwIos = stats.totalRwIos();
      IoDepths depths = stats.depths();
      LatencyBuckets buckets = stats.latencyBuckets();
      return new JobResult(
          first.name(),
          first.groupid(),
          members,
          first.jobStartMs(),
          error,
          elapsedSec,
          first.options(),
          direction(Direction.READ, group),
          direction(Direction.WRITE, group),
          direction(Direction.TRIM, group),
          new SyncResult(stats.syncIos(), stats.sync().toResult(first.percentiles())),
          stats.jobRuntimeMs(),
          cpu(),
          first.ioDepth(),
          depths.levels(rwIos),
          depths.submitted(),
          depths.completed(),
          buckets.nanoseconds(rwIos),
          buckets.microseconds(rwIos),
          buckets.milliseconds(rwIos),
          String.join(",", mechanisms),
          setup,
          last.steadyState(),
          errors,
          last.info().latencyProfile());
    }

    /**
     * A group reports the percentiles its last member asks for (its list and its {@code
     * *_percentiles}), as fio's {@code __show_run_stats} copies them from each member in turn.
     */
    private LatencyResult latency(LatencyRecorder summed, LatencyRecorder lastMember) {
      return summed.toResult(last.info().percentiles(), lastMember.hasHistogram());
    }

    private DirectionResult direction(Direction d, GroupRun group) {
      Moments bw = stats.bw(d);
      return new DirectionResult(
          stats.ioBytes(d),
          stats.runtimeMs(d),
          stats.totalIos(d),
          stats.shortIos(d),
          stats.dropIos(d),
          latency(stats.slat(d), last.stats().slat(d)),
          latency(stats.clat(d), last.stats().clat(d)),
          latency(stats.lat(d), last.stats().lat(d)),
          samples(bw),
          bw.count() == 0 ? 0.0 : group.shareOfAggregate(d, bw.mean()),
          samples(stats.iops(d)),
          perPriority
              ? stats
                  .prios(d)
                  .toResult(
                      last.info().percentiles(),
                      last.stats().clat(d).hasHistogram() || last.stats().lat(d).hasHistogram(),
                      last.stats().latPercentiles())
              : List.of());
    }

    /** fio's CPU %: CPU ms over the job's wall ms, summed over the members. */
    private CpuResult cpu() {
      long runtime = stats.jobRuntimeMs();
      double usr = runtime == 0 ? 0 : (double) stats.usrMs() * 100 / (double) runtime;
      double sys = runtime == 0 ? 0 : (double) stats.sysMs() * 100 / (double) runtime;
      return new CpuResult(usr, sys, stats.ctx(), stats.majf(), stats.minf());
    }

    private static RateSamples samples(Moments moments) {
      if (moments.count() == 0) {
        return RateSamples.NONE;
      }
      return new RateSamples(
          moments.min(), moments.max(), moments.mean(), moments.stddev(), moments.count());
    }
  }

  /** fio's {@code group_run_stats}: a group's bytes and longest runtime per direction. */
  static final class GroupRun {
    private final long[] ioBytes = new long[Direction.COUNT];
    private final long[] maxRunMs = new long[Direction.COUNT];

    void add(JobStats stats) {
      for (Direction d : Direction.values()) {
        int i = d.ordinal();
        if (stats.runtimeMs(d) == 0) {
          continue;
        }
        maxRunMs[i] = Math.max(maxRunMs[i], stats.runtimeMs(d));
        ioBytes[i] += stats.ioBytes(d);
      }
    }

    /** The group's aggregate bandwidth in bytes/s: all its bytes over its longest runtime. */
    long aggregate(Direction d) {
      int i = d.ordinal();
      return maxRunMs[i] == 0 ? 0 : ioBytes[i] * 1000 / maxRunMs[i];
    }

    /**
     * fio's {@code convert_agg_kbytes_percent}: a mean sampled bandwidth (KiB/s, truncated to an
     * integer as fio passes it) as a percentage of the group's aggregate, at most 100.
     */
    double shareOfAggregate(Direction d, double meanKibPerSec) {
      long aggregate = aggregate(d);
      if (aggregate <= 1024) {
        return 100.0;
      }
      long mean = (long) meanKibPerSec;
      double percent = mean * 100.0 / (aggregate / 1024.0);
      return Math.min(percent, 100.0);
    }
  }
}
