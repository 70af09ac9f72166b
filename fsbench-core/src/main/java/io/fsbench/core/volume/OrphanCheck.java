package io.fsbench.core.volume;

import io.fsbench.spi.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Decides whether a registry entry read back from disk names only what fsbench itself could have
 * made, before anything is done with it: images, state directories and mount points inside the work
 * dir's own directories; a {@code --dir} target's fresh {@code fsbench-*} subdirectory with the
 * identity it had when made; loop devices attached to an image of the work dir; filesystems and
 * pools with fsbench's names on one of those loop devices, or on a device erased with consent. An
 * entry that fails is refused: reported, left in the registry for a person, never acted on.
 */
final class OrphanCheck {

  private static final Pattern LOOP_DEVICE = Pattern.compile("/dev/loop[0-9]+");

  private final WorkDir workDir;
  private final Host host;

  OrphanCheck(WorkDir workDir, Host host) {
    this.workDir = workDir;
    this.host = host;
  }

  /** Why the entry must not be acted on; empty when it may be released. */
  Optional<String> refusal(ResourceEntry entry) {
    try {
      Map<String, String> a = entry.attributes();
      String volume = a.get(ResourceReleaser.VOLUME);
      if (volume != null && !WorkDir.isName(volume)) {
        return refuse("its volume name '" + volume + "' is not one fsbench makes (fsbench-PID-N)");
      }
      return switch (entry.kind()) {
        case DIRECTORY -> directory(a);
        case IMAGE -> image(a.get("path"));
        case LOOP -> loop(a);
        case MOUNT_POINT -> mountPoint(a.get("path"));
        case FILESYSTEM -> fileSystem(a);
        case SHARED_NAMES -> sharedNames(a);
      };
    } catch (IOException | RuntimeException e) {
      return refuse("it could not be checked (" + e.getMessage() + ")");
    }
  }

  private Optional<String> directory(Map<String, String> a) {
    Path path = path(a.get("path"));
    if (path == null) {
      return refuse("it names no absolute path");
    }
    String parent = a.get(VolumeFactory.PARENT);
    if (parent != null) {
      // A --dir target's subdirectory: removed only if it is still the directory made there.
      boolean recorded =
          WorkDir.isName(path.getFileName().toString()) && path.getParent().equals(path(parent));
      return recorded
          ? Optional.empty()
          : refuse(path + " is not an fsbench-PID-N subdirectory of the directory it records");
    }
    return inside(path, workDir.volumes(), "the work dir's volumes directory");
  }

  /**
   * A shared directory's tagged names: an absolute directory that is not a link, a prefix as a
   * client's tag makes it, and the identity the directory had (checked again when released).
   */
  private Optional<String> sharedNames(Map<String, String> a) {
    Path path = path(a.get("path"));
    if (path == null || Files.isSymbolicLink(path)) {
      return refuse("it names no absolute path of a directory, or a symbolic link");
    }
    String prefix = a.get(SharedNames.PREFIX);
    if (prefix == null || !SharedNames.VALID_PREFIX.matcher(prefix).matches()) {
      return refuse("its prefix '" + prefix + "' is not one a client's tag makes (TAG.)");
    }
    if (a.get(VolumeFactory.IDENTITY) == null) {
      return refuse("it records no identity of " + path);
    }
    return Optional.empty();
  }

  private Optional<String> image(String value) throws IOException {
    Path path = path(value);
    if (path == null || !isImage(path)) {
      return refuse(value + " is not the image of a volume in " + workDir.volumes());
    }
    if (Files.isSymbolicLink(path.getParent()) || Files.isSymbolicLink(path)) {
      return refuse(path + " or its directory is a symbolic link");
    }
    return Optional.empty();
  }

  private Optional<String> loop(Map<String, String> a) throws IOException {
    String device = a.get("device");
    if (device != null && !LOOP_DEVICE.matcher(device).matches()) {
      return refuse("'" + device + "' is not a loop device");
    }
    return image(a.get("image"));
  }

  private Optional<String> mountPoint(String value) {
    Path path = path(value);
    if (path == null) {
      return refuse("it names no absolute path");
    }
    return inside(path, workDir.mounts(), "the work dir's mount directory");
  }

  private Optional<String> fileSystem(Map<String, String> a) throws IOException {
    String name = a.get("name");
    if (!WorkDir.isName(name)) {
      return refuse("its name (the pool or label) '" + name + "' does not carry fsbench's prefix");
    }
    if (!workDir.mountPoint(name).equals(path(a.get("mountPoint")))
        || !workDir.stateDir(name).equals(path(a.get("stateDir")))) {
      return refuse("its mount point or state directory is not " + name + "'s in the work dir");
    }
    String device = a.get("device");
    if (VolumeFactory.CONSENTED.equals(a.get(VolumeFactory.CONSENT))) {
      Path path = path(device);
      return path != null && path.startsWith("/dev/")
          ? Optional.empty()
          : refuse("'" + device + "' is not a device under /dev");
    }
    if (device == null || !LOOP_DEVICE.matcher(device).matches()) {
      return refuse("'" + device + "' is neither a loop device nor a device erased with consent");
    }
    Path image = workDir.image(name);
    if (!LoopDevices.attachedTo(host, image).contains(device)) {
      return refuse(device + " is not attached to " + image + ", the image fsbench made for it");
    }
    return Optional.empty();
  }

  private boolean isImage(Path path) {
    Path dir = path.getParent();
    return dir != null
        && dir.getParent() != null
        && dir.getParent().equals(workDir.volumes())
        && WorkDir.isName(dir.getFileName().toString())
        && path.getFileName().toString().equals(dir.getFileName() + ".img");
  }

  private static Optional<String> inside(Path path, Path dir, String what) {
    boolean ok =
        dir.equals(path.getParent())
            && WorkDir.isName(path.getFileName().toString())
            && !Files.isSymbolicLink(path);
    return ok
        ? Optional.empty()
        : refuse(path + " is not an fsbench-PID-N entry of " + what + " " + dir);
  }

  /** The value as a normalized absolute path, or null when it is none. */
  private static Path path(String value) {
    if (value == null || value.isEmpty()) {
      return null;
    }
    Path path = Path.of(value);
    if (!path.isAbsolute() || !path.normalize().equals(path) || path.getFileName() == null) {
      return null; // "..", "." and relative paths are never what fsbench records
    }
    return path;
  }

  private static Optional<String> refuse(String why) {
    return Optional.of(why);
  }
}
