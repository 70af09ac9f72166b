package io.fsbench.core.engine;

/**
 * A request that the running workload end now and report what it did so far, as its runtime ending
 * would: a cluster's stonewall (the first client done stops the others). Unlike a cancel, which
 * fails the run, the run ends with a result. A workload that cannot end early with a result
 * registers nothing and runs to its end.
 */
public final class FinishRequest {

  private boolean requested;
  private Runnable stop;

  /** Ends the run through the stop it registered, now or as soon as it registers one. */
  public synchronized void request() {
    requested = true;
    if (stop != null) {
      stop.run();
    }
  }

  /** Whether the run was asked to finish. */
  public synchronized boolean requested() {
    return requested;
  }

  /** The workload's way to end early with a result; run at once when the request came first. */
  public synchronized void whenRequested(Runnable stop) {
    this.stop = stop;
    if (requested) {
      stop.run();
    }
  }
}
