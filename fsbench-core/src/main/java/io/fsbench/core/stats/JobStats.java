package io.fsbench.core.stats;

import java.time.Duration;

/**
 * Everything one I/O thread measures, fio's {@code thread_stat}: per direction bytes, I/Os, runtime
 * and slat/clat/lat; fsync latency; the latency and depth distributions; CPU. The I/O thread
 * records into its own instance without allocation or locks; afterwards {@link #add} sums instances
 * as fio's {@code sum_thread_stats} does for group reporting.
 *
 * <p>What an engine calls, per I/O, as fio does:
 *
 * <ul>
 *   <li>{@link #completed} when a read/write/trim completes, with clat (issue to completion) and
 *       lat (prepare to completion) in ns; async engines also {@link #submitted} with slat (prepare
 *       to issue);
 *   <li>{@link #synced} for each fsync/fdatasync issued by {@code fsync=N}/{@code fdatasync=N} (fio
 *       neither counts nor times the final ones of {@code end_fsync}/{@code fsync_on_close});
 *   <li>{@link #depths()} for submit/reap batches and queue depth (see {@link IoDepths});
 *   <li>{@link #shortIo}/{@link #droppedIo} when that happens.
 * </ul>
 *
 * Per job run: {@link #addRuntime} with the wall time of each I/O phase (fio's {@code
 * update_runtime}: it counts only for directions that did I/O, rounded up to ms), {@link #addCpu}
 * with the thread's rusage over the job, {@link #jobRuntime} with the wall time since the job's
 * start. At the end of ramp time the I/O thread calls {@link #reset} and starts its rusage and
 * runtime anew, as fio's {@code reset_all_stats}. The rate samples come from the {@link
 * RateSampler}s through {@link #rates} once they have stopped.
 *
 * <p>Over 400 lines: it is fio's {@code thread_stat}, one recorder per thing fio measures with its
 * reset and its sum, plus the accessors {@link JobResults} reads them through; the recorders
 * themselves are classes of their own.
 */
public final class JobStats {

  private final long[] ioBytes = new long[Direction.COUNT];
  private final long[] totalIos = new long[Direction.COUNT];
  private final long[] shortIos = new long[Direction.COUNT];
  private final long[] dropIos = new long[Direction.COUNT];
  private final long[] runtimeMicros = new long[Direction.COUNT];
  private final long[] runtimeMs = new long[Direction.COUNT];
  private final LatencyRecorder[] slat = new LatencyRecorder[Direction.COUNT];
  private final LatencyRecorder[] clat = new LatencyRecorder[Direction.COUNT];
  private final LatencyRecorder[] lat = new LatencyRecorder[Direction.COUNT];
  private final Moments[] bw = new Moments[Direction.COUNT];
  private final Moments[] iops = new Moments[Direction.COUNT];
  private final LatencyRecorder sync;
  private long syncIos;
  private final LatencyBuckets latencyBuckets = new LatencyBuckets();
  private final IoDepths depths = new IoDepths();
  private final IoCounters counters = new IoCounters();
  private long usrMs;
  private long sysMs;
  private long ctx;
  private long majf;
  private long minf;
  private long jobRuntimeMs;
  private boolean measureSlat = true;
  private boolean measureClat = true;
  private boolean measureLat = true;
  private final PriorityLatencies[] prios = new PriorityLatencies[Direction.COUNT];
  private int ownPriority;
  private boolean latPercentiles;

