package io.fsbench.core.volume;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The volumes this JVM has open and the work running on them. One shutdown hook (normal exit,
 * Ctrl-C, SIGTERM) first asks running work to stop and waits for it, with a bound, so that unmounts
 * do not find the filesystem busy; then it closes the volumes, newest first. (SIGKILL runs no hook;
 * the registry and the next start release what is left.)
 */
public final class OpenVolumes {

  private static final Logger log = LoggerFactory.getLogger(OpenVolumes.class);
  private static final long WORK_STOP_SECONDS = 60;
  private static final Deque<AutoCloseable> OPEN = new ArrayDeque<>();
  private static final Set<Work> WORK = new HashSet<>();
  private static boolean hookInstalled;

  private OpenVolumes() {}

  /** Work that can be asked to stop: it watches the flag and closes the handle when it ends. */
  public static final class Work implements AutoCloseable {
    private final AtomicBoolean cancel;
    private final java.util.concurrent.CountDownLatch done =
        new java.util.concurrent.CountDownLatch(1);

    private Work(AtomicBoolean cancel) {
      this.cancel = cancel;
    }

    @Override
    public void close() {
      synchronized (OpenVolumes.class) {
        WORK.remove(this);
      }
      done.countDown();
    }
  }

  /** Registers running work; set its flag to stop it. Close the handle when the work ends. */
  public static synchronized Work beginWork(AtomicBoolean cancel) {
    installHook();
    Work work = new Work(cancel);
    WORK.add(work);
    return work;
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
    List<Work> work;
    synchronized (OpenVolumes.class) {
      work = new ArrayList<>(WORK);
    }
    work.forEach(w -> w.cancel.set(true));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WORK_STOP_SECONDS);
    for (Work w : work) {
      try {
        if (!w.done.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
          log.warn(
              "running work did not stop within {} s; releasing volumes anyway", WORK_STOP_SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    closeAll();
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
