package io.fsbench.core.volume;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** A fresh subdirectory of a directory the caller gave: no mkfs, no mount, no root. */
final class DirectoryVolume implements Volume {

  private final Target.Directory target;
  private final Path directory;
  private final AppliedTuning applied;
  private final ResourceReleaser releaser;
  private final ResourceEntry entry;
  private boolean closed;

  DirectoryVolume(
      Target.Directory target,
      Path directory,
      AppliedTuning applied,
      ResourceReleaser releaser,
      ResourceEntry entry) {
    this.target = target;
    this.directory = directory;
    this.applied = applied;
    this.releaser = releaser;
    this.entry = entry;
    OpenVolumes.add(this);
  }

  @Override
  public Path mountPoint() {
    return directory;
  }

  @Override
  public String fileSystem() {
    return "dir";
  }

  @Override
  public Target target() {
    return target;
  }

  @Override
  public Optional<Path> device() {
    return Optional.empty();
  }

  @Override
  public Tuning tuning() {
    return Tuning.defaults();
  }

  @Override
  public AppliedTuning applied() {
    return applied;
  }

  @Override
  public Duration mkfsTime() {
    return Duration.ZERO;
  }

  @Override
  public Duration mountTime() {
    return Duration.ZERO;
  }

  @Override
  public Optional<Duration> unmountTime() {
    return Optional.empty();
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
          "could not remove " + directory + ": " + results.get(0).error());
    }
  }

  @Override
  public String toString() {
    return "directory volume " + directory;
  }
}
