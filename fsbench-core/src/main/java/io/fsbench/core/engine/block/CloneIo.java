package io.fsbench.core.engine.block;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.core.jobfile.JobFile;
import io.fsbench.core.stats.Direction;
import io.fsbench.core.stats.JobStats;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * What a clone's I/O loops ({@link SyncLoop}, {@link QueuedLoop}, {@link OffloadLoop}) share: the
 * spec, the clock, what the clone measures and logs, its pacing, verify and error policy, the
 * generator of its I/Os, and the few counters they keep between loops. One per {@link JobClone},
 * used from its thread only; {@link JobClone} sets the generator, the flow and the file operations
 * up before the loop runs.
 */
final class CloneIo {

  final JobSpec spec;
  final int threadNumber;
  final long seed;
  final LongSupplier clock;
  final BooleanSupplier cancelled;
  final List<IoFile> files;
  final JobStats stats;
  final RateSampling.Subject sampling;
  final WriteContent content;
  final Throttle throttle;
  final ThinkTime thinkTime;
  final MinimumRate minimumRate;
  final IoLogs logs;
  final SteadyStateMonitor.Subject steady;
  final Verifier verifier;
  final Termination termination = new Termination();
  final CommandPriorityPicker priorities;
  final LatencyTargetProbe latencyTarget;
  final IoErrors errors;
  final FileSyncs syncs;
  final IoPlan plan = new IoPlan();
  IoGenerator generator;
  FlowGate flow; // null when the clone is in no flow
  FileOperations fileOperations; // null unless a file-operation engine does the I/O
  String mechanism = "psync";
  long issuedIos;
  private Runnable quiesce = () -> {};
  private volatile long liveStartNanos = -1;

  CloneIo(
      JobFile.Job job,
      int threadNumber,
      List<IoFile> files,
      long[] threadStreams,
      RateSampling sampling,
      SteadyStateMonitor steadyState,
      LongSupplier clock,
      BooleanSupplier cancelled) {
    this.spec = job.spec();
    this.threadNumber = threadNumber;
    this.files = files;
    this.clock = clock;
    this.cancelled = cancelled;
    this.stats = JobStats.of(spec.measurements());
    this.sampling = sampling.register(stats.counters(), spec.bwAvgTime(), spec.iopsAvgTime());
    this.seed = JobClone.seed(spec, threadNumber);
    this.content = new WriteContent(spec, threadStreams, threadNumber - 1);
    this.throttle =
        new Throttle(spec.rate(), spec.pacing().poisson(), firstBlockSizes(spec), seed, clock);
    this.thinkTime = new ThinkTime(spec.pacing(), clock);
    this.minimumRate = new MinimumRate(spec.name(), spec.rate(), spec.pacing().minRate());
    this.logs =
        new IoLogs(
            spec.logs(),
            spec.measurements(),
            threadNumber,
            spec.priority().isSet() ? spec.priority().value() : 0);
    this.steady =
        steadyState.register(
            spec.steadyState(), job.groupId(), job.groupReporting(), stats.counters());
    this.errors = new IoErrors(spec.name(), spec.errors(), spec.fileHandling().fillDevice());
    this.verifier = new Verifier(spec, files, content, clock, this::verifyRead, errors);
    this.priorities = new CommandPriorityPicker(spec, seed, stats);
    this.latencyTarget = new LatencyTargetProbe(spec.latencyTarget(), spec.ioDepth());
    this.syncs = new FileSyncs(spec, files, stats, clock);
  }

  private static long[] firstBlockSizes(JobSpec spec) {
    return new long[] {
      spec.readBlockSize().splits().get(0).size().bytes(),
      spec.writeBlockSize().splits().get(0).size().bytes()
    };
  }

  /** A verify read counts as one of the job's reads, as in fio's JSON. */
  private void verifyRead(long n, long offset, long clat, long lat, long done) {
    if (queued()) {
      stats.submitted(Direction.READ, lat - clat); // fio's async engines time its submission
      if (logs.enabled()) {
        // and log it in the slat log, as any read they submit (seed 2040 case 614)
        logs.submitted(Direction.READ, done - clat, (int) n, offset, lat - clat);
      }
    }
    stats.completed(Direction.READ, n, clat, lat);
    if (logs.enabled()) {
      logs.completed(Direction.READ, done, n, offset, clat, lat);
    }
  }

  /** Whether the clone's I/O goes through a queue at depth ({@link QueuedLoop}). */
  boolean queued() {
    if (spec.ioEngine() == IoEngine.NULL || spec.rw().trims()) {
      // fio's libaio and io_uring engines trim synchronously, one at a time (do_io_u_trim)
      return false;
    }
    return spec.ioEngine().isAsync() || (spec.ioEngine() == IoEngine.AUTO && spec.ioDepth() > 1);
  }

  /** Every I/O in flight completes (fio's {@code io_u_quiesce}), as the running loop does it. */
  void quiesce() {
    quiesce.run();
  }

  /** How the running loop completes its I/Os in flight; none in flight when it has ended. */
  void quiesceWith(Runnable loopQuiesce) {
    quiesce = loopQuiesce;
  }

  /** When measuring began (after any ramp time), -1 before. */
  long liveStartNanos() {
    return liveStartNanos;
  }

  void beginMeasuring(long now) {
    liveStartNanos = now;
    sampling.start(now);
    minimumRate.start(now);
    logs.start(now); // what ramp time logged is dropped, as fio logs nothing during ramp
  }

  void checkCancelled() {
    if (cancelled.getAsBoolean()) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "the run was cancelled");
    }
  }

  void account(
      Direction direction, IoFile file, long offset, int length, long n, long clat, long lat) {
    account(direction, file, offset, length, n, clat, lat, 0);
  }

  void account(
      Direction direction,
      IoFile file,
      long offset,
      int length,
      long n,
      long clat,
      long lat,
      int priority) {
    if (n > 0 && n < length) {
      stats.shortIo(direction); // fio's io_completed: a read at the end of the file is no short one
    }
    if (spec.ioEngine().isFileOperation()) {
      stats.counted(direction, n); // fio keeps no latency of their I/Os, only of the operations
      return;
    }
    stats.completed(direction, n, clat, lat, priority);
    syncs.ioCompleted();
  }
}
