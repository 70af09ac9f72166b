package io.fsbench.core.engine;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.Volume;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/** What a {@link WorkloadRunner} is given besides its spec. */
public interface WorkloadContext {

  /** The phase key {@link #beforePhase} is called with after a workload's last phase. */
  String END_PHASE = "end";

  /**
   * The directory the workload works in: a fresh, empty one of the run's own, or one shared with
   * other clients (see {@link #names()}); the workload works only inside it.
   */
  Path directory();

  /**
   * How to name what the workload makes directly in {@link #directory()}: as it likes in a
   * directory of its own, with the client's tag in a shared one. Only runners that say they can
   * share ({@link WorkloadRunner#cannotShare}) are given a shared directory.
   */
  default RunNames names() {
    return RunNames.OWN;
  }

  /** The volume, when fsbench made it (absent for a directory target). */
  Optional<Volume> volume();

  /** The monotonic clock in nanoseconds: the system's, unless a test gives a fake one. */
  default long nanoTime() {
    return System.nanoTime();
  }

  /** Wall-clock milliseconds since the epoch, for timestamps in results: the system's. */
  default long currentTimeMillis() {
    return System.currentTimeMillis();
  }

  /**
   * Now on the system clock, as precisely as it reads (microseconds on Linux): when a phase
   * started, for results that a cluster moves into its controller's clock.
   */
  default Instant instant() {
    return Instant.ofEpochMilli(currentTimeMillis());
  }

  /**
   * Waits, outside any timing, until the workload may start {@code phase} (its key, or {@link
   * #END_PHASE} after the last phase, before cleaning up): the session's {@code PhaseGate}, which a
   * cluster agent uses to start each phase on every client together. Returns at once by default.
   */
  default void beforePhase(String phase) {}

  /**
   * Whose files the {@code step}-th phase after the first visits (1: the second phase), when a
   * phase visits another client's files rather than this run's own (mdtest's {@code -N}); empty, by
   * default, for this run's own.
   */
  default Optional<NeighbourFiles> neighbour(int step) {
    return Optional.empty();
  }

  /** Reports progress, 0..1, for progress bars; cheap enough to call a few times a second. */
  void progress(double fraction);

  /**
   * Shows a line the workload itself prints (filebench's {@code echo}, its progress lines); drops
   * it unless the session has a {@code messages} listener.
   */
  default void message(String line) {}

  /**
   * Registers how this workload ends early with a result when asked to ({@link
   * io.fsbench.Session#finish()}, a cluster's stonewall); a workload that registers nothing runs to
   * its end.
   */
  default void whenFinishRequested(Runnable stop) {}

  /** Whether the run was asked to stop (Ctrl-C, a cancelled comparison). */
  boolean cancelled();

  /**
   * Fails the run when it was asked to stop.
   *
   * @throws FsBenchException (run failed) saying that {@code workload} was cancelled
   */
  default void failIfCancelled(String workload) {
    if (cancelled()) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, workload + " was cancelled");
    }
  }
}
