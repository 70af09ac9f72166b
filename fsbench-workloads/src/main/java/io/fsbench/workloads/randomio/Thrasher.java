package io.fsbench.workloads.randomio;

import io.fsbench.api.RandomIoSpec;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.NativeFile;
import io.fsbench.workloads.common.Drand48;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/** One of randomio's threads ({@code thrasher}): random O_DIRECT I/O until told to stop. */
final class Thrasher implements Runnable {

  private final NativeFile file;
  private final SharedStats stats;
  private final Drand48 stream;
  private final CountDownLatch ready;
  private final AtomicBoolean stop;
  private final ByteBuffer buffer;
  private final long ioSize;
  private final long validOffsets;
  private final double writeFraction;
  private final double fsyncFraction;

  /** The first failure, which stops every thread; read after they are joined. */
  volatile Exception error;

  Thrasher(
      RandomIoSpec spec,
      NativeFile file,
      long fileSize,
      SharedStats stats,
      int thread,
      CountDownLatch ready,
      AtomicBoolean stop) {
    this.file = file;
    this.stats = stats;
    this.stream = stats.streamFor(thread);
    this.ready = ready;
    this.stop = stop;
    this.ioSize = spec.ioSize().bytes();
    // randomio's buffer is page aligned, as O_DIRECT needs.
    this.buffer = AlignedBuffers.allocate((int) ioSize);
    this.validOffsets = (fileSize - ioSize) / ioSize;
    this.writeFraction = spec.writeFraction();
    this.fsyncFraction = spec.writeFraction() * spec.fsyncFraction();
  }

  @Override
  public void run() {
    double[] next = new double[2];
    try {
      ready.countDown();
      ready.await();
      stats.first(stream, next);
      while (!stop.get()) {
        double dOffs = next[0];
        double dRdwr = next[1];
        boolean write = dRdwr < writeFraction;
        long offset = ioSize * (long) (dOffs * validOffsets);
        boolean fsync = dRdwr < fsyncFraction;
        long start = System.nanoTime();
        buffer.clear();
        if (write) {
          file.pwrite(buffer, offset);
        } else {
          file.pread(buffer, offset);
        }
        if (fsync) {
          file.fsync();
        }
        long latency = System.nanoTime() - start;
        stats.record(write ? SharedStats.WRITE : SharedStats.READ, latency, fsync, stream, next);
      }
    } catch (IOException | RuntimeException e) {
      error = e; // stops every thread, and the run reports it
      stop.set(true);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stop.set(true);
    }
  }
}
