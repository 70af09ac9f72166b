package io.fsbench.filebench;

import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * A fileset as filebench holds it while it runs: its {@link FilesetTree}, each file's and leaf
 * directory's state in an {@link EntryPool}, and the directories in a third pool (all of them
 * exist; {@code listdir} picks among them).
 *
 * <p>Which entries exist before the run is decided as {@code fileset.c: fileset_create} decides it:
 * each entry on its own, with {@code rand()} against {@code randno = RAND_MAX * (100 - prealloc) /
 * 100}, in integers. A file is left out when {@code randno != 0 && rand() <= randno}, a leaf
 * directory when {@code rand() < randno} (filebench's two loops compare differently), so {@code
 * prealloc=100} makes every entry and {@code prealloc=0} no file (but a leaf directory one time in
 * 2^31). filebench visits the entries in a random order from a Mersenne Twister; fsbench visits
 * them in order and draws from a seeded generator, which gives the same distribution, repeatably.
 *
 * <p>Memory for 10 million files in directories of mean width 20: the tree's arrays (about 0.8 byte
 * per file), the sizes (4 bytes per file while every size is below 2 GiB, 8 otherwise, none for a
 * constant size) and two bits per file: about 5 bytes per file, 50 MB, where filebench keeps a
 * {@code filesetentry_t} and a path string (well over 100 bytes) per file.
 */
final class Fileset {

  private static final long RAND_MAX = Integer.MAX_VALUE;

  private final FilesetSpec spec;
  private final FilesetTree tree;
  private final EntryPool files;
  private final EntryPool leafDirs;
  private final EntryPool directories;

  private Fileset(FilesetSpec spec, FilesetTree tree) {
    this.spec = spec;
    this.tree = tree;
    this.files = new EntryPool(tree.fileCount());
    this.leafDirs = new EntryPool(tree.leafDirCount());
    this.directories = new EntryPool(tree.directoryCount());
  }

  /**
   * Builds the tree from {@code drand48} (filebench's shared generator, see {@link FilesetTree})
   * and decides which entries exist from {@code preallocSeed}.
   */
  static Fileset build(FilesetSpec spec, UniformSource drand48, long preallocSeed) {
    Fileset fileset = new Fileset(spec, FilesetTree.build(spec, drand48));
    fileset.decideExistence(new SplittableRandom(preallocSeed));
    return fileset;
  }

  private void decideExistence(SplittableRandom random) {
    long randno = RAND_MAX * (100 - spec.preallocPercent()) / 100;
    for (int i = 0; i < files.count(); i++) {
      files.setExists(i, !(randno != 0 && rand(random) <= randno));
    }
    for (int i = 0; i < leafDirs.count(); i++) {
      leafDirs.setExists(i, !(rand(random) < randno));
    }
    for (int i = 0; i < directories.count(); i++) {
      directories.setExists(i, true);
    }
  }

  /** A number as glibc's {@code rand()} gives: uniform over 0 to {@code RAND_MAX}. */
  private static long rand(SplittableRandom random) {
    return random.nextInt() & 0x7FFFFFFFL;
  }

  FilesetSpec spec() {
    return spec;
  }

  FilesetTree tree() {
    return tree;
  }

  EntryPool files() {
    return files;
  }

  EntryPool leafDirs() {
    return leafDirs;
  }

  EntryPool directories() {
    return directories;
  }

  /** The fileset's own directory when it lives in {@code directory}: {@code directory/name}. */
  Path root(Path directory) {
    return directory.resolve(spec.name());
  }

  Path file(Path directory, int index) {
    return root(directory).resolve(tree.filePath(index));
  }

  Path leafDir(Path directory, int index) {
    return root(directory).resolve(tree.leafDirPath(index));
  }

  Path directory(Path directory, int index) {
    String relative = tree.directoryPath(index);
    return relative.isEmpty() ? root(directory) : root(directory).resolve(relative);
  }

  /** The bytes the model keeps: tree, sizes and states (not counting a few fixed objects). */
  long retainedBytes() {
    return tree.retainedBytes()
        + files.retainedBytes()
        + leafDirs.retainedBytes()
        + directories.retainedBytes();
  }
}