  /**
   * @param clatPercentiles keep clat histograms (fio's {@code clat_percentiles}, on by default)
   * @param latPercentiles keep lat histograms ({@code lat_percentiles}, off by default)
   * @param slatPercentiles keep slat histograms ({@code slat_percentiles}, off by default)
   */
  public JobStats(boolean clatPercentiles, boolean latPercentiles, boolean slatPercentiles) {
    for (int i = 0; i < Direction.COUNT; i++) {
      slat[i] = new LatencyRecorder(slatPercentiles);
      clat[i] = new LatencyRecorder(clatPercentiles);
      lat[i] = new LatencyRecorder(latPercentiles);
      bw[i] = new Moments();
      iops[i] = new Moments();
    }
    sync = new LatencyRecorder(clatPercentiles || latPercentiles);
    this.latPercentiles = latPercentiles;
    for (int i = 0; i < Direction.COUNT; i++) {
      prios[i] = new PriorityLatencies(clatPercentiles || latPercentiles);
    }
  }

  /** fio's defaults: clat percentiles only. */
  public static JobStats withFioDefaults() {
    return new JobStats(true, false, false);
  }

  /**
   * Stats that take only the measurements {@code m} switches on (fio's {@code disable_slat}, {@code
   * disable_clat}, {@code disable_lat}) and keep the histograms of its {@code *_percentiles}. A
   * latency not measured stays empty, and without clat the {@code latency_*} buckets stay empty
   * too, as fio's {@code account_io_completion} leaves them.
   */
  public static JobStats of(io.fsbench.api.Measurements m) {
    JobStats stats = new JobStats(m.clatPercentiles(), m.latPercentiles(), m.slatPercentiles());
    stats.measureSlat = m.slat();
    stats.measureClat = m.clat();
    stats.measureLat = m.lat();
    return stats;
  }

  /**
   * A new, empty instance that keeps the same histograms as this one: a group's sum starts here.
   */
  public JobStats emptyCopy() {
    JobStats copy =
        new JobStats(clat[0].hasHistogram(), lat[0].hasHistogram(), slat[0].hasHistogram());
    copy.measureSlat = measureSlat;
    copy.measureClat = measureClat;
    copy.measureLat = measureLat;
    copy.ownPriority = ownPriority;
    return copy;
  }

  /**
   * One read, write or trim completed: {@code bytes} transferred, latencies in ns. It also counts
   * the I/O in {@code total_ios}, which fio counts when the I/O is queued; the two agree once the
   * I/Os in flight at the end are reaped, as both do.
   */
  public void completed(Direction direction, long bytes, long clatNs, long latNs) {
    int i = direction.ordinal();
    ioBytes[i] += bytes;
    totalIos[i]++;
    counters.add(direction, bytes);
    if (measureClat) {
      clat[i].record(clatNs);
      latencyBuckets.record(clatNs);
    }
    if (measureLat) {
      lat[i].record(latNs);
    }
  }

  /**
   * As {@link #completed}, for an I/O that carried the priority of entry {@code priority} of the
   * direction's {@link #priorities} (fio's {@code clat_prio_index}).
   */
  public void completed(Direction direction, long bytes, long clatNs, long latNs, int priority) {
    completed(direction, bytes, clatNs, latNs);
    PriorityLatencies p = prios[direction.ordinal()];
    if (!p.defined()) {
      return;
    }
    // fio's prio entries hold lat with lat_percentiles, else clat; each only when measured
    if (latPercentiles ? measureLat : measureClat) {
      p.record(priority, latPercentiles ? latNs : clatNs);
    }
  }

  /** The per-priority latencies of {@code direction}, to define when the job has cmdprio. */
  public PriorityLatencies priorities(Direction direction) {
    return prios[direction.ordinal()];
  }

  /** The job's own I/O priority value (fio's {@code td->ioprio}; 0 when none is set). */
  public void ownPriority(int value) {
    ownPriority = value;
  }

  /**
   * One I/O of an engine that only pretends to do I/O (fio's FIO_FAKEIO|FIO_NOSTATS file engines):
   * counted in bytes and {@code total_ios}, with no latency and no latency bucket, as fio's {@code
   * account_io_completion} skips them for such engines.
   */
  public void counted(Direction direction, long bytes) {
    int i = direction.ordinal();
    ioBytes[i] += bytes;
    totalIos[i]++;
    counters.add(direction, bytes);
  }

