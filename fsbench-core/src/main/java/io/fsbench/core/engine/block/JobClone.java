package io.fsbench.core.engine.block;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.api.SetupTimes;
import io.fsbench.core.jobfile.JobFile;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.CpuUsage;
import io.fsbench.core.nativeio.IoCompletions;
import io.fsbench.core.nativeio.IoMechanism;
import io.fsbench.core.nativeio.IoQueue;
import io.fsbench.core.nativeio.IoQueues;
import io.fsbench.core.nativeio.NativeFile;
import io.fsbench.core.nativeio.NativeIoException;
import io.fsbench.core.nativeio.ThreadCpu;
import io.fsbench.core.stats.Direction;
import io.fsbench.core.stats.JobInfo;
import io.fsbench.core.stats.JobResults;
import io.fsbench.core.stats.JobStats;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One clone of a job (fio's {@code thread_data}): its files, its I/O loop on one thread, and what
 * it measured. {@link BlockEngine} prepares every clone of a batch (layout, invalidation) before
 * any starts, then runs each on its own thread.
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
  private final long seed;
  private final LongSupplier clock;
  private final LongSupplier wallClock;
  private final BooleanSupplier cancelled;
  private final List<IoFile> files;
  private final JobStats stats;
  private final RateSampling.Subject sampling;
  private final WriteContent content;
  private final Throttle throttle;
  private final ThinkTime thinkTime;
  private final MinimumRate minimumRate;
  private final IoLogs logs;
  private final SteadyStateMonitor.Subject steady;
  private final int threadNumber;
  private final Verifier verifier;
  private Runnable quiesce = () -> {};
  private long issuedIos;
  private final IoPlan plan = new IoPlan();
  private IoGenerator generator;
  private Duration layout = Duration.ZERO;
  private FlowGate flow; // null when the clone is in no flow
  private Duration dropCaches = Duration.ZERO;
  private long invalidateNanos;
  private long jobStartMs;
  private long endNanos;
  private volatile long liveStartNanos = -1;
  private boolean ioEnded;
  private String mechanism = "psync";
  private int writesSinceSync;
  private boolean lastWasSync; // fio's td->last_was_sync
  private final Termination termination = new Termination();
  private final CommandPriorityPicker priorities;
  private final LatencyTargetProbe latencyTarget;
  private FileOperations fileOperations;
  private final IoErrors errors;

  JobClone(
      JobFile.Job job,
      int index,
      int threadNumber,
      List<IoFile> files,
      long[] threadStreams,
      RateSampling sampling,
      SteadyStateMonitor steadyState,
      LongSupplier clock,
      LongSupplier wallClock,
      BooleanSupplier cancelled) {
    this.job = job;
    this.spec = job.spec();
    this.index = index;
    this.files = files;
    this.clock = clock;
    this.wallClock = wallClock;
    this.cancelled = cancelled;
    this.stats = JobStats.of(spec.measurements());
    this.sampling = sampling.register(stats.counters(), spec.bwAvgTime(), spec.iopsAvgTime());
    this.seed = seed(spec, threadNumber);
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
    this.threadNumber = threadNumber;
    this.errors = new IoErrors(spec.name(), spec.errors(), spec.fileHandling().fillDevice());
    this.verifier = new Verifier(spec, files, content, clock, this::verifyRead, errors);
    this.priorities = new CommandPriorityPicker(spec, seed, stats);
    this.latencyTarget = new LatencyTargetProbe(spec.latencyTarget(), spec.ioDepth());
  }

  /** The clone's number over all threads of the job file, from 1 (fio's thread_number). */
  int threadNumber() {
    return threadNumber;
  }

  SteadyStateMonitor.Subject steadyState() {
    return steady;
  }

  /** A verify read counts as one of the job's reads, as in fio's JSON. */
  private void verifyRead(long n, long offset, long clat, long lat, long done) {
    if (useQueue()) {
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

  /** fio's do_verify between passes, then the clear_io_state before the next pass. */
  private void verifyBetweenPasses() {
    verifyPass();
    try {
      clearIoState();
    } catch (NativeIoException e) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
    }
  }

  /** fio's do_verify between passes and at the end: what the pass wrote, read back. */
  private void verifyPass() {
    try {
      quiesce.run();
      generator.verified(verifier.verifyAll(spec.name(), this::checkCancelled));
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

  private static long[] firstBlockSizes(JobSpec spec) {
    return new long[] {
      spec.readBlockSize().splits().get(0).size().bytes(),
      spec.writeBlockSize().splits().get(0).size().bytes()
    };
  }

  JobSpec spec() {
    return spec;
  }

  JobFile.Job job() {
    return job;
  }

  /** How {@code exitall} stops this clone. */
  Termination termination() {
    return termination;
  }

  List<IoFile> files() {
    return files;
  }

  WriteContent content() {
    return content;
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
      mechanism = "null";
      generator = new IoGenerator(spec, files, seed, f -> {});
      return;
    }
    if (spec.ioEngine().isFileOperation()) {
      // fio opens (creates, stats, deletes) a file when the job first does I/O on it, inside its
      // runtime, and again after the file reached its end and was closed
      mechanism = spec.ioEngine().name().toLowerCase(java.util.Locale.ROOT);
      fileOperations = new FileOperations(spec, stats, clock);
      generator = new IoGenerator(spec, files, seed, f -> {}, f -> f.opened = false);
      return;
    }
    if (spec.ioEngine() == IoEngine.FTRUNCATE || spec.ioEngine() == IoEngine.FALLOC) {
      mechanism = spec.ioEngine().name().toLowerCase(java.util.Locale.ROOT);
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
    generator = new IoGenerator(spec, files, seed, this::wrapped, this::reopened);
    generator.onPassEnd(this::passEnded);
    generator.onFileDone(this::fileDone);
    if (verifier.logsWrites()) {
      generator.verifyBetweenPasses(
          verifier::pendingBytes, this::verifyBetweenPasses, verifier::halted);
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
      quiesce.run();
      if (!file.closed) {
        syncOnClose(file); // a time-based job's wrap closes the file without clear_io_state
      }
      IoFiles.reopen(file, spec);
    } catch (NativeIoException e) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
    }
  }

  /** Takes the clone's place in its flow, if it has one (fio's {@code flow_init_job}). */
  void joinFlow(FlowGate.Flows flows) {
    flow = flows.join(spec.flow());
  }

  /** Leaves the flow when the clone ends, so that the others are no longer held for it. */
  void leaveFlow() {
    if (flow != null) {
      flow.leave();
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
      beginMeasuring(start);
    }
    long deadline =
        spec.runtime().isZero()
            ? Long.MAX_VALUE
            : start + spec.rampTime().toNanos() + spec.runtime().toNanos();
    throttle.start(start);
    latencyTarget.start(start);
    steady.start(start);
    Phase phase = new Phase(rampEnd, deadline);
    phase.measureStart = start;
    phase.cpu = ThreadCpu.thread();
    termination.enter();
    try {
      if (spec.submitMode() == io.fsbench.api.SubmitMode.OFFLOAD) {
        new OffloadedIo().run(phase);
      } else if (useQueue()) {
        runQueued(phase);
      } else {
        runSync(phase);
      }
    } finally {
      termination.leave();
    }
    // a job that ended during ramp time reports what it did, as fio's does; one an I/O error
    // ended syncs nothing more, as fio's do_io then only cleans up its pending I/O
    if (errors.fatal() == 0) {
      endOfPassSync();
    }
    // the last pass's verify, after end_fsync as fio's do_verify follows do_io; fio's
    // thread_main skips it for a job its runtime, steady state, exitall or an error terminated
    if (verifier.logsWrites() && !phase.terminated && errors.fatal() == 0 && !errors.filled()) {
      clearIoState();
      verifyPass();
    }
    long end = clock.getAsLong();
    steady.finish();
    sampling.stop(end);
    logs.finish(end);
    CpuUsage used = ThreadCpu.thread().minus(phase.cpu);
    synchronized (this) { // a status snapshot sees the runtime once, before or after
      stats.addRuntime(Duration.ofNanos(end - phase.measureStart));
      stats.jobRuntime(Duration.ofNanos(end - phase.measureStart));
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
        high > low ? low + new SplittableRandom(seed ^ 0x5DE1A7L).nextLong(high - low + 1) : low;
    long end = clock.getAsLong() + delay;
    for (long left = delay; left > 0 && !termination.requested(); left = end - clock.getAsLong()) {
      LockSupport.parkNanos(Math.min(left, 50_000_000L));
      checkCancelled();
    }
  }

  /**
   * After an I/O that completed at {@code now}: fio's think time, then its minimum-rate check (not
   * during ramp time). Returns the time after any pause, for the end-of-phase check.
   */
  private long pace(Phase phase, long now, Runnable quiesce) {
    if (!thinkTime.enabled() && !minimumRate.enabled()) {
      return now; // the common case stays off the shared counters
    }
    long completed =
        stats.counters().ios(Direction.READ)
            + stats.counters().ios(Direction.WRITE)
            + stats.counters().ios(Direction.TRIM);
    if (thinkTime.due(issuedIos, completed)) {
      quiesce.run();
      thinkTime.pause(phase.deadline);
      now = clock.getAsLong();
    }
    if (phase.rampEnd < 0) {
      minimumRate.check(
          now,
          stats.counters().bytes(Direction.READ),
          stats.counters().ios(Direction.READ),
          stats.counters().bytes(Direction.WRITE),
          stats.counters().ios(Direction.WRITE));
    }
    return now;
  }

  private void checkCancelled() {
    if (cancelled.getAsBoolean()) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "the run was cancelled");
    }
  }

  /** Mutable state of the I/O phase. */
  private final class Phase {
    long rampEnd;
    final long deadline;
    long measureStart;
    CpuUsage cpu;
    long count;

    /** The runtime, steady state or exitall ended it: fio's td->terminate. */
    boolean terminated;

    Phase(long rampEnd, long deadline) {
      this.rampEnd = rampEnd;
      this.deadline = deadline;
    }

    /** fio's {@code reset_all_stats}: what was measured so far is dropped, runtime starts anew. */
    void restart(long now) {
      latencyTarget.reset(now);
      stats.reset();
      cpu = ThreadCpu.thread();
      beginMeasuring(now);
      measureStart = now;
    }

    /**
     * fio's latency-target check after each turn of the I/O loop (not during ramp time): whether
     * the job is done; {@code quiesce} completes the I/Os in flight.
     */
    boolean latencyTargetDone(Runnable quiesce) {
      if (!latencyTarget.isSet() || rampEnd >= 0) {
        return false;
      }
      LatencyTargetProbe.Step step = latencyTarget.check(clock.getAsLong());
      switch (step) {
        case QUIESCE -> {
          quiesce.run();
          latencyTarget.restarted(clock.getAsLong());
        }
        case FINAL_WINDOW -> {
          quiesce.run();
          long now = clock.getAsLong();
          restart(now);
          latencyTarget.restarted(now);
        }
        case DONE -> {
          return true;
        }
        case NONE -> {}
      }
      return false;
    }

    /** Whether to stop issuing, after an I/O that completed at {@code now}. */
    boolean over(long now) {
      if (rampEnd >= 0 && now >= rampEnd) {
        rampEnd = -1;
        restart(now);
      }
      // steady state attained stops the job as fio's fio_mark_td_terminate: not an error
      if (now >= deadline
          || steady.stopRequested()
          || termination.requested()
          || verifier.halted()) {
        terminated = true;
        return true;
      }
      return (++count & 255) == 0 && cancelled.getAsBoolean();
    }
  }

  private void beginMeasuring(long now) {
    liveStartNanos = now;
    sampling.start(now);
    minimumRate.start(now);
    logs.start(now); // what ramp time logged is dropped, as fio logs nothing during ramp
  }

  private boolean useQueue() {
    if (spec.ioEngine() == IoEngine.NULL || spec.rw().trims()) {
      // fio's libaio and io_uring engines trim synchronously, one at a time (do_io_u_trim)
      return false;
    }
    return spec.ioEngine().isAsync() || (spec.ioEngine() == IoEngine.AUTO && spec.ioDepth() > 1);
  }

  private void runSync(Phase phase) throws NativeIoException {
    int capacity = IoGenerator.maxBlockSize(spec);
    ByteBuffer writeBuffer = AlignedBuffers.allocate(capacity);
    ByteBuffer readBuffer = AlignedBuffers.allocate(capacity);
    content.fill(writeBuffer);
    IoFile syncDue = null;
    while (true) {
      if (flow != null && flow.held()) {
        // fio's do_io: held back by the flow, it sleeps and starts its loop again
        flow.pause();
        if (phase.over(clock.getAsLong())) {
          break;
        }
        continue;
      }
      if (generator.bytesLeft() && verifier.backlogDue()) {
        // fio's check_get_verify, before each new I/O; its bytes count towards io_size. Not once
        // the pass has issued its bytes: fio's do_io loop ends before it asks for another I/O,
        // and the verify after the pass reads that block (seed 2032 case 168)
        generator.verified(verifier.verifyNext(spec.name()));
        if (phase.over(clock.getAsLong())) {
          break;
        }
        continue;
      }
      long prepared = clock.getAsLong();
      // as fio, the sync due after every N writes is issued while the pass still wants bytes,
      // or before the first I/O of the next pass; not after the job's last write
      if (syncDue != null && generator.bytesLeft()) {
        syncNow(syncDue);
        syncDue = null;
        prepared = clock.getAsLong();
      }
      if (!generator.next(plan)) {
        break;
      }
      if (syncDue != null) {
        syncNow(syncDue);
        syncDue = null;
        prepared = clock.getAsLong();
      }
      if (throttle.await(plan.direction, plan.length, () -> {}, phase.deadline)) {
        prepared = clock.getAsLong(); // fio takes the I/O's start time after its rate's wait
        if (prepared >= phase.deadline) {
          phase.over(prepared); // due after the runtime: fio's rate_ddir does not issue it
          break;
        }
      }
      if (termination.requested()) {
        break; // exitall stopped the clone while it waited for its rate: that I/O is not issued
      }
      IoFile file = plan.file;
      int n;
      long issued = clock.getAsLong();
      try {
        if (file.descriptor == null) {
          // the null engine and the file-operation engines: the I/O completes as it is issued
          if (fileOperations != null && !file.opened) {
            try {
              fileOperations.open(file);
            } catch (IOException e) {
              // fio fails to get the next file: the I/O is never issued, and the job ends
              errors.openFailed(fileOperations.call(), file.path.getFileName().toString(), e);
              break;
            }
            file.opened = true;
          }
          issued = clock.getAsLong();
          n = plan.length;
        } else if (spec.ioEngine() == IoEngine.FTRUNCATE || spec.ioEngine() == IoEngine.FALLOC) {
          issued = clock.getAsLong();
          n = FileOperations.io(file, spec, plan.direction, plan.offset, plan.length);
        } else if (plan.direction == Direction.READ) {
          verifier.read();
          readBuffer.clear().limit(plan.length);
          issued = clock.getAsLong();
          n = file.descriptor.pread(readBuffer, plan.offset);
        } else if (plan.direction == Direction.TRIM) {
          issued = clock.getAsLong();
          file.descriptor.discard(plan.offset, plan.length); // fio's os_trim: BLKDISCARD
          n = plan.length;
        } else {
          writeBuffer.clear().limit(plan.length);
          content.prepare(writeBuffer, plan.offset, prepared);
          if (verifier.logsWrites()) {
            verifier.logWrite(file, plan.offset, plan.length);
          }
          issued = clock.getAsLong();
          n = file.descriptor.pwrite(writeBuffer, plan.offset);
          if (spec.rw().trimsThenWrites() && spec.ioEngine().isAsync()) {
            // fio queues a trimwrite job's writes on libaio and io_uring and times their
            // submission (io_u_queued); its trims complete in the call, untimed there
            stats.submitted(Direction.WRITE, issued - prepared);
          }
        }
      } catch (NativeIoException e) {
        issuedIos++;
        stats.counted(plan.direction, 0); // fio counts the I/O as issued, and no bytes
        generator.failed(plan.length);
        if (!errors.failed(plan.direction, e, file.name(), plan.offset, plan.length)) {
          break;
        }
        if (phase.over(clock.getAsLong())) {
          break;
        }
        continue;
      }
      issuedIos++;
      long done = clock.getAsLong();
      account(plan.direction, file, plan.offset, plan.length, n, done - issued, done - prepared);
      if (plan.direction == Direction.READ && verifier.checksReads()) {
        verifier.checkRead(spec.name(), file, readBuffer, plan.offset, plan.length, n);
      }
      if (logs.enabled()) {
        logs.completed(plan.direction, done, n, plan.offset, done - issued, done - prepared);
      }
      stats.depths().markDepth(1, 1);
      stats.depths().markSubmit(1);
      stats.depths().markComplete(1);
      if (plan.direction == Direction.WRITE && file.descriptor != null && syncDue()) {
        syncDue = file;
      }
      if (latencyTarget.isSet()) {
        // every completion counts in the window; without lat (disable_lat) none is late, as fio
        long lat = spec.measurements().lat() ? done - prepared : 0;
        latencyTarget.completed(lat, done, spec.name(), describe(plan));
      }
      if (phase.over(pace(phase, done, () -> {})) || phase.latencyTargetDone(() -> {})) {
        break;
      }
    }
  }

  /** An I/O as fio names it in its latency error: file, direction, offset, length. */
  private static String describe(IoPlan plan) {
    return plan.file.name()
        + " "
        + (plan.direction == Direction.READ ? "read" : "write")
        + " "
        + plan.offset
        + " "
        + plan.length;
  }

  private void account(
      Direction direction, IoFile file, long offset, int length, long n, long clat, long lat) {
    account(direction, file, offset, length, n, clat, lat, 0);
  }

  private void account(
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
    lastWasSync = false;
  }

  private boolean syncDue() {
    int every = spec.fsync() > 0 ? spec.fsync() : spec.fdatasync();
    return every > 0 && ++writesSinceSync >= every;
  }

  private void syncNow(IoFile file) throws NativeIoException {
    writesSinceSync = 0;
    lastWasSync = true;
    long start = clock.getAsLong();
    if (spec.fsync() > 0) {
      file.descriptor.fsync();
    } else {
      file.descriptor.fdatasync();
    }
    stats.synced(clock.getAsLong() - start);
  }

  /**
   * The end of fio 3.33's {@code do_io}, after every pass: with {@code end_fsync} or {@code
   * fsync_on_close}, a job that writes waits for its I/Os in flight and fsyncs every one of its
   * files, unless its last I/O was a sync; inside the runtime, neither counted nor timed in {@code
   * sync}. Its files' closes then find the last I/O a sync, so {@code fsync_on_close} syncs no
   * more.
   */
  private void endOfPassSync() throws NativeIoException {
    if (!(spec.endFsync() || spec.fsyncOnClose()) || !spec.rw().writes() || lastWasSync) {
      return;
    }
    quiesce.run();
    for (IoFile file : files) {
      if (file.descriptor == null) {
        continue;
      }
      if (file.closed) {
        // fio's fio_file_fsync opens a file it closed at its end (invalidated, advised), syncs
        // it and closes it again (fio-diff seed 2031 case 190)
        IoFiles.reopen(file, spec);
        file.closed = true;
      }
      file.descriptor.fsync();
    }
    lastWasSync = true;
  }

  /**
   * fio closes a file when it reaches its end in a pass (its set_io_u_file), syncing it under
   * fsync_on_close unless the last I/O was a sync; only then do its I/Os in flight complete first.
   */
  private void fileDone(IoFile file) {
    try {
      if (spec.fsyncOnClose() && spec.rw().writes() && !lastWasSync) {
        quiesce.run();
        syncOnClose(file);
      }
      file.closed = true;
    } catch (NativeIoException e) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
    }
  }

  /** Between passes: the pass's end sync, then fio's clear_io_state. */
  private void passEnded() {
    try {
      endOfPassSync();
      clearIoState();
    } catch (NativeIoException e) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
    }
    latencyTarget.start(clock.getAsLong()); // fio's do_io starts with lat_target_init
  }

  /**
   * fio's {@code clear_io_state}, before a verify and before each new pass: it forgets the last
   * sync, then closes every file, so that under {@code fsync_on_close} a writing job syncs each one
   * (neither counted nor timed) even right after the pass's end sync. fio-diff seed 2031 case 32: a
   * verifying {@code fsync_on_close} job syncs each file at the pass's end, before its verify and
   * after it.
   */
  private void clearIoState() throws NativeIoException {
    lastWasSync = false;
    for (IoFile file : files) {
      syncOnClose(file);
      file.closed = true;
    }
  }

  /** fio's {@code td_io_close_file}: under fsync_on_close, a sync unless the last I/O was one. */
  private void syncOnClose(IoFile file) throws NativeIoException {
    if (spec.fsyncOnClose() && spec.rw().writes() && !lastWasSync && file.descriptor != null) {
      file.descriptor.fsync();
    }
  }

  private void runQueued(Phase phase) throws NativeIoException {
    int depth = spec.ioDepth();
    try (IoQueue queue = openQueue(depth)) {
      mechanism = queue.mechanism().id();
      if (priorities.isSet() && queue.mechanism() == IoMechanism.THREAD_POOL) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            "job '"
                + spec.name()
                + "': cmdprio_percentage/cmdprio_bssplit need io_uring or libaio, and neither"
                + " works here (a thread pool cannot give one I/O a priority)");
      }
      if (spec.priority().isSet() && queue.mechanism() == IoMechanism.THREAD_POOL) {
        // the pool's threads, not this one, would make the I/O, without its priority
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            "job '"
                + spec.name()
                + "': prio/prioclass need io_uring or libaio for iodepth > 1, and neither works"
                + " here (fsbench would run the I/O on a thread pool without the priority); use"
                + " iodepth=1 or a kernel with io_uring");
      }
      QueuedIo io = new QueuedIo(queue, depth);
      quiesce = io::quiesce;
      io.run(phase);
    }
  }

  private IoQueue openQueue(int depth) throws NativeIoException {
    return switch (spec.ioEngine()) {
      case IO_URING -> IoQueues.open(depth, IoMechanism.IO_URING);
      case LIBAIO -> IoQueues.open(depth, IoMechanism.LIBAIO);
      default -> IoQueues.open(depth);
    };
  }

  /** The async loop: keeps up to iodepth I/Os in flight, as fio's io_uring/libaio engines. */
  private final class QueuedIo {
    private final IoQueue queue;
    private final ByteBuffer[] buffers;
    private final Direction[] directions;
    private final IoFile[] slotFiles;
    private final long[] offsets;
    private final int[] lengths;
    private final long[] prepared;
    private final long[] issued;
    private final int[] slotPriorities;
    private final int[] free;
    private final int[] pending;
    private final IoCompletions completions;
    private int freeCount;
    private int pendingCount;
    private boolean failed; // an I/O error ended the job: issue no more, reap what is in flight
    private boolean quiesceWanted; // a late I/O at latency_percentile=100 lowered the depth
    private boolean quiescing;

    QueuedIo(IoQueue queue, int depth) {
      this.queue = queue;
      int capacity = IoGenerator.maxBlockSize(spec);
      buffers = new ByteBuffer[depth];
      directions = new Direction[depth];
      slotFiles = new IoFile[depth];
      offsets = new long[depth];
      lengths = new int[depth];
      prepared = new long[depth];
      issued = new long[depth];
      slotPriorities = new int[depth];
      free = new int[depth];
      pending = new int[depth];
      completions = new IoCompletions(depth);
      for (int i = 0; i < depth; i++) {
        buffers[i] = AlignedBuffers.allocate(capacity);
        if (spec.rw().writes()) {
          content.fill(buffers[i]);
        }
        free[i] = depth - 1 - i;
      }
      freeCount = depth;
    }

    void run(Phase phase) throws NativeIoException {
      boolean exhausted = false;
      boolean stopping = false;
      boolean syncWanted = false;
      boolean planned = false;
      IoFile syncFile = null;
      while (true) {
        boolean held = false;
        while (!exhausted
            && !stopping
            && !syncWanted
            && freeCount > 0
            && buffers.length - freeCount < latencyTarget.depth()) {
          if (!planned && flow != null && flow.held()) {
            held = true;
            break;
          }
          if (!planned && generator.bytesLeft() && verifier.backlogDue()) {
            // fio's check_get_verify at depth. fsbench completes what is in flight first and
            // reads the block back with pread(2), as its verify after a pass does, so no logged
            // write is still in flight when its turn comes (fio then issues a new I/O instead)
            quiesce();
            generator.verified(verifier.verifyNext(spec.name()));
            if (failed || phase.over(clock.getAsLong())) {
              stopping = true;
              break;
            }
            continue;
          }
          long now = clock.getAsLong();
          if (!planned && !generator.next(plan)) {
            exhausted = true;
            break;
          }
          planned = false;
          // fio's rate_ddir in inline mode: before waiting for its rate, every I/O in flight
          // completes (io_u_quiesce)
          boolean waited =
              throttle.await(plan.direction, plan.length, this::quiesce, phase.deadline);
          if (waited) {
            now = clock.getAsLong(); // fio takes the I/O's start time after its rate's wait
          }
          if (waited && now >= phase.deadline) {
            phase.over(now); // due after the runtime: fio's rate_ddir does not issue it
            stopping = true;
            break;
          }
          if (termination.requested()) {
            stopping = true; // stopped by exitall while waiting for its rate: not issued
            break;
          }
          queueOne(now);
          // fio's default iodepth_batch_submit=1: each I/O goes to the kernel as soon as it is
          // queued, so the device starts on the first while the next are prepared.
          submit();
          if (plan.direction == Direction.WRITE && syncDue()) {
            syncWanted = true;
            syncFile = plan.file;
          }
          // fio checks after each turn of its loop, which reaps first when the queue is full
          if (buffers.length - freeCount < latencyTarget.depth()
              && phase.latencyTargetDone(this::quiesce)) {
            stopping = true; // fio's td->done: what is in flight completes and counts
          }
          if (!stopping && waited && phase.over(clock.getAsLong())) {
            // a rated job quiesces before each wait, so its queue may never fill: the runtime
            // is checked after each wait too, as fio's loop checks it every turn
            stopping = true;
          }
        }
        if (queue.queued() > 0) {
          submit();
        }
        if (held && flow != null && flow.sleeps()) {
          quiesce(); // fio's io_u_quiesce before the flow's sleep
        }
        if (queue.inFlight() == 0) {
          if (syncWanted) {
            // as fio, the sync due after every N writes is issued while the pass still wants
            // bytes, or before the first I/O of the next pass; not after the job's last write
            syncWanted = false;
            if (!stopping && generator.bytesLeft()) {
              syncNow(syncFile);
              continue;
            }
            if (!stopping && generator.next(plan)) {
              syncNow(syncFile);
              planned = true;
              continue;
            }
            exhausted = true;
          }
          if (held && flow != null && !exhausted && !stopping) {
            flow.pause();
            stopping = phase.over(clock.getAsLong());
            continue;
          }
          break;
        }
        reap(stopping ? queue.inFlight() : 1);
        stopping |= failed;
        long done = clock.getAsLong();
        if (!stopping) {
          done = pace(phase, done, this::quiesce);
        }
        if (!stopping && (phase.over(done) || phase.latencyTargetDone(this::quiesce))) {
          stopping = true;
        }
      }
    }

    /** fio's {@code io_u_quiesce} before a think time: every I/O in flight completes. */
    private void quiesce() {
      quiescing = true;
      try {
        while (queue.inFlight() > 0) {
          reap(queue.inFlight());
        }
      } catch (NativeIoException e) {
        throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
      } finally {
        quiescing = false;
        quiesceWanted = false;
      }
    }

    private void queueOne(long preparedAt) {
      issuedIos++;
      int slot = free[--freeCount];
      ByteBuffer buffer = buffers[slot];
      buffer.clear().limit(plan.length);
      directions[slot] = plan.direction;
      slotFiles[slot] = plan.file;
      offsets[slot] = plan.offset;
      lengths[slot] = plan.length;
      prepared[slot] = preparedAt;
      int priority = priorities.pick(plan.direction, plan.length);
      slotPriorities[slot] = priority;
      if (priorities.isSet()) {
        queue.priority(priorities.value(plan.direction, priority));
      }
      if (plan.direction == Direction.READ) {
        verifier.read();
        queue.read(plan.file.descriptor, buffer, plan.offset, slot);
      } else {
        content.prepare(buffer, plan.offset, preparedAt);
        if (verifier.logsWrites()) {
          verifier.logWrite(plan.file, plan.offset, plan.length);
        }
        queue.write(plan.file.descriptor, buffer, plan.offset, slot);
      }
      pending[pendingCount++] = slot;
    }

    private void submit() throws NativeIoException {
      int n = queue.submit();
      long now = clock.getAsLong();
      for (int i = 0; i < pendingCount; i++) {
        int slot = pending[i];
        issued[slot] = now;
        stats.submitted(directions[slot], now - prepared[slot]);
        if (logs.enabled()) {
          logs.priority(priorities.value(directions[slot], slotPriorities[slot]));
          logs.submitted(directions[slot], now, lengths[slot], offsets[slot], now - prepared[slot]);
        }
      }
      pendingCount = 0;
      stats.depths().markSubmit(n);
      stats.depths().markDepth(queue.inFlight(), n);
    }

    private void reap(int minimum) throws NativeIoException {
      int n = queue.reap(Math.max(1, Math.min(minimum, queue.inFlight())), completions);
      long now = clock.getAsLong();
      for (int i = 0; i < n; i++) {
        int slot = completions.slot(i);
        long result = completions.result(i);
        IoFile file = slotFiles[slot];
        if (result < 0) {
          NativeIoException e =
              NativeIoException.of(
                  (int) -result,
                  directions[slot] == Direction.READ ? "read" : "write",
                  file.name());
          stats.counted(directions[slot], 0); // fio counts the I/O as issued, and no bytes
          generator.failed(lengths[slot]);
          if (!errors.failed(directions[slot], e, file.name(), offsets[slot], lengths[slot])) {
            failed = true;
          }
          free[freeCount++] = slot;
          continue;
        }
        account(
            directions[slot],
            file,
            offsets[slot],
            lengths[slot],
            result,
            now - issued[slot],
            now - prepared[slot],
            slotPriorities[slot]);
        if (latencyTarget.isSet()) {
          // every completion counts in the window; without lat (disable_lat) none is late
          if (latencyTarget.completed(
                  spec.measurements().lat() ? now - prepared[slot] : 0,
                  now,
                  spec.name(),
                  file.name()
                      + " "
                      + directions[slot].name().toLowerCase(java.util.Locale.ROOT)
                      + " "
                      + offsets[slot]
                      + " "
                      + lengths[slot])
              == LatencyTargetProbe.Step.QUIESCE) {
            quiesceWanted = true;
          }
        }
        if (directions[slot] == Direction.READ && verifier.checksReads()) {
          verifier.checkRead(
              spec.name(), file, buffers[slot], offsets[slot], lengths[slot], result);
        }
        if (logs.enabled()) {
          logs.priority(priorities.value(directions[slot], slotPriorities[slot]));
          logs.completed(
              directions[slot],
              now,
              result,
              offsets[slot],
              now - issued[slot],
              now - prepared[slot]);
        }
        free[freeCount++] = slot;
      }
      stats.depths().markComplete(n);
      if (quiesceWanted && !quiescing) {
        quiesceWanted = false;
        quiesce(); // fio's __lat_target_failed quiesces before going on at the lower depth
        latencyTarget.restarted(clock.getAsLong());
      }
    }
  }

  /**
   * fio's {@code io_submit_mode=offload}: this thread plans each I/O and keeps to the rate; {@link
   * OffloadWorkers} issue them, each worker one at a time with a synchronous call. As fio's
   * workers, which run the job's engine at depth 1, each I/O counts at depth 1; with libaio its
   * submission latency runs from planning to when a worker issues it, the wait for a free worker
   * included.
   */
  private final class OffloadedIo {
    private final ByteBuffer[] buffers;
    private final Direction[] directions;
    private final IoFile[] slotFiles;
    private final long[] offsets;
    private final int[] lengths;
    private final long[] prepared;
    private final int[] free;
    private final boolean async = spec.ioEngine() == IoEngine.LIBAIO;
    private int freeCount;
    private OffloadWorkers workers;

    OffloadedIo() {
      int depth = spec.ioDepth();
      int capacity = IoGenerator.maxBlockSize(spec);
      buffers = new ByteBuffer[depth];
      directions = new Direction[depth];
      slotFiles = new IoFile[depth];
      offsets = new long[depth];
      lengths = new int[depth];
      prepared = new long[depth];
      free = new int[depth];
      for (int i = 0; i < depth; i++) {
        buffers[i] = AlignedBuffers.allocate(capacity);
        if (spec.rw().writes()) {
          content.fill(buffers[i]);
        }
        free[i] = depth - 1 - i;
      }
      freeCount = depth;
    }

    void run(Phase phase) throws NativeIoException {
      mechanism = (async ? "libaio" : "psync") + "-offload";
      try (OffloadWorkers w =
          new OffloadWorkers(spec.ioDepth(), spec.name(), this::io, clock, () -> {})) {
        workers = w;
        quiesce = this::drain;
        loop(phase);
      } finally {
        quiesce = () -> {};
      }
    }

    private void loop(Phase phase) throws NativeIoException {
      boolean exhausted = false;
      boolean stopping = false;
      while (true) {
        for (int slot = workers.next(false); slot >= 0; slot = workers.next(false)) {
          complete(slot);
        }
        if (exhausted || stopping || !workers.hasRoom()) {
          if (workers.outstanding() == 0) {
            if (exhausted || stopping) {
              return;
            }
            continue;
          }
          complete(workers.next(true));
          if (!stopping && phase.over(clock.getAsLong())) {
            stopping = true;
          }
          continue;
        }
        if (!generator.next(plan)) {
          exhausted = true;
          continue;
        }
        throttle.await(plan.direction, plan.length); // no quiesce: that is what offload is for
        if (termination.requested()) {
          stopping = true;
          continue;
        }
        hand(clock.getAsLong());
        if (phase.over(clock.getAsLong())) {
          stopping = true;
        }
      }
    }

    private void hand(long preparedAt) {
      issuedIos++;
      int slot = free[--freeCount];
      ByteBuffer buffer = buffers[slot];
      buffer.clear().limit(plan.length);
      directions[slot] = plan.direction;
      slotFiles[slot] = plan.file;
      offsets[slot] = plan.offset;
      lengths[slot] = plan.length;
      prepared[slot] = preparedAt;
      if (plan.direction == Direction.WRITE) {
        content.prepare(buffer, plan.offset, preparedAt);
      }
      workers.submit(slot);
    }

    /** On a worker's thread: the slot's I/O as one synchronous call. */
    private long io(int slot) throws NativeIoException {
      NativeFile file = slotFiles[slot].descriptor;
      return directions[slot] == Direction.READ
          ? file.pread(buffers[slot], offsets[slot])
          : file.pwrite(buffers[slot], offsets[slot]);
    }

    private void complete(int slot) {
      long issued = workers.issued(slot);
      long done = workers.done(slot);
      long n = workers.result(slot);
      Direction direction = directions[slot];
      if (async) {
        stats.submitted(direction, issued - prepared[slot]); // fio's slat of an async engine
        if (logs.enabled()) {
          logs.submitted(direction, issued, lengths[slot], offsets[slot], issued - prepared[slot]);
        }
      }
      account(
          direction,
          slotFiles[slot],
          offsets[slot],
          lengths[slot],
          n,
          done - issued,
          done - prepared[slot]);
      if (logs.enabled()) {
        logs.completed(direction, done, n, offsets[slot], done - issued, done - prepared[slot]);
      }
      stats.depths().markDepth(1, 1);
      stats.depths().markSubmit(1);
      stats.depths().markComplete(1);
      free[freeCount++] = slot;
    }

    /** Every I/O handed over completes and is accounted: before an end-of-pass sync. */
    private void drain() {
      try {
        while (workers.outstanding() > 0) {
          complete(workers.next(true));
        }
      } catch (NativeIoException e) {
        throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, e.getMessage(), e);
      }
    }
  }

  /** What the clone measured, once it has finished and the samplers have stopped. */
  JobResults.Clone result(long runStartNanos, io.fsbench.api.SteadyStateResult steadyState) {
    sampling.deliver(stats);
    logs.write();
    return new JobResults.Clone(info(runStartNanos, endNanos), stats, steadyState);
  }

  /**
   * What the clone has measured so far, while it runs (fio's {@code __show_running_run_stats}): its
   * counters and histograms copied without stopping it, its runtime up to {@code nowNanos}; CPU and
   * the sampled rates are taken only when it ends.
   */
  synchronized JobResults.Clone snapshot(long runStartNanos, long nowNanos) {
    JobStats copy = stats.emptyCopy();
    copy.add(stats);
    long start = liveStartNanos;
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
        errors.reported(),
        mechanism,
        setup,
        errors.counts(),
        latencyProfile());
  }

  /** fio's {@code latency_depth} and the target's settings, as its JSON prints them. */
  private io.fsbench.api.LatencyProfile latencyProfile() {
    io.fsbench.api.LatencyTarget target = spec.latencyTarget();
    if (!target.isSet()) {
      return io.fsbench.api.LatencyProfile.untargeted(spec.ioDepth());
    }
    return new io.fsbench.api.LatencyProfile(
        latencyTarget.depth(),
        target.target().toNanos() / 1000 * 1000, // fio keeps the target in us, prints it in ns
        target.percentile(),
        target.window().toNanos() / 1000);
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
            syncOnClose(file);
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

  static void requireUsable(JobSpec spec, long fileSize) {
    // a file that holds the smallest block has I/O to do: a bssplit's larger sizes give way to
    // one that fits, as fio's get_next_buflen does (seed 2042 case 665: 6250-byte files of a
    // 4000/8000-byte bssplit, which fio runs)
    int min = IoGenerator.minBlockSize(spec);
    if (fileSize < min) {
      throw new InvalidInputException(
          "job '"
              + spec.name()
              + "': its files are "
              + fileSize
              + " bytes, smaller than its smallest block size ("
              + min
              + "); give a larger size or filesize");
    }
    VerifyChecks.requireUsable(spec);
  }
}
