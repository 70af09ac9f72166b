package io.fsbench.workloads.common;

import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativePath;
import java.io.IOException;
import java.nio.file.Path;

/** The real fsync, sync and syncfs. */
final class SystemSyncer implements Syncer {

  static final SystemSyncer INSTANCE = new SystemSyncer();

  private SystemSyncer() {}

  @Override
  public void fsync(NativePath file, FileSync call) throws IOException {
    call.fsync();
  }

  @Override
  public void sync() {
    FileCalls.sync();
  }

  @Override
  public void syncfs(Path anyPath) throws IOException {
    FileCalls.syncfs(anyPath);
  }
}
