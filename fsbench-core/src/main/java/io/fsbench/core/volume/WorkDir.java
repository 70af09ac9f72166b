package io.fsbench.core.volume;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * fsbench's work dir: its resource registry, volume state directories with their images, and the
 * mount points. Every name fsbench makes here carries "fsbench", the process id and a counter.
 */
public final class WorkDir {

  /** The work dir used when none is configured. */
  public static final Path DEFAULT = Path.of("/var/tmp/fsbench");

  private static final AtomicLong COUNTER = new AtomicLong();

  private final Path root;

  public WorkDir(Path root) {
    this.root = root.toAbsolutePath().normalize();
  }

  /**
   * {@code $FSBENCH_WORK_DIR}, else {@link #DEFAULT}; a user who cannot write there (it belongs to
   * root, who made it) gets {@code /var/tmp/fsbench-<user>}, so that fsbench works without root.
   */
  public static WorkDir fromEnvironment() {
    String dir = System.getenv("FSBENCH_WORK_DIR");
    if (dir != null && !dir.isBlank()) {
      return new WorkDir(Path.of(dir));
    }
    return new WorkDir(usable(DEFAULT) ? DEFAULT : perUser(System.getProperty("user.name")));
  }

  /** {@code /var/tmp/fsbench-<user>}, the user name reduced to characters safe in a path. */
  static Path perUser(String user) {
    String safe = user == null ? "" : user.replaceAll("[^A-Za-z0-9_.-]", "_");
    return DEFAULT.resolveSibling("fsbench-" + (safe.isEmpty() ? "user" : safe));
  }

  private static boolean usable(Path dir) {
    return Files.notExists(dir) || Files.isWritable(dir);
  }

  public Path root() {
    return root;
  }

  public Path registry() {
    return root.resolve("registry");
  }

  /** A new unique name, e.g. {@code fsbench-4242-3}. */
  public String newName() {
    return "fsbench-" + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet();
  }

  /** A volume's private directory, holding its image and the plugin's state. */
  public Path stateDir(String name) {
    return root.resolve("volumes").resolve(name);
  }

  public Path mountPoint(String name) {
    return root.resolve("mnt").resolve(name);
  }

  public Path image(String name) {
    return stateDir(name).resolve(name + ".img");
  }
}
