package io.fsbench.core.volume;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Target;
import java.nio.file.Path;
import java.util.List;

/** A fresh subdirectory of a directory the caller gave: no mkfs, no mount, no root. */
final class DirectoryVolume extends DirectoryBackedVolume {

  private final ResourceReleaser releaser;
  private final ResourceEntry entry;
  private boolean closed;

  DirectoryVolume(
      Target.Directory target,
      Path directory,
      AppliedTuning applied,
      ResourceReleaser releaser,
      ResourceEntry entry) {
    super(target, directory, applied);
    this.releaser = releaser;
    this.entry = entry;
    OpenVolumes.add(this);
  }

  @Override
  public void remount() {
    throw new UnsupportedOperationException(
        "a directory target is not mounted by fsbench, so it cannot be remounted; drop the page"
            + " cache instead (needs root), or use a loop or device target");
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    OpenVolumes.remove(this);
    List<ResourceReleaser.Released> results = releaser.release(List.of(entry));
    if (!results.get(0).succeeded()) {
      throw new io.fsbench.api.FsBenchException(
          io.fsbench.api.FsBenchException.Kind.RUN_FAILED,
          "could not remove " + mountPoint() + ": " + results.get(0).error());
    }
  }

  @Override
  public String toString() {
    return "directory volume " + mountPoint();
  }
}
