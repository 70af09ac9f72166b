package io.fsbench.core.volume;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Target;
import java.nio.file.Path;

/**
 * A directory the caller made and shares with other clients, used as it is: fsbench makes nothing
 * for it and removes nothing of it on close (each run removes only the names it made there).
 */
final class SharedDirectoryVolume extends DirectoryBackedVolume {

  SharedDirectoryVolume(Target.Directory target, Path directory, AppliedTuning applied) {
    super(target, directory, applied);
  }

  @Override
  public void remount() {
    throw new UnsupportedOperationException(
        "a shared directory is not mounted by fsbench, so it cannot be remounted");
  }

  /** Nothing to release: the directory is the caller's. */
  @Override
  public void close() {}

  @Override
  public String toString() {
    return "shared directory " + mountPoint();
  }
}
