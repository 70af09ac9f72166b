package io.fsbench;

/**
 * Where a workload with phases (fsmark, tree) waits before each phase, so that clients that run it
 * together start every phase together, as mdtest's ranks meet at a barrier before each phase. A
 * cluster agent's gate tells its controller that it reached the phase and returns when every client
 * has; a single-host run has no gate.
 *
 * <pre>{@code
 * Session session = fsbench.session(null, Target.directory(dir))
 *     .phaseGate(phase -> barrier.arriveAndAwait(phase));
 * }</pre>
 *
 * <p>The gate is called on the run's thread, outside the phase's timing: before each phase with the
 * phase's key ({@code create}, {@code stat}, {@code extract}, ...), after the JIT warm-up and any
 * untimed sync, and once more with {@link #END} after the last phase, before the run removes its
 * files (so that no client removes what another still visits). A gate that throws ends the run with
 * that exception; a run asked to finish ({@link Session#finish()}) starts no phase after it returns
 * but still passes {@link #END}.
 */
@FunctionalInterface
public interface PhaseGate {

  /** The key the gate is called with after the last phase, before the run cleans up. */
  String END = "end";

  /** A gate that never waits: a single-host run's. */
  PhaseGate NONE = phase -> {};

  /**
   * Returns when the run may start {@code phase}.
   *
   * @param phase the key of the phase about to start, or {@link #END}
   */
  void await(String phase);
}
