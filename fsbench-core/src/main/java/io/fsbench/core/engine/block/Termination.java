package io.fsbench.core.engine.block;

/**
 * A request that one clone stop early, as fio's {@code fio_terminate_threads} marks a thread {@code
 * terminate}: the clone ends after the I/O it is doing, reporting what it did. A clone asked before
 * it starts never starts. Its waits (rate, think time, start delay, a waitee) are woken by an
 * interrupt, sent only while it is inside them, so that nothing after them sees the interrupt.
 */
final class Termination {

  private volatile boolean requested;
  private Thread thread;
  private boolean active;

  /** Whether the clone has been asked to stop. */
  boolean requested() {
    return requested;
  }

  /** Asks the clone to stop, waking it if it is waiting. */
  synchronized void request() {
    requested = true;
    if (active) {
      thread.interrupt();
    }
  }

  /** The calling thread begins the part of the clone's life that a request may interrupt. */
  synchronized void enter() {
    thread = Thread.currentThread();
    active = true;
    if (requested) {
      thread.interrupt();
    }
  }

  /** Ends that part, and clears any interrupt a request left. */
  synchronized void leave() {
    active = false;
    Thread.interrupted();
  }
}
