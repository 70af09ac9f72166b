package io.fsbench.core.volume;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.Size;
import io.fsbench.api.Tuning;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.plugin.PluginRegistry;
import io.fsbench.spi.FileSystemPlugin;
import io.fsbench.spi.FileSystemSpec;
import io.fsbench.spi.Host;
import io.fsbench.spi.support.Mounts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Releases registered resources, each by its kind: unmounts and destroys filesystems, detaches loop
 * devices, deletes images and directories. Every release is idempotent, because it may run on
 * something that was only half created when the process died.
 */
public final class ResourceReleaser {

  private static final Logger log = LoggerFactory.getLogger(ResourceReleaser.class);

  /**
   * The attribute naming the volume an entry belongs to. When one of a volume's resources cannot be
   * released, the ones beneath it are kept: deleting the image under a still-attached loop device
   * would make the device impossible to find again.
   */
  static final String VOLUME = "volume";

  private final Host host;
  private final PluginRegistry plugins;
  private final ResourceRegistry registry;
  private final OrphanCheck check;

  public ResourceReleaser(
      Host host, PluginRegistry plugins, ResourceRegistry registry, WorkDir workDir) {
    this.host = host;
    this.plugins = plugins;
    this.registry = registry;
    this.check = new OrphanCheck(workDir, host);
  }

  /**
   * What one release did: released ({@code error} null), failed, or refused because the entry names
   * something fsbench could not have made (then nothing was done).
   */
  public record Released(ResourceEntry entry, String error, boolean refused) {
    public boolean succeeded() {
      return error == null;
    }
  }

  /**
   * Releases this process's own entries in the given order (newest first), dropping each from the
   * registry once released. A failure is recorded and the rest still released; the entry stays for
   * a retry.
   */
  public List<Released> release(List<ResourceEntry> entries) {
    return release(entries, false);
  }

  private List<Released> release(List<ResourceEntry> entries, boolean readBack) {
    List<Released> results = new ArrayList<>();
    Set<String> failedVolumes = new HashSet<>();
    for (ResourceEntry entry : entries) {
      String volume = entry.attributes().get(VOLUME);
      if (volume != null && failedVolumes.contains(volume)) {
        results.add(
            new Released(
                entry,
                "kept because a resource above it in " + volume + " was not released",
                false));
        continue;
      }
      Optional<String> refusal = readBack ? check.refusal(entry) : Optional.empty();
      if (refusal.isPresent()) {
        log.debug("refusing to release {}: {}", entry, refusal.get());
        if (volume != null) {
          failedVolumes.add(volume);
        }
        results.add(new Released(entry, refusal.get(), true));
        continue;
      }
      try {
        release(entry);
        registry.drop(entry);
        results.add(new Released(entry, null, false));
      } catch (RuntimeException e) {
        log.warn("could not release {}: {}", entry, e.getMessage());
        if (volume != null) {
          failedVolumes.add(volume);
        }
        results.add(new Released(entry, e.getMessage(), false));
      }
    }
    return results;
  }

  /**
   * Releases everything whose owner died, under the registry's lock. Each entry is read back from
   * disk, so each is first checked to name only what fsbench could have made ({@link OrphanCheck});
   * an entry that does not is refused and left for a person.
   */
  public List<Released> releaseOrphans() {
    return registry.locked(
        () -> {
          registry.dropDeadWritersTemporaries();
          return release(registry.orphans(), true);
        });
  }

  /** Releases one resource; throws if it could not be released. */
  public void release(ResourceEntry entry) {
    switch (entry.kind()) {
      case FILESYSTEM -> releaseFileSystem(entry);
      case MOUNT_POINT -> releaseMountPoint(Path.of(entry.attribute("path")));
      case LOOP -> releaseLoop(entry);
      case IMAGE -> releaseImage(Path.of(entry.attribute("path")));
      case DIRECTORY -> releaseDirectory(entry);
    }
  }

