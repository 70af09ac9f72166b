package io.fsbench.core.engine.block;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.api.SetupTimes;
import io.fsbench.api.SteadyStateResult;
import io.fsbench.api.SubmitMode;
import io.fsbench.core.jobfile.JobFile;
import io.fsbench.core.nativeio.CpuUsage;
import io.fsbench.core.nativeio.NativeIoException;
import io.fsbench.core.nativeio.ThreadCpu;
import io.fsbench.core.stats.JobInfo;
import io.fsbench.core.stats.JobResults;
import io.fsbench.core.stats.JobStats;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One clone of a job (fio's {@code thread_data}): its files, its I/O phase on one thread, and what
 * it measured. {@link BlockEngine} prepares every clone of a batch (layout, invalidation) before
 * any starts, then runs each on its own thread. The I/O itself is one of three loops over the
 * clone's {@link CloneIo}: {@link SyncLoop}, {@link QueuedLoop} or {@link OffloadLoop}.
 *
 * <p>Measured as fio measures psync and async engines: clat from issue to completion, lat from when
 * the I/O was planned, slat (async only) from planning to submission; runtime is the wall time of
 * the I/O phase including {@code end_fsync}. Unlike fio, cache invalidation (at open and between
 * loops) is timed separately and not counted in runtime.
 */
final class JobClone {

  private static final Logger log = LoggerFactory.getLogger(JobClone.class);

  private final JobFile.Job job;
  private final JobSpec spec;
  private final int index;
  private final LongSupplier clock;
  private final LongSupplier wallClock;
  private final List<IoFile> files;
  private final int threadNumber;
  private final CloneIo io;
  private final JobStats stats;
  private Duration layout = Duration.ZERO;
  private Duration dropCaches = Duration.ZERO;
  private long invalidateNanos;
  private long jobStartMs;
  private long endNanos;
  private boolean ioEnded;

  /** Clone {@code index} of {@code job}, doing its I/O through {@code io}. */
  JobClone(JobFile.Job job, int index, CloneIo io, LongSupplier wallClock) {
    this.job = job;
    this.spec = job.spec();
    this.index = index;
    this.files = io.files;
    this.clock = io.clock;
    this.wallClock = wallClock;
    this.threadNumber = io.threadNumber;
    this.io = io;
    this.stats = io.stats;
  }

  /** The clone's number over all threads of the job file, from 1 (fio's thread_number). */
  int threadNumber() {
    return threadNumber;
  }

  SteadyStateMonitor.Subject steadyState() {
    return io.steady;
  }

  /** fio's do_verify between passes, then the clear_io_state before the next pass. */
  private void verifyBetweenPasses() {
    verifyPass();
    try {
      io.syncs.clearIoState();
    } catch (NativeIoException e) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
    }
  }

  /** fio's do_verify between passes and at the end: what the pass wrote, read back. */
  private void verifyPass() {
    try {
      io.quiesce();
      io.generator.verified(io.verifier.verifyAll(spec.name(), io::checkCancelled));
    } catch (NativeIoException e) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
    }
  }

  /**
   * The seed of a clone's random streams: as fio's {@code setup_random_seeds} derives each thread's
   * seeds from {@code randseed} and its thread number (1, 2, ... over all jobs of the file), so
   * that no two clones or jobs replay one sequence, and a file run again repeats exactly.
   */
  static long seed(JobSpec spec, int threadNumber) {
    return Mix.hash(spec.randSeed() * 1_000_003L + threadNumber);
  }

  JobSpec spec() {
    return spec;
  }

  JobFile.Job job() {
    return job;
  }

  /** How {@code exitall} stops this clone. */
  Termination termination() {
    return io.termination;
  }

  List<IoFile> files() {
    return files;
  }

  WriteContent content() {
    return io.content;
  }

  void addLayout(Duration time) {
    layout = layout.plus(time);
  }

  void addDropCaches(Duration time) {
    dropCaches = dropCaches.plus(time);
  }

  /** Opens the clone's files and invalidates their cache (fio's {@code invalidate}). */
  void open() throws NativeIoException {
    if (spec.ioEngine() == IoEngine.NULL) {
      io.mechanism = "null";
      io.generator = new IoGenerator(spec, files, io.seed, f -> {});
      return;
    }
    if (spec.ioEngine().isFileOperation()) {
      // fio opens (creates, stats, deletes) a file when the job first does I/O on it, inside its
      // runtime, and again after the file reached its end and was closed
      io.mechanism = spec.ioEngine().name().toLowerCase(java.util.Locale.ROOT);
      io.fileOperations = new FileOperations(spec, stats, clock);
      io.generator = new IoGenerator(spec, files, io.seed, f -> {}, f -> f.opened = false);
      io.generator.onFileDone(this::operateOnPickedFile);
      return;
    }
    if (spec.ioEngine() == IoEngine.FTRUNCATE || spec.ioEngine() == IoEngine.FALLOC) {
      io.mechanism = spec.ioEngine().name().toLowerCase(java.util.Locale.ROOT);
    }
    for (IoFile file : files) {
      file.descriptor = IoFiles.open(file, spec);
    }
    if (spec.invalidate()) {
      long start = clock.getAsLong();
      for (IoFile file : files) {
        IoFiles.invalidate(file);
      }
      invalidateNanos += clock.getAsLong() - start;
    }
    for (IoFile file : files) {
      IoFiles.advise(file, spec); // after invalidation, as fio's td_io_open_file
    }
    io.generator = new IoGenerator(spec, files, io.seed, this::wrapped, this::reopened);
    io.generator.onPassEnd(this::passEnded);
    io.generator.onFileDone(this::fileDone);
    if (io.verifier.logsWrites()) {
      io.generator.verifyBetweenPasses(
          io.verifier::pendingBytes, this::verifyBetweenPasses, io.verifier::halted);
    }
  }

  /**
   * fio invalidates buffered files between loops of a job. That happens in the middle of the I/O
   * phase, so unlike the invalidation at open it stays in runtime, as in fio: taking it out would
   * count the bytes of the whole phase against less than its wall time.
   */
  private void wrapped(IoFile file) {
    if (spec.invalidate() && !spec.direct()) {
      try {
        IoFiles.invalidate(file);
      } catch (NativeIoException e) {
        throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
      }
    }
  }

  /**
   * fio closes a file that reached its end and opens it again when the next pass (or a time-based
   * job's wrap) first uses it; I/Os still in flight on it complete first, as fio's do_io reaps them
   * before its pass ends. Inside runtime, as in fio.
   */
  private void reopened(IoFile file) {
    try {
      io.quiesce();
      if (!file.closed) {
        io.syncs.onClose(file); // a time-based job's wrap closes the file without clear_io_state
      }
      IoFiles.reopen(file, spec);
    } catch (NativeIoException e) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
    }
  }

  /**
   * fio opens a file when it picks it, before it takes an offset: a file that ends at its first
   * pick in a pass (an offset drawn past its region) is created, stat'ed or deleted all the same
   * (seed 2049 case 200: a filecreate job whose normal distribution ends its file at once). A
   * failure ends the job, as at any other open.
   */
  private void operateOnPickedFile(IoFile file) {
    if (file.opened || io.errors.fatal() != 0) {
      return;
    }
    try {
      io.fileOperations.open(file);
      file.opened = true;
    } catch (java.io.IOException e) {
      io.errors.openFailed(io.fileOperations.call(), file.path.getFileName().toString(), e);
    }
  }

  /** fio closes a file when it reaches its end in a pass ({@link FileSyncs#fileDone}). */
  private void fileDone(IoFile file) {
    try {
      io.syncs.fileDone(file, io::quiesce);
    } catch (NativeIoException e) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
    }
  }

  /** Between passes: the pass's end sync, then fio's clear_io_state. */
  private void passEnded() {
    try {
      io.syncs.endOfPass(io::quiesce);
      io.syncs.clearIoState();
    } catch (NativeIoException e) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
    }
    io.latencyTarget.start(clock.getAsLong()); // fio's do_io starts with lat_target_init
  }

  /** Takes the clone's place in its flow, if it has one (fio's {@code flow_init_job}). */
  void joinFlow(FlowGate.Flows flows) {
    io.flow = flows.join(spec.flow());
  }

  /** Leaves the flow when the clone ends, so that the others are no longer held for it. */
  void leaveFlow() {
    if (io.flow != null) {
      io.flow.leave();
    }
  }

  /** Runs the I/O phase on the calling thread: ramp, measured I/O, end_fsync, verify. */
  void run() throws NativeIoException {
    JobPriority.apply(spec);
    delayStart();
    long start = clock.getAsLong();
    jobStartMs = wallClock.getAsLong();
    long rampEnd = spec.rampTime().isZero() ? -1 : start + spec.rampTime().toNanos();
    if (rampEnd < 0) {
      io.beginMeasuring(start);
    }
    long deadline =
        spec.runtime().isZero()
            ? Long.MAX_VALUE
            : start + spec.rampTime().toNanos() + spec.runtime().toNanos();
    io.throttle.start(start);
    io.latencyTarget.start(start);
    io.steady.start(start);
    IoPhase phase = new IoPhase(io, start, rampEnd, deadline);
    io.termination.enter();
    try {
      if (spec.submitMode() == SubmitMode.OFFLOAD) {
        new OffloadLoop(io).run(phase);
      } else if (io.queued()) {
        QueuedLoop.run(io, phase);
      } else {
        new SyncLoop(io).run(phase);
      }
    } finally {
      io.termination.leave();
    }
    // a job that ended during ramp time reports what it did, as fio's does; one an I/O error
    // ended syncs nothing more, as fio's do_io then only cleans up its pending I/O
    if (io.errors.fatal() == 0) {
      io.syncs.endOfPass(io::quiesce);
    }
    // the last pass's verify, after end_fsync as fio's do_verify follows do_io; fio's
    // thread_main skips it for a job its runtime, steady state, exitall or an error terminated
    if (io.verifier.logsWrites()
        && !phase.terminated()
        && io.errors.fatal() == 0
        && !io.errors.filled()) {
      io.syncs.clearIoState();
      verifyPass();
    }
    long end = clock.getAsLong();
    io.steady.finish();
    io.sampling.stop(end);
    io.logs.finish(end);
    CpuUsage used = ThreadCpu.thread().minus(phase.cpu());
    synchronized (this) { // a status snapshot sees the runtime once, before or after
      stats.addRuntime(Duration.ofNanos(end - phase.measureStart()));
      stats.jobRuntime(Duration.ofNanos(end - phase.measureStart()));
      stats.addCpu(
          used.user(),
          used.system(),
          used.voluntaryContextSwitches() + used.involuntaryContextSwitches(),
          used.minorFaults(),
          used.majorFaults());
      ioEnded = true;
      endNanos = end;
    }
    endNanos = clock.getAsLong();
  }

  /**
   * fio's {@code startdelay}: the clone waits before it starts, outside its runtime; a range draws
   * one delay per clone from the clone's seed, so a file run again waits alike.
   */
  private void delayStart() {
    long low = spec.pacing().startDelay().toNanos();
    long high = spec.pacing().startDelayMax().toNanos();
    long delay =
        high > low ? low + new SplittableRandom(io.seed ^ 0x5DE1A7L).nextLong(high - low + 1) : low;
    long end = clock.getAsLong() + delay;
    for (long left = delay;
        left > 0 && !io.termination.requested();
        left = end - clock.getAsLong()) {
      LockSupport.parkNanos(Math.min(left, 50_000_000L));
      io.checkCancelled();
    }
  }

  /** What the clone measured, once it has finished and the samplers have stopped. */
  JobResults.Clone result(long runStartNanos, SteadyStateResult steadyState) {
    io.sampling.deliver(stats);
    io.logs.write();
    return new JobResults.Clone(info(runStartNanos, endNanos), stats, steadyState);
  }

  /**
   * What the clone has measured so far, while it runs (fio's {@code __show_running_run_stats}): its
   * counters and histograms copied without stopping it, its runtime up to {@code nowNanos}; CPU and
   * the sampled rates are taken only when it ends.
   */
  synchronized JobResults.Clone snapshot(long runStartNanos, long nowNanos) {
    JobStats copy = stats.emptyCopy();
    copy.addRunning(stats);
    long start = io.liveStartNanos();
    if (!ioEnded && start >= 0) {
      copy.addRuntime(Duration.ofNanos(nowNanos - start));
      copy.jobRuntime(Duration.ofNanos(nowNanos - start));
    }
    return new JobResults.Clone(info(runStartNanos, ioEnded ? endNanos : nowNanos), copy);
  }

  private JobInfo info(long runStartNanos, long endNanos) {
    SetupTimes setup = new SetupTimes(layout, Duration.ofNanos(invalidateNanos), dropCaches);
    long elapsedSec = (Math.max(0, endNanos - runStartNanos) + 999_999_999L) / 1_000_000_000L;
    return new JobInfo(
        spec.name(),
        job.groupId(),
        job.groupReporting(),
        job.options(),
        spec.percentiles(),
        spec.ioDepth(),
        jobStartMs,
        elapsedSec,
        io.errors.reported(),
        io.mechanism,
        setup,
        io.errors.counts(),
        io.latencyTarget.profile());
  }

  /**
   * Closes the clone's descriptors, each synced first under {@code fsync_on_close} unless the last
   * I/O was a sync (after a verify it was a read); safe to call more than once.
   */
  void close() {
    for (IoFile file : files) {
      if (file.descriptor != null) {
        try {
          if (!file.closed) {
            io.syncs.onClose(file);
          }
          file.descriptor.close();
        } catch (NativeIoException e) {
          // the descriptor is gone either way; a close error after the I/O changes no result
          log.warn("closing a job's file failed: {}", e.getMessage());
        }
        file.descriptor = null;
      }
    }
  }
}
