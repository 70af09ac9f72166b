package io.fsbench.filebench;

import java.util.concurrent.TimeUnit;

/**
 * The flowops of one thread that do no file I/O, with the semantics of {@code flowop_library.c}:
 * delay, semblock and sempost, block and wakeup, the four limits and finishoncount/finishonbytes.
 * Waits end within 100 ms of the run's stop.
 */
final class SyncFlowops {

  private static final long MIB = 1L << 20;

  private final ThreadFlow thread;

  SyncFlowops(ThreadFlow thread) {
    this.thread = thread;
  }

  /** flowoplib_delay: sleeps {@code value} seconds. */
  int delay(Flowop f) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Flowop.draw(f.value));
    thread.begin();
    long left;
    while ((left = deadline - System.nanoTime()) > 0 && !thread.control.getAsBoolean()) {
      TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
    }
    thread.end(f, 0);
    return ThreadFlow.OK;
  }

  /** flowoplib_semblock: see {@link SyncGates.Semaphore}. */
  int semblock(Flowop f) throws InterruptedException {
    long value = Flowop.draw(f.value);
    thread.begin();
    f.semaphore.block(value, thread.control);
    thread.end(f, 0);
    return ThreadFlow.OK;
  }

  /** flowoplib_sempost: posts to every instance of the target semblock, one op in all. */
  int sempost(Flowop f) throws InterruptedException {
    long value = Flowop.draw(f.value);
    thread.begin();
    for (SyncGates.Semaphore target : thread.control.semaphores(f.target)) {
      if (!target.post(value, f.blocking, thread.control)) {
        break;
      }
    }
    thread.end(f, 0);
    return ThreadFlow.OK;
  }

  /** flowoplib_block: waits for the next wakeup. */
  int block(Flowop f) throws InterruptedException {
    thread.begin();
    f.wakeup.block(thread.control);
    thread.end(f, 0);
    return ThreadFlow.OK;
  }

  /** flowoplib_wakeup: wakes every instance of the target block flowop, one op each. */
  int wakeup(Flowop f) {
    for (SyncGates.Wakeup target : thread.control.wakeups(f.target)) {
      thread.begin();
      target.wake();
      thread.end(f, 0);
    }
    return ThreadFlow.OK;
  }

  /** flowoplib_eventlimit: one event per call; nothing without an eventgen. */
  int eventlimit(Flowop f) throws InterruptedException {
    if (thread.control.eventgen().isEmpty()) {
      return ThreadFlow.OK;
    }
    thread.begin();
    thread.control.eventgen().get().take(1, thread.control);
    thread.end(f, 0);
    return ThreadFlow.OK;
  }

  /**
   * flowoplib_iopslimit, opslimit and bwlimit: a bucket that the work done since the last call
   * (rd+wr ops, I/O ops, or rd+wr bytes; the target flowop's in this thread if {@code target} is
   * set) empties and events refill, one op or one MiB per event; the thread waits for events while
   * the bucket is below zero. The first call only notes where the count stands, as long as it is 0
   * (filebench's {@code fo_tputlast == 0}). Nothing without an eventgen.
   */
  int limit(Flowop f) throws InterruptedException {
    if (thread.control.eventgen().isEmpty()) {
      return ThreadFlow.OK;
    }
    long done = work(f);
    if (f.throughputLast == 0) {
      f.throughputLast = done;
      return ThreadFlow.OK;
    }
    f.throughputBucket -= done - f.throughputLast;
    f.throughputLast = done;
    if (f.throughputBucket >= 0) {
      thread.end(f, 0); // filebench ends without a begin here: the time since the last begin
      return ThreadFlow.OK;
    }
    long owed = -f.throughputBucket;
    boolean bytes = f.type == FlowopType.BWLIMIT;
    long events = bytes ? owed / MIB + 1 : owed;
    thread.begin();
    if (thread.control.eventgen().get().take(events, thread.control)) {
      f.throughputBucket += bytes ? events * MIB : events;
    }
    thread.end(f, 0);
    return ThreadFlow.OK;
  }

  private long work(Flowop f) {
    Flowop target = f.targetInThread;
    return switch (f.type) {
      case IOPSLIMIT -> target != null ? target.stats.count() : thread.control.readWriteCount();
      case OPSLIMIT -> target != null ? target.stats.count() : thread.control.ioCount();
      default -> target != null ? target.stats.bytes() : thread.control.readWriteBytes();
    };
  }

  /**
   * flowoplib_finishoncount and finishonbytes: the thread ends once the run's I/O ops (or the
   * target flowop's count in this thread) reach {@code value}, or its I/O bytes exceed it.
   */
  int finish(Flowop f) {
    long limit = Flowop.draw(f.value);
    Flowop target = f.targetInThread;
    boolean count = f.type == FlowopType.FINISHONCOUNT;
    long done =
        count
            ? (target != null ? target.stats.count() : thread.control.ioCount())
            : (target != null ? target.stats.bytes() : thread.control.ioBytes());
    thread.begin();
    thread.end(f, 0);
    if (count ? done >= limit : done > limit) {
      return thread.noResource(
          "reached its " + (count ? "count of " + limit + " ops" : limit + " bytes"));
    }
    return ThreadFlow.OK;
  }
}
