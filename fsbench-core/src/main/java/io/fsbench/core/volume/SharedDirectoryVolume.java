package io.fsbench.core.volume;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * A directory the caller made and shares with other clients, used as it is: fsbench makes nothing
 * for it and removes nothing of it on close (each run removes only the names it made there).
 */
final class SharedDirectoryVolume implements Volume {

  private final Target.Directory target;
  private final Path directory;
  private final AppliedTuning applied;

  SharedDirectoryVolume(Target.Directory target, Path directory, AppliedTuning applied) {
    this.target = target;
    this.directory = directory;
    this.applied = applied;
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
        "a shared directory is not mounted by fsbench, so it cannot be remounted");
  }

  /** Nothing to release: the directory is the caller's. */
  @Override
  public void close() {}

  @Override
  public String toString() {
    return "shared directory " + directory;
  }
}
