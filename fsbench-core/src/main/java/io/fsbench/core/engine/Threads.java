package io.fsbench.core.engine;

import java.util.List;

/** Waiting for a workload's worker threads. */
public final class Threads {

  private Threads() {}

  /**
   * Waits for every thread to end, even when interrupted: workers hold files open in the workload's
   * directory, so the caller must not go on (and remove it) before they are done. An interrupt runs
   * {@code onInterrupt} (to tell the workers to stop) and is restored afterwards.
   *
   * @return whether the calling thread was interrupted while waiting
   */
  public static boolean joinAll(List<Thread> threads, Runnable onInterrupt) {
    boolean interrupted = false;
    for (Thread thread : threads) {
      while (true) {
        try {
          thread.join();
          break;
        } catch (InterruptedException e) {
          if (!interrupted) {
            onInterrupt.run();
          }
          interrupted = true;
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    return interrupted;
  }
}
