package io.fsbench.core.engine.block;

import io.fsbench.api.Flow;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One clone's place in a flow, as fio's {@code flow.c}: the flow keeps a count of its I/Os
 * (starting at 1) and the sum of its members' weights; before each I/O the clone is held back while
 * its own count over the flow's is above its weight over the flow's, and otherwise counts the I/O
 * in both. A clone that ends leaves the flow with its count and weight.
 */
final class FlowGate {

  /** The flows of the clones that run together, by flow id. */
  static final class Flows {
    private final Map<Integer, Group> groups = new HashMap<>();

    /** The gate of a clone with {@code flow}, or null when the clone is in no flow. */
    synchronized FlowGate join(Flow flow) {
      if (!flow.isSet()) {
        return null;
      }
      Group group = groups.computeIfAbsent(flow.id(), id -> new Group());
      group.weight.addAndGet(flow.weight());
      return new FlowGate(group, flow.weight(), flow.sleep().toNanos());
    }
  }

  private static final class Group {
    final AtomicLong counter = new AtomicLong(1);
    final AtomicLong weight = new AtomicLong();
  }

  private final Group group;
  private final int weight;
  private final long sleepNanos;
  private long own;
  private boolean left;

  private FlowGate(Group group, int weight, long sleepNanos) {
    this.group = group;
    this.weight = weight;
    this.sleepNanos = sleepNanos;
  }

  /** fio's {@code flow_threshold_exceeded}: true when held back; else the I/O is counted. */
  boolean held() {
    double ownShare = (double) own / group.counter.get();
    double weightShare = (double) weight / group.weight.get();
    if (ownShare > weightShare) {
      return true;
    }
    group.counter.incrementAndGet();
    own++;
    return false;
  }

  /** Whether a held-back clone sleeps (fio then first waits for its I/Os in flight). */
  boolean sleeps() {
    return sleepNanos > 0;
  }

  /** fio's {@code usleep(flow_sleep)} after being held back, or a spin when there is none. */
  void pause() {
    if (sleepNanos == 0) {
      Thread.onSpinWait();
      return;
    }
    long end = System.nanoTime() + sleepNanos;
    for (long left = sleepNanos; left > 0; left = end - System.nanoTime()) {
      LockSupport.parkNanos(left);
    }
  }

  /** fio's {@code flow_exit_job}: the clone's count and weight leave the flow. */
  synchronized void leave() {
    if (!left) {
      left = true;
      group.counter.addAndGet(-own);
      group.weight.addAndGet(-weight);
    }
  }
}
