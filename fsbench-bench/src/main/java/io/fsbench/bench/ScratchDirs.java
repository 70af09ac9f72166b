package io.fsbench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The scratch directories of a differential harness: one per side and run, numbered under one
 * parent ({@code fsbench-dddiff-3-fsbench}), so that what a run left behind names its run.
 */
final class ScratchDirs {

  private final Path parent;
  private final String prefix;
  private int runs;

  /**
   * @param prefix begins each directory's name, e.g. {@code fsbench-dddiff}
   */
  ScratchDirs(Path parent, String prefix) {
    this.parent = parent.toAbsolutePath();
    this.prefix = prefix;
  }

  Path parent() {
    return parent;
  }

  /** A new directory for the next run of {@code side}. */
  Path make(String side) {
    try {
      return Files.createDirectories(parent.resolve(prefix + "-" + ++runs + "-" + side));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Removes {@code dir} and everything in it. */
  static void remove(Path dir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
