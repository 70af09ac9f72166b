package io.fsbench.core.engine.block;

import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeIoException;
import io.fsbench.core.nativeio.NativePath;
import io.fsbench.core.stats.Direction;
import io.fsbench.core.stats.JobStats;
import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * What fio's file engines do in place of I/O (fio's {@code engines/fileoperations.c}, {@code
 * ftruncate.c}, {@code falloc.c}).
 *
 * <p>{@code filecreate}, {@code filestat} and {@code filedelete} do their work when fio opens a
 * file: open(2) with {@code O_CREAT|O_RDWR} and mode 0600, stat(2)/lstat(2)/statx(2), or unlink(2),
 * each timed and added to clat of the job's direction (read when the job reads, else write), once
 * per file per pass; their I/Os do nothing and are only counted ({@link JobStats#counted}). {@code
 * ftruncate} and {@code falloc} are timed as any I/O: ftruncate(2) to the write's offset, and
 * fallocate(2) of the I/O's range, with FALLOC_FL_KEEP_SIZE for a read.
 */
final class FileOperations {

  private static final int FILE_MODE = 0600;

  private final JobSpec spec;
  private final JobStats stats;
  private final LongSupplier clock;
  private final Direction direction;
  private final NativePath path = new NativePath();

  FileOperations(JobSpec spec, JobStats stats, LongSupplier clock) {
    this.spec = spec;
    this.stats = stats;
    this.clock = clock;
    // fio's fileoperations init: the read direction when the job reads at all
    this.direction = spec.rw().reads() ? Direction.READ : Direction.WRITE;
  }

  /**
   * The engine's operation on {@code file} (fio's {@code open_file} hook), timed as clat; a failure
   * is the errno that ends the job, as fio's {@code td_verror} (a second pass of {@code filedelete}
   * finds the files the first deleted: ENOENT).
   */
  void open(IoFile file) throws IOException {
    path.set(NativePath.encode(file.path.toAbsolutePath()));
    long start = clock.getAsLong();
    switch (spec.ioEngine()) {
      case FILECREATE ->
          FileCalls.close(FileCalls.open(path, FileCalls.O_CREAT | FileCalls.O_RDWR, FILE_MODE));
      case FILESTAT -> stat();
      case FILEDELETE -> FileCalls.unlink(path);
      default -> throw new IllegalStateException(spec.ioEngine() + " opens files as fio does");
    }
    // fio stops its clock after the open, before the close (which its close_file hook does later)
    stats.fileOperation(direction, clock.getAsLong() - start);
  }

  /** The call the engine makes when it opens a file, as fio names it in its error. */
  String call() {
    return switch (spec.ioEngine()) {
      case FILECREATE -> "open";
      case FILESTAT -> "stat";
      default -> "delete";
    };
  }

  private void stat() throws IOException {
    switch (spec.fileHandling().statType()) {
      case STAT -> FileCalls.stat(path, true);
      case LSTAT -> FileCalls.stat(path, false);
      case STATX -> FileCalls.statxAll(path);
    }
  }

  /**
   * One I/O of ftruncate or falloc, on the calling thread; returns the bytes fio counts for it: the
   * whole I/O, which neither engine shortens. falloc's trim punches a hole; ftruncate's fails.
   */
  static int io(IoFile file, JobSpec spec, Direction direction, long offset, int length)
      throws NativeIoException {
    if (spec.ioEngine() == IoEngine.FTRUNCATE) {
      if (direction == Direction.TRIM) {
        // fio's ftruncate engine fails every I/O but a write with EINVAL
        throw NativeIoException.of(NativeIoException.EINVAL, "ftruncate(trim)", file.name());
      }
      file.descriptor.truncate(offset); // reads are refused when the job is built
    } else if (direction == Direction.TRIM) {
      file.descriptor.punchHole(offset, length); // fio's falloc: PUNCH_HOLE | KEEP_SIZE
    } else {
      file.descriptor.fallocate(offset, length, direction == Direction.READ);
    }
    return length;
  }
}
