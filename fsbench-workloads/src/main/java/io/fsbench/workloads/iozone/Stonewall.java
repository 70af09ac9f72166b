package io.fsbench.workloads.iozone;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * One thread's view of IOzone's stonewall in throughput mode: the first thread to finish a test
 * raises a flag shared by all; each thread takes its figures (bytes so far, its time so far) when
 * it first sees the flag, or when it finishes, whichever is first. {@link #NONE} is single-stream
 * mode, where nothing is shared and the figures are the pass's own.
 */
final class Stonewall {

  /** No stonewall: never reached, nothing recorded. */
  static final Stonewall NONE = new Stonewall(new AtomicBoolean(), false, () -> 0);

  private final AtomicBoolean stop;
  private final boolean raises;
  private final LongSupplier clock;
  private boolean recorded;
  private long bytes;
  private long nanos;

  /**
   * @param stop the flag the test's threads share
   * @param raises whether finishing raises it (false with IOzone's {@code -x})
   */
  Stonewall(AtomicBoolean stop, boolean raises, LongSupplier clock) {
    this.stop = stop;
    this.raises = raises;
    this.clock = clock;
  }

  /** Whether another thread has finished; the first time, this thread's figures are taken. */
  boolean reached(long bytesSoFar, long start) {
    if (this == NONE || !stop.get()) {
      return false;
    }
    record(bytesSoFar, start);
    return true;
  }

  /** This thread's records are done: take its figures if not yet taken, and stop the others. */
  void finished(long bytesDone, long start) {
    if (this == NONE) {
      return;
    }
    record(bytesDone, start);
    if (raises) {
      stop.set(true);
    }
  }

  private void record(long bytesSoFar, long start) {
    if (!recorded) {
      recorded = true;
      bytes = bytesSoFar;
      nanos = clock.getAsLong() - start;
    }
  }

  long bytes() {
    return bytes;
  }

  long nanos() {
    return nanos;
  }
}
