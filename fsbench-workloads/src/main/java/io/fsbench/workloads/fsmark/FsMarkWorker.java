package io.fsbench.workloads.fsmark;

import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.FsMarkSyncPolicy;
import io.fsbench.api.MetadataOperation;
import io.fsbench.core.engine.WorkloadContext;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeBuffer;
import io.fsbench.core.nativeio.NativePath;
import io.fsbench.core.stats.LatencyRecorder;
import io.fsbench.workloads.common.Syncer;
import java.io.IOException;

/**
 * One thread's share of a metadata run: files {@code t, t + T, t + 2T, ...} of the layout, so that
 * all threads work in the same directories at once, as fs_mark's processes do in theirs.
 *
 * <p>Each file makes fs_mark's system calls with its flags, through libc: open(O_CREAT|O_RDWR|
 * O_TRUNC, 0666), write(2) in chunks (one zero-length write for an empty file, as fs_mark's
 * do-while loop makes), fsync(2), close(2); then lstat (statx), open(O_RDONLY)+read+close,
 * rename(2) and unlink(2). Paths are built in native memory from the file's number.
 */
final class FsMarkWorker {

  private final FsMarkSpec spec;
  private final FileLayout.PathWriter paths;
  private final FileLayout.PathWriter targets;
  private final FileLayout layout;
  private final Syncer syncer;
  private final WorkloadContext context;
  private final RunControl control;
  private final int thread;
  private final NativeBuffer buffer;
  private final NativePath directory = new NativePath();
  private final FileLayout.PathWriter directories;
  private long lastLeaf = -1;

  FsMarkWorker(
      FsMarkSpec spec,
      FileLayout layout,
      Syncer syncer,
      WorkloadContext context,
      RunControl control,
      int thread) {
    this.spec = spec;
    this.layout = layout;
    this.paths = layout.writer(new NativePath());
    this.targets = layout.writer(new NativePath());
    this.directories = layout.writer(directory);
    this.syncer = syncer;
    this.context = context;
    this.control = control;
    this.thread = thread;
    // Zero-filled like fs_mark's io_buffer.
    this.buffer = NativeBuffer.allocate((int) spec.writeChunk().bytes());
  }

  private long global(long i) {
    return i * spec.threads() + thread;
  }

  PhaseStats run(MetadataOperation operation) throws IOException {
    PhaseStats stats = new PhaseStats();
    long start = context.nanoTime();
    switch (operation) {
      case CREATE -> create(stats);
      case STAT -> stat(stats);
      case READ -> read(stats);
      case RENAME -> rename(stats);
      case DELETE -> delete(stats);
    }
    stats.loopNanos = context.nanoTime() - start;
    return stats;
  }

  private void create(PhaseStats stats) throws IOException {
    LatencyRecorder file = stats.recorder("file");
    LatencyRecorder open = stats.recorder("open");
    LatencyRecorder write = stats.recorder("write");
    LatencyRecorder fsync = stats.recorder("fsync");
    LatencyRecorder close = stats.recorder("close");
    FsMarkSyncPolicy policy = spec.sync();
    long size = spec.fileSize().bytes();
    int chunk = buffer.capacity();
    for (long i = 0; i < spec.files() && control.proceed(thread, i); i++) {
      long g = global(i);
      ensureDirectories(g);
      NativePath path = paths.file(g, 0);
      long t0 = context.nanoTime();
      int fd = FileCalls.open(path, FileCalls.O_CREAT | FileCalls.O_RDWR | FileCalls.O_TRUNC, 0666);
      long t1 = context.nanoTime();
      stats.call(open, t1 - t0);
      try {
        long left = size;
        do {
          int n = (int) Math.min(chunk, left);
          long t = context.nanoTime();
          FileCalls.writeFully(fd, buffer, 0, n);
          stats.call(write, context.nanoTime() - t);
          left -= n;
        } while (left > 0);
        if (policy.fsyncBeforeClose()) {
          long t = context.nanoTime();
          syncer.fsync(path, () -> FileCalls.fsync(fd));
          stats.call(fsync, context.nanoTime() - t);
        }
      } finally {
        closeTimed(fd, stats, close, file, t0);
      }
      stats.files++;
    }
    postLoopSync(stats, policy);
  }

  /** close(2), timed as a call, then the whole file's time since {@code start}. */
  private void closeTimed(
      int fd, PhaseStats stats, LatencyRecorder close, LatencyRecorder file, long start)
      throws IOException {
    long t = context.nanoTime();
    FileCalls.close(fd);
    long end = context.nanoTime();
    stats.call(close, end - t);
    file.record(end - start);
  }

