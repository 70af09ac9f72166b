package io.fsbench.core.volume;

import io.fsbench.api.EnvironmentException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.core.text.IoErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * fsbench's work dir: its resource registry, volume state directories with their images, and the
 * mount points. Every name fsbench makes here carries "fsbench", the process id and a counter.
 *
 * <p>The work dir is a trust boundary: fsbench, often as root, releases whatever its registry
 * names, so {@link #prepare()} refuses a work dir (or a directory of it) that another user could
 * have written, before anything is read from it or made in it.
 */
public final class WorkDir {

  /**
   * Root's work dir when none is configured: a state directory, as a service's would be, and not
   * inside a world-writable directory where another user could make it first.
   */
  public static final Path ROOT_DEFAULT = Path.of("/var/lib/fsbench");

  private static final Pattern NAME = Pattern.compile("fsbench-[0-9]+-[0-9]+");
  private static final AtomicLong COUNTER = new AtomicLong();

  private final Path root;
  private final int owner;
  private boolean prepared;

  /** A work dir of the user this process runs as. */
  public WorkDir(Path root) {
    this(root, TrustedDirectory.effectiveUid());
  }

  /** A work dir that must belong to the user {@code owner} (tests pass another). */
  WorkDir(Path root, int owner) {
    this.root = root.toAbsolutePath().normalize();
    this.owner = owner;
  }

  /**
   * {@code $FSBENCH_WORK_DIR}; else {@link #ROOT_DEFAULT} for root, and for anyone else {@code
   * $XDG_STATE_HOME/fsbench} or {@code ~/.local/state/fsbench}.
   */
  public static WorkDir fromEnvironment() {
    String dir = System.getenv("FSBENCH_WORK_DIR");
    if (dir != null && !dir.isBlank()) {
      return new WorkDir(Path.of(dir));
    }
    int euid = TrustedDirectory.effectiveUid();
    return new WorkDir(
        euid == 0
            ? ROOT_DEFAULT
            : userDefault(
                System.getenv("XDG_STATE_HOME"),
                Objects.requireNonNullElse(System.getenv("HOME"), System.getProperty("user.home"))),
        euid);
  }

  /** A user's default work dir, in the XDG state directory. */
  static Path userDefault(String xdgStateHome, String home) {
    if (xdgStateHome != null && !xdgStateHome.isBlank() && Path.of(xdgStateHome).isAbsolute()) {
      return Path.of(xdgStateHome, "fsbench");
    }
    if (home == null || home.isBlank() || home.equals("?")) {
      throw new EnvironmentException(
          "fsbench has no work dir: this user has no home directory; set FSBENCH_WORK_DIR to a"
              + " directory of your own");
    }
    return Path.of(home, ".local", "state", "fsbench");
  }

  /**
   * Makes the work dir and its directories (mode 0700) where missing, and refuses, naming the path,
   * its owner and mode, when any of them or a directory above them could be written by another
   * user. Checked once per instance; nothing is read from or made in the work dir before.
   *
   * @throws EnvironmentException for a work dir that is not safe to use (exit 3)
   */
  public synchronized WorkDir prepare() {
    if (!prepared) {
      TrustedDirectory.requireSafeAncestors(root, owner);
      for (Path dir : List.of(root, registry(), volumes(), mounts())) {
        TrustedDirectory.ownPrivate(dir, root, owner);
      }
      prepared = true;
    }
    return this;
  }

  /**
   * Refuses a loop image larger than the free space where images are kept: the image is sparse, and
   * writes past that space would fail in the kernel, as I/O errors under the filesystem being
   * measured that a buffered run never sees, not as an error of the run.
   *
   * @throws InvalidInputException naming both sizes and what to do
   */
  public void requireRoomFor(Size image) {
    prepare();
    long free;
    try {
      free = Files.getFileStore(volumes()).getUsableSpace();
    } catch (IOException e) {
      throw new EnvironmentException(
          "cannot tell the free space of " + volumes() + " (" + IoErrors.describe(e) + ")", e);
    }
    if (image.bytes() > free) {
      throw new InvalidInputException(
          "the loop image ("
              + image
              + ") is larger than the free space ("
              + Size.mib(free >> 20)
              + ") of the filesystem holding the work dir "
              + root
              + "; give a smaller image size (--image-size), free space there, or set"
              + " FSBENCH_WORK_DIR to a directory on a larger filesystem");
    }
  }

  public Path root() {
    return root;
  }

  /** The user id everything in the work dir must belong to. */
  int owner() {
    return owner;
  }

  public Path registry() {
    return root.resolve("registry");
  }

  /** Where the volumes' state directories live, each holding its image. */
  Path volumes() {
    return root.resolve("volumes");
  }

  /** Where the volumes are mounted. */
  Path mounts() {
    return root.resolve("mnt");
  }

  /** A new unique name, e.g. {@code fsbench-4242-3}. */
  public String newName() {
    return "fsbench-" + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet();
  }

  /** Whether {@code name} is one {@link #newName()} could have made. */
  static boolean isName(String name) {
    return name != null && NAME.matcher(name).matches();
  }

  /** A volume's private directory, holding its image and the plugin's state. */
  public Path stateDir(String name) {
    return volumes().resolve(name);
  }

  public Path mountPoint(String name) {
    return mounts().resolve(name);
  }

  public Path image(String name) {
    return stateDir(name).resolve(name + ".img");
  }
}
