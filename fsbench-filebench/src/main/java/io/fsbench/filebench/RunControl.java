package io.fsbench.filebench;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * What the threads of one run share: the stop flag (filebench's {@code shm_f_abort}), the run-wide
 * counts the limit and finish flowops read ({@code flowop.c: controlstats}), the event generator,
 * the sync flowops' gates by flowop name, and how a thread that finishes early ends the run ({@code
 * set mode quit}).
 */
final class RunControl implements BooleanSupplier {

  /** {@code set mode quit ...}: what a thread's finishing (a flowop out of resources) does. */
  enum QuitMode {
    /** filebench's default: the run lasts its time; a thread that runs out stops the run. */
    TIMEOUT,
    /** The run ends when every thread has finished (or its time is up, if it has one). */
    ALLDONE,
    /** The run ends when the first thread finishes. */
    FIRSTDONE
  }

  private final BooleanSupplier cancelled;
  private final QuitMode mode;
  private final Optional<EventGenerator> eventgen;
  private final Map<String, List<SyncGates.Semaphore>> semaphores;
  private final Map<String, List<SyncGates.Wakeup>> wakeups;
  private final AtomicReference<String> failure = new AtomicReference<>();
  private volatile boolean stopping;
  private int running;

  // controlstats: the run-wide sums filebench keeps under controlstats_lock
  private long ioCount;
  private long ioBytes;
  private long readCount;
  private long writeCount;
  private long readBytes;
  private long writeBytes;

  RunControl(
      BooleanSupplier cancelled,
      QuitMode mode,
      Optional<EventGenerator> eventgen,
      Map<String, List<SyncGates.Semaphore>> semaphores,
      Map<String, List<SyncGates.Wakeup>> wakeups) {
    this.cancelled = cancelled;
    this.mode = mode;
    this.eventgen = eventgen;
    this.semaphores = Map.copyOf(semaphores);
    this.wakeups = Map.copyOf(wakeups);
  }

  /** Whether the threads must stop: the run is over, failed or was cancelled. */
  @Override
  public boolean getAsBoolean() {
    return stopping || cancelled.getAsBoolean();
  }

  QuitMode mode() {
    return mode;
  }

  Optional<EventGenerator> eventgen() {
    return eventgen;
  }

  List<SyncGates.Semaphore> semaphores(String name) {
    return semaphores.getOrDefault(name, List.of());
  }

  List<SyncGates.Wakeup> wakeups(String name) {
    return wakeups.getOrDefault(name, List.of());
  }

  void stop() {
    stopping = true;
  }

  /** The first failure of a thread, if one failed. */
  Optional<String> failure() {
    return Optional.ofNullable(failure.get());
  }

  /** A thread failed: the run stops, and reports the first failure. */
  void fail(String message) {
    failure.compareAndSet(null, message);
    stopping = true;
  }

  synchronized void threadStarted() {
    running++;
  }

  /**
   * A thread ended its loop because a flowop ran out of resources ({@code FILEBENCH_NORSC}), as
   * {@code threadflow.c}'s loop and {@code flowop.c: flowop_start} handle it: in firstdone mode the
   * run ends; in timeout mode filebench stops the run with an error; in alldone mode the run ends
   * when the last thread has ended. {@code flowop} names it with its file and line.
   */
  synchronized void threadFinished(String flowop, String why) {
    running--;
    switch (mode) {
      case FIRSTDONE -> stopping = true;
      case TIMEOUT ->
          fail(
              flowop
                  + " "
                  + why
                  + "; filebench stops the run then in its default mode (set mode quit"
                  + " alldone or firstdone to let threads finish)");
      case ALLDONE -> {
        if (running == 0) {
          stopping = true;
        }
      }
    }
    notifyAll();
  }

  /** Waits up to {@code nanos} for the run to stop on its own (a thread's finishing). */
  synchronized boolean awaitStop(long nanos) throws InterruptedException {
    long deadline = System.nanoTime() + nanos;
    while (!getAsBoolean()) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      wait(Math.max(1, Math.min(left / 1_000_000, 100)));
    }
    return true;
  }

  /** flowop_endop's update of controlstats. */
  synchronized void add(FlowopType type, long bytes) {
    if (type.io()) {
      ioCount++;
      ioBytes += bytes;
    }
    if (type.direction() == FlowopType.Direction.READ) {
      readCount++;
      readBytes += bytes;
    } else if (type.direction() == FlowopType.Direction.WRITE) {
      writeCount++;
      writeBytes += bytes;
    }
  }

  synchronized void clear() {
    ioCount = 0;
    ioBytes = 0;
    readCount = 0;
    writeCount = 0;
    readBytes = 0;
    writeBytes = 0;
  }

  synchronized long ioCount() {
    return ioCount;
  }

  synchronized long ioBytes() {
    return ioBytes;
  }

  synchronized long readWriteCount() {
    return readCount + writeCount;
  }

  synchronized long readWriteBytes() {
    return readBytes + writeBytes;
  }
}
