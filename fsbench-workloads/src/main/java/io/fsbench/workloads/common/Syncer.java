package io.fsbench.workloads.common;

import io.fsbench.core.nativeio.NativePath;
import java.io.IOException;
import java.nio.file.Path;

/**
 * How the workloads make data durable: fsync(2) of one file, the system-wide sync(2), and syncfs(2)
 * of one filesystem. The runners take one so that tests can record the exact sequence of calls a
 * sync policy makes; {@link #system()} makes the real calls.
 */
public interface Syncer {

  /** The fsync(2) of one open file, for the syncer to make (or, in a test, to record). */
  @FunctionalInterface
  interface FileSync {
    void fsync() throws IOException;
  }

  /** fsync(2) of the open file at {@code file}; the real syncer calls {@code call}. */
  void fsync(NativePath file, FileSync call) throws IOException;

  /** sync(2): schedules every dirty page of every filesystem for writing, as fs_mark calls it. */
  void sync() throws IOException;

  /** syncfs(2) of the filesystem holding {@code anyPath}: flushes that filesystem only. */
  void syncfs(Path anyPath) throws IOException;

  /** The real calls: fsync, sync and syncfs of libc through JNA. */
  static Syncer system() {
    return SystemSyncer.INSTANCE;
  }
}
