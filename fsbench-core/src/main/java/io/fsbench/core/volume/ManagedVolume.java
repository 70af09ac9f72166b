package io.fsbench.core.volume;

import io.fsbench.api.AppliedTuning;
import io.fsbench.api.Fragmentation;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeFile;
import io.fsbench.spi.Command;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A filesystem a plugin made on a loop device or a real device, mounted and ready; on a loop device
 * its state can be kept and restored ({@link RestorableVolume}).
 */
final class ManagedVolume implements Volume, RestorableVolume {

  /** How long copying an image may take: minutes for a sparse copy of gigabytes. */
  private static final Duration COPY_TIMEOUT = Duration.ofMinutes(30);

  private final FileSystemPlugin plugin;
  private final FileSystemSpec spec;
  private final Target target;
  private final Host host;
  private final ResourceReleaser releaser;
  private final ResourceRegistry registry;
  private final List<ResourceEntry> resources;
  private final AppliedTuning applied;
  private final Duration mkfsTime;
  private Duration mountTime;
  private Duration unmountTime;
  private boolean mounted = true;
  private boolean closed;
  private Path keptImage;

  ManagedVolume(
      FileSystemPlugin plugin,
      FileSystemSpec spec,
      Target target,
      Host host,
      ResourceReleaser releaser,
      ResourceRegistry registry,
      List<ResourceEntry> resources,
      AppliedTuning applied,
      Duration mkfsTime,
      Duration mountTime) {
    this.plugin = plugin;
    this.spec = spec;
    this.target = target;
    this.host = host;
    this.releaser = releaser;
    this.registry = registry;
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

  @Override
  public synchronized Optional<Fragmentation> fragmentation() {
    requireOpen();
    if (!plugin.reportsFragmentation(host)) {
      return Optional.empty();
    }
    try {
      FileCalls.syncfs(spec.mountPoint());
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "cannot sync " + spec.mountPoint() + " to read its fragmentation: " + e.getMessage(),
          e);
    }
    return Optional.of(plugin.fragmentation(spec, host));
  }

  @Override
  public synchronized void keep() {
    requireOpen();
    Path image = image();
    Path kept = image.resolveSibling(spec.name() + "-aged.img");
    unmount();
    try {
      if (keptImage == null) {
        // Recorded before it exists, as every resource is, so that a killed run leaves no copy.
        resources.add(
            registry.record(
                ResourceKind.IMAGE,
                Map.of("path", kept.toString(), ResourceReleaser.VOLUME, spec.name())));
        keptImage = kept;
      }
      copy(image, kept);
    } finally {
      mountAgain();
    }
  }

  @Override
  public synchronized void restore() {
    requireOpen();
    if (keptImage == null) {
      throw new IllegalStateException("volume " + spec.name() + " has no kept state to restore");
    }
    unmount();
    try {
      copy(keptImage, image());
      // The loop device's own cache may still hold blocks of the image as it was.
      try (NativeFile device = NativeFile.open(spec.device())) {
        device.flushBlockDeviceBuffers();
      } catch (IOException e) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            "cannot flush " + spec.device() + " after restoring its image: " + e.getMessage(),
            e);
      }
    } finally {
      mountAgain();
    }
  }

  @Override
  public synchronized boolean kept() {
    return keptImage != null;
  }

  private Path image() {
    String image = applied.properties().get("loop.image");
    if (image == null) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "volume "
              + spec.name()
              + " is on "
              + spec.device()
              + ", not a loop image, so its state cannot be kept; age volumes on loop images"
              + " (--fs without a device)");
    }
    return Path.of(image);
  }

  /** A sparse copy, or a reflink where the work dir's filesystem shares blocks. */
  private void copy(Path from, Path to) {
    host.shell()
        .run(
            Command.of("cp", "--reflink=auto", "--sparse=always", from.toString(), to.toString())
                .timeout(COPY_TIMEOUT));
  }

  private void mountAgain() {
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
