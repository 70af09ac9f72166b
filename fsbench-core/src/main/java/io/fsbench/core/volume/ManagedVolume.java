package io.fsbench.core.volume;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** A filesystem a plugin made on a loop device or a real device, mounted and ready. */
final class ManagedVolume implements Volume {

  private final FileSystemPlugin plugin;
  private final FileSystemSpec spec;
  private final Target target;
  private final Host host;
  private final ResourceReleaser releaser;
  private final List<ResourceEntry> resources;
  private final AppliedTuning applied;
  private final Duration mkfsTime;
  private Duration mountTime;
  private Duration unmountTime;
  private boolean mounted = true;
  private boolean closed;

  ManagedVolume(
      FileSystemPlugin plugin,
      FileSystemSpec spec,
      Target target,
      Host host,
      ResourceReleaser releaser,
      List<ResourceEntry> resources,
      AppliedTuning applied,
      Duration mkfsTime,
      Duration mountTime) {
    this.plugin = plugin;
    this.spec = spec;
    this.target = target;
    this.host = host;
    this.releaser = releaser;
    this.resources = new ArrayList<>(resources);
    this.applied = applied;
    this.mkfsTime = mkfsTime;
    this.mountTime = mountTime;
    OpenVolumes.add(this);
  }

  @Override
  public Path mountPoint() {
    return spec.mountPoint();
  }

  @Override
  public String fileSystem() {
    return plugin.id();
  }

  @Override
  public Target target() {
    return target;
  }

  @Override
  public Optional<Path> device() {
    return Optional.of(spec.device());
  }

  @Override
  public Tuning tuning() {
    return spec.tuning();
  }

  @Override
  public AppliedTuning applied() {
    return applied;
  }

  @Override
  public Duration mkfsTime() {
    return mkfsTime;
  }

  @Override
  public synchronized Duration mountTime() {
    return mountTime;
  }

  @Override
  public synchronized Optional<Duration> unmountTime() {
    return Optional.ofNullable(unmountTime);
  }

  @Override
  public synchronized void remount() {
    requireOpen();
    unmount();
    long start = System.nanoTime();
    plugin.mount(spec, host);
    mountTime = Duration.ofNanos(System.nanoTime() - start);
    mounted = true;
  }

  private void unmount() {
    long start = System.nanoTime();
    plugin.unmount(spec, host);
    unmountTime = Duration.ofNanos(System.nanoTime() - start);
    mounted = false;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (mounted) {
        unmount();
      }
    } finally {
      List<ResourceEntry> newestFirst = new ArrayList<>(resources);
      Collections.reverse(newestFirst);
      List<ResourceReleaser.Released> results = releaser.release(newestFirst);
      OpenVolumes.remove(this);
      String errors =
          results.stream()
              .filter(r -> !r.succeeded())
              .map(r -> r.entry().kind() + ": " + r.error())
              .collect(Collectors.joining("; "));
      if (!errors.isEmpty()) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            "could not release all of volume "
                + spec.name()
                + " ("
                + errors
                + "); they stay in the registry: run 'fsbench cleanup'");
      }
    }
  }

  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException("volume " + spec.name() + " is closed");
    }
  }

  @Override
  public String toString() {
    return plugin.id() + " volume " + spec.name() + " on " + spec.device() + " at " + mountPoint();
  }
}
