package io.fsbench.filebench;

import io.fsbench.core.nativeio.NativeBuffer;

/**
 * The asynchronous flowops of one thread, as filebench 1.5 runs them on Linux ({@code fb_localfs.c:
 * fb_lfsflow_aiowrite}, {@code fb_lfsflow_aiowait} without {@code aio_waitn}).
 *
 * <ul>
 *   <li><b>aiowrite</b> opens the fileset's next file on its fd if none is open (a timed op, as for
 *       write), draws an offset as a random write does and issues one asynchronous write of iosize
 *       bytes from the thread's memory. The op is the submission: its bytes are iosize, its latency
 *       ends when the write is queued, not when it is done. Only {@code random} is allowed.
 *   <li><b>aiowait</b> takes completed writes off the thread's list: up to half of those on it, at
 *       least one, at most {@value #MAX_REAP}; it does not wait for any, so it may take none. Only
 *       with more than {@value #MAX_REAP} on the list does it go on until no more remain (filebench
 *       spins; fsbench waits for a completion). One op of 0 bytes, timed over its last round. Its
 *       {@code target} is ignored, as in filebench: it reaps its own thread's writes.
 * </ul>
 */
final class AioFlowops {

  /** filebench's {@code MAXREAP}. */
  static final int MAX_REAP = 4096;

  private final ThreadFlow thread;
  private final FileFlowops files;
  private final AsyncWrites writes;

  AioFlowops(ThreadFlow thread, FileFlowops files, AsyncWrites writes) {
    this.thread = thread;
    this.files = files;
    this.writes = writes;
  }

  /** fb_lfsflow_aiowrite. */
  int aiowrite(Flowop f) throws InterruptedException {
    long iosize = Flowop.draw(f.iosize);
    long wss = files.fileSetup(f);
    if (wss < 0) {
      return ThreadFlow.NO_RESOURCE;
    }
    int offset = thread.bufferOffset(f, iosize);
    NativeBuffer buffer = thread.buffer(f);
    FileFlowops.requireFits(f, iosize, wss);
    long position = thread.uniformRounded(wss, iosize);
    writes.open(f);
    thread.begin();
    writes.write(f, files.descriptor(f.fd), buffer, offset, (int) iosize, position);
    thread.end(f, iosize);
    return ThreadFlow.OK;
  }

  /** fb_lfsflow_aiowait. */
  int aiowait(Flowop f) {
    long uncompleted = writes.outstanding();
    do {
      int todo = uncompleted > MAX_REAP ? MAX_REAP : (int) Math.max(1, uncompleted / 2);
      thread.begin();
      uncompleted -= writes.reap(f, todo, uncompleted > MAX_REAP);
    } while (uncompleted > MAX_REAP);
    thread.end(f, 0);
    return ThreadFlow.OK;
  }
}
