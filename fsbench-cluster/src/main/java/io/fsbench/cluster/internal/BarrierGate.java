package io.fsbench.cluster.internal;

import io.fsbench.PhaseGate;
import io.fsbench.api.FsBenchException;
import io.fsbench.cluster.internal.Messages.Arrived;
import java.util.function.Consumer;

/**
 * An agent's side of the phase barriers: the run's thread says it arrived ({@link Arrived}, to the
 * controller) and waits until the controller's {@link Messages.Go} for that barrier, or until the
 * run is stopped (an abort, the controller gone), which ends the run at the barrier. The wait has
 * no deadline of its own: the controller's (a client that does not arrive) and the group's failure
 * detection (the controller gone) end it.
 */
final class BarrierGate implements PhaseGate {

  private final String runId;
  private final Consumer<Arrived> arrive;
  private int next; // only the run's thread arrives
  private int released = -1;
  private String stopped;

  BarrierGate(String runId, Consumer<Arrived> arrive) {
    this.runId = runId;
    this.arrive = arrive;
  }

  @Override
  public void await(String phase) {
    int seq = next++;
    arrive.accept(new Arrived(runId, seq, phase));
    synchronized (this) {
      while (released < seq && stopped == null) {
        try {
          wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new FsBenchException(
              FsBenchException.Kind.RUN_FAILED,
              "interrupted at the barrier before the " + phase + " phase");
        }
      }
      if (released < seq) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            "stopped at the barrier before the " + phase + " phase: " + stopped);
      }
    }
  }

  /** The controller's go for barrier {@code seq} (and so for every one before it). */
  synchronized void go(int seq) {
    released = Math.max(released, seq);
    notifyAll();
  }

  /** Ends a wait at a barrier, now and later: the run is stopped, {@code why}. */
  synchronized void stop(String why) {
    if (stopped == null) {
      stopped = why;
    }
    notifyAll();
  }
}
