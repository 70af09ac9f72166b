package io.fsbench.core.volume;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * What every volume on a directory target has alike: no device, no mkfs, no mount, so no tuning and
 * no remount. The subclasses differ in what the directory is and what closing it releases.
 */
abstract class DirectoryBackedVolume implements Volume {

  private final Target.Directory target;
  private final Path directory;
  private final AppliedTuning applied;

  DirectoryBackedVolume(Target.Directory target, Path directory, AppliedTuning applied) {
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
}
