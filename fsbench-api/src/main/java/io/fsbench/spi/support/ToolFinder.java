package io.fsbench.spi.support;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds programs on PATH and in the sbin directories, where mkfs and friends live.
 *
 * <pre>{@code
 * Optional<Path> mkfs = ToolFinder.fromEnvironment().find("mkfs.xfs");
 * }</pre>
 */
public final class ToolFinder {

  private static final List<String> SBIN = List.of("/usr/local/sbin", "/usr/sbin", "/sbin");

  private final List<Path> directories;

  /** Looks in these directories, in this order. */
  public ToolFinder(List<Path> directories) {
    this.directories = List.copyOf(directories);
  }

  /** PATH followed by the sbin directories. */
  public static ToolFinder fromEnvironment() {
    Set<String> dirs = new LinkedHashSet<>();
    String path = System.getenv("PATH");
    if (path != null) {
      for (String dir : path.split(File.pathSeparator)) {
        if (!dir.isEmpty()) {
          dirs.add(dir);
        }
      }
    }
    dirs.addAll(SBIN);
    dirs.addAll(List.of("/usr/local/bin", "/usr/bin", "/bin"));
    List<Path> paths = new ArrayList<>();
    dirs.forEach(d -> paths.add(Path.of(d)));
    return new ToolFinder(paths);
  }

  /**
   * The executable of that name in the first directory that has one; a name with a slash is taken
   * as a path.
   */
  public Optional<Path> find(String name) {
    if (name.contains("/")) {
      Path p = Path.of(name);
      return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
    }
    for (Path dir : directories) {
      Path candidate = dir.resolve(name);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }
}