  /** fs_mark's post-loop sync(), then its in-order, reverse or first-file fsyncs. */
  private void postLoopSync(PhaseStats stats, FsMarkSyncPolicy policy) throws IOException {
    long done = stats.files;
    if (policy.systemSync()) {
      LatencyRecorder sync = stats.recorder(spec.syncfs() ? "syncfs" : "sync");
      long t = context.nanoTime();
      if (spec.syncfs()) {
        syncer.syncfs(context.directory());
      } else {
        syncer.sync();
      }
      stats.call(sync, context.nanoTime() - t);
    }
    if (policy.postInOrder()) {
      for (long i = 0; i < done && control.proceed(thread, i); i++) {
        reopenAndFsync(global(i), stats);
      }
    }
    if (policy.postReverse()) {
      for (long i = done - 1; i >= 0 && control.proceed(thread, i); i--) {
        reopenAndFsync(global(i), stats);
      }
    }
    if (policy.fsyncFirstFile() && done > 0) {
      reopenAndFsync(global(0), stats);
    }
  }

  /** fs_mark times open, fsync and close together and counts them as fsync time. */
  private void reopenAndFsync(long g, PhaseStats stats) throws IOException {
    LatencyRecorder recorder = stats.recorder("post_fsync");
    NativePath path = paths.file(g, 0);
    long t = context.nanoTime();
    int fd = FileCalls.open(path, FileCalls.O_RDONLY, 0666);
    try {
      syncer.fsync(path, () -> FileCalls.fsync(fd));
    } finally {
      FileCalls.close(fd);
    }
    stats.call(recorder, context.nanoTime() - t);
  }

  private void stat(PhaseStats stats) throws IOException {
    LatencyRecorder file = stats.recorder("file");
    long size = spec.fileSize().bytes();
    for (long i = 0; i < spec.files() && control.proceed(thread, i); i++) {
      NativePath path = paths.file(global(i), 0);
      long t = context.nanoTime();
      long actual = FileCalls.lstatSize(path);
      stats.call(file, context.nanoTime() - t);
      if (actual != size) {
        throw new IOException(path + " has " + actual + " bytes; the create phase wrote " + size);
      }
      stats.files++;
    }
  }

  private void read(PhaseStats stats) throws IOException {
    LatencyRecorder file = stats.recorder("file");
    LatencyRecorder open = stats.recorder("open");
    LatencyRecorder read = stats.recorder("read");
    LatencyRecorder close = stats.recorder("close");
    long size = spec.fileSize().bytes();
    int chunk = buffer.capacity();
    for (long i = 0; i < spec.files() && control.proceed(thread, i); i++) {
      NativePath path = paths.file(global(i), 0);
      long t0 = context.nanoTime();
      int fd = FileCalls.open(path, FileCalls.O_RDONLY, 0);
      stats.call(open, context.nanoTime() - t0);
      try {
        long left = size;
        while (left > 0) {
          long t = context.nanoTime();
          int n = FileCalls.read(fd, buffer, 0, (int) Math.min(chunk, left));
          stats.call(read, context.nanoTime() - t);
          if (n <= 0) {
            throw new IOException(path + " ended " + left + " bytes early");
          }
          left -= n;
        }
      } finally {
        closeTimed(fd, stats, close, file, t0);
      }
      stats.files++;
    }
  }

  private void rename(PhaseStats stats) throws IOException {
    LatencyRecorder file = stats.recorder("file");
    for (long i = 0; i < spec.files() && control.proceed(thread, i); i++) {
      long g = global(i);
      NativePath from = paths.file(g, 0);
      NativePath to = targets.file(g, 1);
      long t = context.nanoTime();
      FileCalls.rename(from, to);
      stats.call(file, context.nanoTime() - t);
      stats.files++;
    }
  }

  private void delete(PhaseStats stats) throws IOException {
    LatencyRecorder file = stats.recorder("file");
    int generation = spec.operations().contains(MetadataOperation.RENAME) ? 1 : 0;
    for (long i = 0; i < spec.files() && control.proceed(thread, i); i++) {
      NativePath path = paths.file(global(i), generation);
      long t = context.nanoTime();
      FileCalls.unlink(path);
      stats.call(file, context.nanoTime() - t);
      stats.files++;
    }
  }

  /**
   * Creates the directories down to the leaf of file {@code g} when this thread enters a new leaf.
   * Another thread may have made them first, which is fine; fs_mark even calls mkdir per file.
   */
  private void ensureDirectories(long g) throws IOException {
    if (layout.depth() == 0) {
      return;
    }
    long leaf = layout.leafOf(g);
    if (leaf == lastLeaf) {
      return;
    }
    for (int level = 1; level <= layout.depth(); level++) {
      if (lastLeaf < 0 || !layout.samePrefix(leaf, lastLeaf, level)) {
        FileCalls.mkdir(directories.directory(leaf, level), 0777);
      }
    }
    lastLeaf = leaf;
  }
}