  /**
   * The time one file operation (create, stat, delete) took, as fio's file engines add it with
   * {@code add_clat_sample}: to clat of {@code direction}, whatever {@code disable_clat} says, but
   * not when {@code disable_lat} is set, which is the switch those engines read.
   */
  public void fileOperation(Direction direction, long ns) {
    if (measureLat) {
      clat[direction.ordinal()].record(ns);
    }
  }

  /** An async engine submitted one I/O, {@code slatNs} after preparing it. */
  public void submitted(Direction direction, long slatNs) {
    if (measureSlat) {
      slat[direction.ordinal()].record(slatNs);
    }
  }

  /** One fsync/fdatasync returned after {@code ns}. */
  public void synced(long ns) {
    syncIos++;
    if (measureClat) {
      sync.record(ns); // fio times syncs as completion latency, so disable_clat drops them too
    }
  }

  public void shortIo(Direction direction) {
    shortIos[direction.ordinal()]++;
  }

  public void droppedIo(Direction direction) {
    dropIos[direction.ordinal()]++;
  }

  /** The depth and batch distributions, to mark submits, reaps and depths on. */
  public IoDepths depths() {
    return depths;
  }

  /** The counters a {@link RateSampler} reads from its own thread. */
  public IoCounters counters() {
    return counters;
  }

  /**
   * Adds the wall time of one I/O phase to the runtime of every direction that has done I/O,
   * truncated to us and the sum rounded up to ms, as fio's {@code update_runtime}.
   */
  public void addRuntime(Duration elapsed) {
    long micros = elapsed.toNanos() / 1000;
    for (int i = 0; i < Direction.COUNT; i++) {
      if (ioBytes[i] > 0) {
        runtimeMicros[i] += micros;
        runtimeMs[i] = (runtimeMicros[i] + 999) / 1000;
      }
    }
  }

  /**
   * Adds the thread's resource usage over an interval (getrusage deltas). CPU times are truncated
   * to ms per call, as fio's {@code update_rusage_stat}.
   */
  public void addCpu(
      Duration user, Duration system, long contextSwitches, long minorFaults, long majorFaults) {
    usrMs += user.toMillis();
    sysMs += system.toMillis();
    ctx += contextSwitches;
    majf += majorFaults;
    minf += minorFaults;
  }

  /** The wall time from the job's start (or the end of its ramp) to its end, truncated to ms. */
  public void jobRuntime(Duration sinceStart) {
    jobRuntimeMs = sinceStart.toMillis();
  }

  /** Takes the bandwidth and IOPS samples; call after the samplers' thread has stopped. */
  public void rates(RateSampler bandwidth, RateSampler iopsSampler) {
    for (Direction direction : Direction.values()) {
      int i = direction.ordinal();
      bw[i].reset();
      bw[i].merge(bandwidth.stats(direction));
      iops[i].reset();
      iops[i].merge(iopsSampler.stats(direction));
    }
  }

  /**
   * Forgets everything measured so far except the {@link #counters()}, which only grow (a {@link
   * RateSampler} restarts from their current values). For the end of ramp time.
   */
  public void reset() {
    for (int i = 0; i < Direction.COUNT; i++) {
      ioBytes[i] = 0;
      totalIos[i] = 0;
      shortIos[i] = 0;
      dropIos[i] = 0;
      runtimeMicros[i] = 0;
      runtimeMs[i] = 0;
      slat[i].reset();
      clat[i].reset();
      lat[i].reset();
      bw[i].reset();
      iops[i].reset();
      prios[i].reset();
    }
    sync.reset();
    syncIos = 0;
    latencyBuckets.reset();
    depths.reset();
    usrMs = 0;
    sysMs = 0;
    ctx = 0;
    majf = 0;
    minf = 0;
    jobRuntimeMs = 0;
  }

