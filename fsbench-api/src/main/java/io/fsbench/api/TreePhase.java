package io.fsbench.api;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One timed step of a {@link TreeSpec whole-tree workload} or a {@link LargeFileSpec large-file
 * workload}. Phases run in this order; a phase that needs a tree that no selected phase made gets
 * it from an untimed setup step.
 */
public enum TreePhase {
  /** Extract the archive into a fresh directory, as {@code tar xf} does. */
  EXTRACT,
  /** List every entry recursively with lstat(2), as {@code ls -lR} or {@code du} do. */
  WALK,
  /** Walk the tree matching names against a glob, as {@code find -name} does. */
  FIND,
  /** Write a tar archive of the tree, as {@code tar cf} does. */
  TAR,
  /** Copy the tree (or the large file), as {@code cp -r} does. */
  COPY,
  /** Copy again over the existing copy, truncating and rewriting every file. */
  RECOPY,
  /** Remove the tree (or the file) without following symbolic links, as {@code rm -rf} does. */
  REMOVE;

  /** The name used in parameters, workload names and metric names, e.g. {@code extract}. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether the phase writes to the volume, so that a final sync can be part of its timing. */
  public boolean writes() {
    return this != WALK && this != FIND;
  }

  public static TreePhase parse(String text) {
    for (TreePhase phase : values()) {
      if (phase.key().equals(text.strip().toLowerCase(Locale.ROOT))) {
        return phase;
      }
    }
    throw new InvalidInputException(
        "tree phase ("
            + text
            + ") is not one of "
            + Arrays.stream(values()).map(TreePhase::key).collect(Collectors.joining(", ")));
  }
}
