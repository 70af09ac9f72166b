package io.fsbench.core.engine.block;

import io.fsbench.api.JobSpec;
import io.fsbench.core.nativeio.NativeIoException;
import io.fsbench.core.stats.JobStats;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * A clone's syncs as fio makes them: {@code fsync}/{@code fdatasync} after every N writes, {@code
 * end_fsync} at the end of a pass, {@code fsync_on_close} when a file closes, and whether the last
 * I/O was a sync (fio's {@code td->last_was_sync}), which spares the next one.
 */
final class FileSyncs {

  private final JobSpec spec;
  private final List<IoFile> files;
  private final JobStats stats;
  private final LongSupplier clock;
  private int writesSinceSync;
  private boolean lastWasSync; // fio's td->last_was_sync

  FileSyncs(JobSpec spec, List<IoFile> files, JobStats stats, LongSupplier clock) {
    this.spec = spec;
    this.files = files;
    this.stats = stats;
    this.clock = clock;
  }

  /** An I/O completed and was timed: the last I/O is no longer a sync. */
  void ioCompleted() {
    lastWasSync = false;
  }

  /** After a write: whether the sync of {@code fsync}/{@code fdatasync} is due. */
  boolean due() {
    int every = spec.fsync() > 0 ? spec.fsync() : spec.fdatasync();
    return every > 0 && ++writesSinceSync >= every;
  }

  /** The sync that {@link #due()} asked for, timed in {@code sync}. */
  void syncNow(IoFile file) throws NativeIoException {
    writesSinceSync = 0;
    lastWasSync = true;
    long start = clock.getAsLong();
    if (spec.fsync() > 0) {
      file.descriptor.fsync();
    } else {
      file.descriptor.fdatasync();
    }
    stats.synced(clock.getAsLong() - start);
  }

  /**
   * The end of fio 3.33's {@code do_io}, after every pass: with {@code end_fsync} or {@code
   * fsync_on_close}, a job that writes waits for its I/Os in flight ({@code quiesce}) and fsyncs
   * every one of its files, unless its last I/O was a sync; inside the runtime, neither counted nor
   * timed in {@code sync}. Its files' closes then find the last I/O a sync, so {@code
   * fsync_on_close} syncs no more.
   */
  void endOfPass(Runnable quiesce) throws NativeIoException {
    if (!(spec.endFsync() || spec.fsyncOnClose()) || !spec.rw().writes() || lastWasSync) {
      return;
    }
    quiesce.run();
    for (IoFile file : files) {
      if (file.descriptor == null) {
        continue;
      }
      if (file.closed) {
        // fio's fio_file_fsync opens a file it closed at its end (invalidated, advised), syncs
        // it and closes it again (fio-diff seed 2031 case 190)
        IoFiles.reopen(file, spec);
        file.closed = true;
      }
      file.descriptor.fsync();
    }
    lastWasSync = true;
  }

  /**
   * fio closes a file when it reaches its end in a pass (its set_io_u_file), syncing it under
   * fsync_on_close unless the last I/O was a sync; only then do its I/Os in flight complete first
   * ({@code quiesce}).
   */
  void fileDone(IoFile file, Runnable quiesce) throws NativeIoException {
    if (spec.fsyncOnClose() && spec.rw().writes() && !lastWasSync) {
      quiesce.run();
      onClose(file);
    }
    file.closed = true;
  }

  /**
   * fio's {@code clear_io_state}, before a verify and before each new pass: it forgets the last
   * sync, then closes every file, so that under {@code fsync_on_close} a writing job syncs each one
   * (neither counted nor timed) even right after the pass's end sync. fio-diff seed 2031 case 32: a
   * verifying {@code fsync_on_close} job syncs each file at the pass's end, before its verify and
   * after it.
   */
  void clearIoState() throws NativeIoException {
    lastWasSync = false;
    for (IoFile file : files) {
      onClose(file);
      file.closed = true;
    }
  }

  /** fio's {@code td_io_close_file}: under fsync_on_close, a sync unless the last I/O was one. */
  void onClose(IoFile file) throws NativeIoException {
    if (spec.fsyncOnClose() && spec.rw().writes() && !lastWasSync && file.descriptor != null) {
      file.descriptor.fsync();
    }
  }
}