  /**
   * Adds {@code other} into this, fio's {@code sum_thread_stats}: bytes, I/Os, CPU, counts and
   * histograms summed; latencies merged exactly; bandwidth and IOPS samples summed term by term
   * ({@link Moments#pureSum}); per-direction runtime the longest; job runtime summed (so that CPU %
   * is Σ CPU time / Σ runtime).
   */
  public void add(JobStats other) {
    add(other, false);
  }

  /**
   * As {@link #add}, from the stats of a clone whose thread is still recording them (a status
   * report): each latency is copied consistent with itself, its count that of the histogram it read
   * ({@link LatencyRecorder#merge(LatencyRecorder, boolean)}), so a report may be a moment old in
   * places but is never self-contradictory.
   */
  public void addRunning(JobStats running) {
    add(running, true);
  }

  private void add(JobStats other, boolean running) {
    for (int i = 0; i < Direction.COUNT; i++) {
      clat[i].merge(other.clat[i], running);
      slat[i].merge(other.slat[i], running);
      lat[i].merge(other.lat[i], running);
      bw[i].pureSum(other.bw[i]);
      iops[i].pureSum(other.iops[i]);
      ioBytes[i] += other.ioBytes[i];
      runtimeMs[i] = Math.max(runtimeMs[i], other.runtimeMs[i]);
      runtimeMicros[i] = Math.max(runtimeMicros[i], other.runtimeMicros[i]);
      totalIos[i] += other.totalIos[i];
      shortIos[i] += other.shortIos[i];
      dropIos[i] += other.dropIos[i];
      prios[i].add(
          other.prios[i],
          other.ownPriority,
          other.latPercentiles ? other.lat[i] : other.clat[i],
          running);
    }
    sync.merge(other.sync, running);
    syncIos += other.syncIos;
    usrMs += other.usrMs;
    sysMs += other.sysMs;
    ctx += other.ctx;
    majf += other.majf;
    minf += other.minf;
    depths.add(other.depths);
    latencyBuckets.add(other.latencyBuckets);
    jobRuntimeMs += other.jobRuntimeMs;
  }

  long ioBytes(Direction direction) {
    return ioBytes[direction.ordinal()];
  }

  long totalIos(Direction direction) {
    return totalIos[direction.ordinal()];
  }

  long shortIos(Direction direction) {
    return shortIos[direction.ordinal()];
  }

  long dropIos(Direction direction) {
    return dropIos[direction.ordinal()];
  }

  long runtimeMs(Direction direction) {
    return runtimeMs[direction.ordinal()];
  }

  LatencyRecorder slat(Direction direction) {
    return slat[direction.ordinal()];
  }

  LatencyRecorder clat(Direction direction) {
    return clat[direction.ordinal()];
  }

  LatencyRecorder lat(Direction direction) {
    return lat[direction.ordinal()];
  }

  Moments bw(Direction direction) {
    return bw[direction.ordinal()];
  }

  Moments iops(Direction direction) {
    return iops[direction.ordinal()];
  }

  PriorityLatencies prios(Direction direction) {
    return prios[direction.ordinal()];
  }

  int ownPriority() {
    return ownPriority;
  }

  boolean latPercentiles() {
    return latPercentiles;
  }

  LatencyRecorder sync() {
    return sync;
  }

  long syncIos() {
    return syncIos;
  }

  LatencyBuckets latencyBuckets() {
    return latencyBuckets;
  }

  long usrMs() {
    return usrMs;
  }

  long sysMs() {
    return sysMs;
  }

  long ctx() {
    return ctx;
  }

  long majf() {
    return majf;
  }

  long minf() {
    return minf;
  }

  long jobRuntimeMs() {
    return jobRuntimeMs;
  }

  /** read + write + trim I/Os, fio's {@code ddir_rw_sum(total_io_u)}. */
  long totalRwIos() {
    return totalIos[0] + totalIos[1] + totalIos[2];
  }
}