  private void releaseFileSystem(ResourceEntry entry) {
    String id = entry.attribute("plugin");
    FileSystemPlugin plugin =
        plugins
            .find(id)
            .orElseThrow(
                () ->
                    new FsBenchException(
                        FsBenchException.Kind.ENVIRONMENT,
                        "a "
                            + id
                            + " filesystem on "
                            + entry.attribute("device")
                            + " is left over, but the "
                            + id
                            + " plugin is not on the class path; add it and run fsbench cleanup"
                            + " again"));
    FileSystemSpec spec = specOf(entry);
    // a run killed between a freeze and its thaw (aging's end, XFS's free-space reading) left the
    // filesystem frozen, and its unmount would wait for ever
    if (FileCalls.thawIfFrozen(spec.mountPoint())) {
      log.warn("thawed {}, left frozen by a run that was killed", spec.mountPoint());
    }
    plugin.unmount(spec, host);
    plugin.destroy(spec, host);
  }

  /** The spec a filesystem entry was made with (the tuning does not matter for release). */
  static FileSystemSpec specOf(ResourceEntry entry) {
    return new FileSystemSpec(
        Path.of(entry.attribute("device")),
        Path.of(entry.attribute("mountPoint")),
        entry.attribute("name"),
        Path.of(entry.attribute("stateDir")),
        Size.bytes(Long.parseLong(entry.attribute("deviceSize"))),
        Tuning.defaults());
  }

  static Map<String, String> attributesOf(
      String pluginId, FileSystemSpec spec, boolean consentedDevice) {
    Map<String, String> attributes = new java.util.HashMap<>();
    if (consentedDevice) {
      attributes.put(VolumeFactory.CONSENT, VolumeFactory.CONSENTED);
    }
    attributes.putAll(
        Map.of(
            VOLUME,
            spec.name(),
            "plugin",
            pluginId,
            "device",
            spec.device().toString(),
            "mountPoint",
            spec.mountPoint().toString(),
            "name",
            spec.name(),
            "stateDir",
            spec.stateDir().toString(),
            "deviceSize",
            Long.toString(spec.deviceSize().bytes())));
    return attributes;
  }

  private void releaseMountPoint(Path path) {
    Mounts.unmount(host, path);
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "cannot remove mount point " + path + " (" + e.getMessage() + ")",
          e);
    }
  }

  private void releaseLoop(ResourceEntry entry) {
    LoopDevices.detachAll(host, Path.of(entry.attribute("image")));
  }

  /**
   * Deletes a loop image, detaching first any loop device it still backs: an image deleted under an
   * attached device would leave the device attached to a file no path names.
   */
  private void releaseImage(Path image) {
    LoopDevices.detachAll(host, image);
    deleteFile(image);
  }

  private static void deleteFile(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "cannot delete " + path + " (" + e.getMessage() + ")",
          e);
    }
  }

  /**
   * Removes a directory fsbench made, never following a link: a {@code --dir} target's subdirectory
   * only while it is the directory made there (its recorded identity), and, when the identity was
   * never recorded (a run killed right after making it), only if it is empty.
   */
  private static void releaseDirectory(ResourceEntry entry) {
    Path path = Path.of(entry.attribute("path"));
    String identity = entry.attributes().get(VolumeFactory.IDENTITY);
    boolean insideWorkDir = entry.attributes().get(VolumeFactory.PARENT) == null;
    try {
      SecureTree.remove(
          path, identity, insideWorkDir || identity != null, SecureTree.Removed.NOTHING);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "cannot remove " + path + " (" + e.getMessage() + ")",
          e);
    }
  }

  /** Deletes a directory tree without following symbolic links out of it. */
  public static void deleteTree(Path root) {
    try {
      SecureTree.remove(root);
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "cannot delete " + root + " (" + e.getMessage() + ")",
          e);
    }
  }
}
