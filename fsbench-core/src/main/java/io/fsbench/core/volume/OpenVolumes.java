package io.fsbench.core.volume;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The volumes this JVM has open, the work running on them, and the exit path. One shutdown hook
 * (normal exit, Ctrl-C, SIGTERM) stops everything at once: it marks the JVM as stopping, so that
 * work started from then on is cancelled as it begins; asks running work (runs, comparisons,
 * volumes being made) to stop, ending the programs they wait for; waits for it, with a short bound,
 * so that a partial report is written and unmounts do not find the filesystem busy; closes the
 * volumes, newest first; and last releases whatever this process still has in each registry it
 * wrote to, in whatever state it is (a volume half made included). SIGKILL runs no hook; the
 * registry and the next start release what is left.
 */
public final class OpenVolumes {

  private static final Logger log = LoggerFactory.getLogger(OpenVolumes.class);

  /** How long running work gets to stop; it checks its flag every few milliseconds. */
  private static final long WORK_STOP_MILLIS = 1500;

  /**
   * How long, from the signal, work still running once the volumes are released (a comparison
   * writing the report of the runs it made) gets to finish before the JVM ends.
   */
  private static final long REPORT_MILLIS = 5000;

  private static final Deque<AutoCloseable> OPEN = new ArrayDeque<>();
  private static final Set<Work> WORK = new HashSet<>();
  private static final List<Runnable> ON_STOP = new ArrayList<>();
  private static final Map<Object, Runnable> LEFTOVERS = new LinkedHashMap<>();
  private static boolean hookInstalled;
  private static volatile boolean stopping;

  private OpenVolumes() {}

  /** Work that can be asked to stop: it watches the flag and closes the handle when it ends. */
  public static final class Work implements AutoCloseable {
    private final AtomicBoolean cancel;

    private Work(AtomicBoolean cancel) {
      this.cancel = cancel;
    }

    @Override
    public void close() {
      synchronized (OpenVolumes.class) {
        WORK.remove(this);
        OpenVolumes.class.notifyAll();
      }
    }
  }

  /**
   * Registers running work; set its flag to stop it. Close the handle when the work ends. Work
   * begun while the JVM is stopping has its flag set at once.
   */
  public static synchronized Work beginWork(AtomicBoolean cancel) {
    installHook();
    Work work = new Work(cancel);
    if (stopping) {
      cancel.set(true);
    }
    WORK.add(work);
    return work;
  }

  /** Whether the JVM is on its way out (a signal, or {@code System.exit}). */
  public static boolean stopping() {
    return stopping;
  }

  /**
   * Runs {@code action} first when the JVM stops, before waiting for work: for ending what work
   * waits on (the programs a shell runs).
   */
  public static synchronized void onStop(Runnable action) {
    installHook();
    ON_STOP.add(action);
  }

  /**
   * Runs {@code release} last when the JVM stops, once per {@code key}: for releasing what this
   * process still has in a registry after the volumes are closed.
   */
  public static synchronized void releaseAtExit(Object key, Runnable release) {
    installHook();
    LEFTOVERS.putIfAbsent(key, release);
  }

  static synchronized void add(AutoCloseable volume) {
    installHook();
    OPEN.push(volume);
  }

  static synchronized void remove(AutoCloseable volume) {
    OPEN.remove(volume);
  }

  private static void installHook() {
    if (!hookInstalled) {
      Runtime.getRuntime().addShutdownHook(new Thread(OpenVolumes::shutdown, "fsbench-release"));
      hookInstalled = true;
    }
  }

  private static void shutdown() {
    List<Runnable> onStop;
    synchronized (OpenVolumes.class) {
      stopping = true;
      WORK.forEach(w -> w.cancel.set(true));
      onStop = new ArrayList<>(ON_STOP);
    }
    long signalled = System.nanoTime();
    onStop.forEach(OpenVolumes::runQuietly);
    if (!awaitWork(signalled, WORK_STOP_MILLIS)) {
      log.warn(
          "running work did not stop within {} ms; releasing volumes anyway", WORK_STOP_MILLIS);
    }
    closeAll();
    List<Runnable> leftovers;
    synchronized (OpenVolumes.class) {
      leftovers = new ArrayList<>(LEFTOVERS.values());
    }
    leftovers.forEach(OpenVolumes::runQuietly);
    if (!awaitWork(signalled, REPORT_MILLIS)) {
      log.warn("what was running did not end within {} ms of the signal", REPORT_MILLIS);
    }
  }

  /**
   * Waits until no work runs (work begun meanwhile included), at most until {@code millis} after
   * {@code since}; false if some still runs then.
   */
  private static boolean awaitWork(long since, long millis) {
    long deadline = since + TimeUnit.MILLISECONDS.toNanos(millis);
    synchronized (OpenVolumes.class) {
      while (!WORK.isEmpty()) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
          return false;
        }
        WORK.forEach(w -> w.cancel.set(true));
        try {
          OpenVolumes.class.wait(left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
      return true;
    }
  }

  private static void runQuietly(Runnable action) {
    try {
      action.run();
    } catch (RuntimeException e) {
      log.error("at exit: {}", e.getMessage());
    }
  }

  static void closeAll() {
    List<AutoCloseable> volumes;
    synchronized (OpenVolumes.class) {
      volumes = new ArrayList<>(OPEN);
    }
    for (AutoCloseable volume : volumes) {
      try {
        volume.close();
      } catch (Exception e) {
        log.error("could not release {} at exit: {}", volume, e.getMessage());
      }
    }
  }
}
