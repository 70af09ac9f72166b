package io.fsbench.cluster.internal;

import java.util.concurrent.ThreadFactory;

/** Daemon threads with names that say whose they are, for thread dumps and leak checks. */
final class Threads {

  private Threads() {}

  static ThreadFactory named(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }
}
