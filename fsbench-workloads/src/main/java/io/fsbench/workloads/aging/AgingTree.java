package io.fsbench.workloads.aging;

import java.io.IOException;

/**
 * The directories an aging puts files in: at depth 1 the aging directory itself, at each deeper
 * level up to {@link #WIDTH} directories, four under each parent, made when a file first goes there
 * and never removed (as in Geriatrix). A directory is an int, {@code depth << 16 | index}, and its
 * path is computed, so that no directory is an object either.
 */
final class AgingTree {

  /** Directories per level at most: enough to spread files, few enough to fill. */
  static final int WIDTH = 64;

  private static final int FANOUT = 4;

  /** Makes one directory, given its path relative to the aging directory. */
  @FunctionalInterface
  interface DirectoryMaker {
    void make(String relativePath) throws IOException;
  }

  private final boolean[][] made;

  AgingTree(int maxDepth) {
    made = new boolean[maxDepth + 1][WIDTH];
  }

  /** Directories at {@code depth}: 1, 4, 16, then {@link #WIDTH}. */
  static int width(int depth) {
    int width = 1;
    for (int d = 1; d < depth && width < WIDTH; d++) {
      width *= FANOUT;
    }
    return Math.min(width, WIDTH);
  }

  static int id(int depth, int index) {
    return depth << 16 | index;
  }

  static int depth(int dir) {
    return dir >>> 16;
  }

  static int index(int dir) {
    return dir & 0xFFFF;
  }

  /** The directory's path relative to the aging directory; empty for depth 1. */
  static String path(int dir) {
    int depth = depth(dir);
    if (depth <= 1) {
      return "";
    }
    int index = index(dir);
    String parent = path(id(depth - 1, index % width(depth - 1)));
    return (parent.isEmpty() ? "" : parent + "/") + "d" + index;
  }

  /** A file's path relative to the aging directory. */
  static String file(int dir, long name) {
    String parent = path(dir);
    return (parent.isEmpty() ? "" : parent + "/") + "f" + Long.toString(name, 36);
  }

  /** Makes the directory and those above it, unless made already. */
  void ensure(int dir, DirectoryMaker maker) throws IOException {
    int depth = depth(dir);
    int index = index(dir);
    if (depth <= 1 || made[depth][index]) {
      return;
    }
    ensure(id(depth - 1, index % width(depth - 1)), maker);
    maker.make(path(dir));
    made[depth][index] = true;
  }
}
