package io.fsbench.api;

/**
 * fs_mark's {@code -S} sync methods, with fs_mark's numbers (fs_mark.h, fs_mark.c {@code do_run}).
 *
 * <p>Where fs_mark calls {@code sync()} the runner does too, unless the spec asks for {@code
 * syncfs(2)} of the volume. In method 2 fs_mark's help says "1 file fsync() per subdirectory", but
 * its code fsyncs only the first file each thread created; fsbench does what the code does.
 */
public enum FsMarkSyncPolicy {
  /** {@code -S 0}: no sync() or fsync() at all. */
  NONE(0, false, false, false, false, false),
  /** {@code -S 1} (fs_mark's default): fsync() each file before close, inside the write loop. */
  FSYNC_BEFORE_CLOSE(1, true, false, false, false, false),
  /** {@code -S 2}: sync() after the loop, then reopen and fsync the thread's first file. */
  SYNC_THEN_FSYNC_FIRST(2, false, true, true, false, false),
  /** {@code -S 3}: after the loop, reopen and fsync every file in reverse order. */
  POST_REVERSE(3, false, false, false, true, false),
  /** {@code -S 4}: sync(), then reopen and fsync every file in reverse order. */
  SYNC_POST_REVERSE(4, false, true, false, true, false),
  /** {@code -S 5}: after the loop, reopen and fsync every file in creation order. */
  POST(5, false, false, false, false, true),
  /** {@code -S 6}: sync(), then reopen and fsync every file in creation order. */
  SYNC_POST(6, false, true, false, false, true);

  private final int level;
  private final boolean fsyncBeforeClose;
  private final boolean systemSync;
  private final boolean fsyncFirstFile;
  private final boolean postReverse;
  private final boolean postInOrder;

  FsMarkSyncPolicy(
      int level,
      boolean fsyncBeforeClose,
      boolean systemSync,
      boolean fsyncFirstFile,
      boolean postReverse,
      boolean postInOrder) {
    this.level = level;
    this.fsyncBeforeClose = fsyncBeforeClose;
    this.systemSync = systemSync;
    this.fsyncFirstFile = fsyncFirstFile;
    this.postReverse = postReverse;
    this.postInOrder = postInOrder;
  }

  /** fs_mark's {@code -S} number. */
  public int level() {
    return level;
  }

  public boolean fsyncBeforeClose() {
    return fsyncBeforeClose;
  }

  /** Whether a system-wide sync() (or syncfs) follows the write loop. */
  public boolean systemSync() {
    return systemSync;
  }

  public boolean fsyncFirstFile() {
    return fsyncFirstFile;
  }

  public boolean postReverse() {
    return postReverse;
  }

  public boolean postInOrder() {
    return postInOrder;
  }

  /** The policy for fs_mark's {@code -S N}. */
  public static FsMarkSyncPolicy of(int level) {
    for (FsMarkSyncPolicy policy : values()) {
      if (policy.level == level) {
        return policy;
      }
    }
    throw new InvalidInputException(
        "fs_mark sync method ("
            + level
            + ") must be 0 to 6: 0 none, 1 fsync before close, 2 sync + fsync first file,"
            + " 3 post reverse fsync, 4 sync + post reverse, 5 post fsync, 6 sync + post fsync");
  }
}
