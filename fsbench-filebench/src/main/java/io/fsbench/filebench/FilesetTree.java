package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;
import java.util.Arrays;

/**
 * The directory tree of a fileset as {@code fileset.c: fileset_populate} and {@code
 * fileset_populate_subdir} lay it out, kept as a few primitive arrays: no object per file.
 *
 * <p>filebench's algorithm: the mean depth is {@code ln(entries + leafdirs) / ln(dirwidth)}. Each
 * directory, the fileset's own (the root, level 1) included, draws a depth ({@code (int)} of a
 * gamma of shape {@code dirgamma/1000} and scale {@code meandepth/shape}, or a {@code dirdepthrv},
 * or the mean depth itself when dirgamma is 0) and then a width (a gamma of mean {@code dirwidth},
 * not truncated), a 0 taken as 1. A directory at level {@code L} with a drawn depth of at most
 * {@code L} is a leaf: it holds up to {@code width} files, named {@code 00000001} upwards,
 * otherwise as many subdirectories. The root ignores both: it makes subdirectories until every file
 * has a place. Files are numbered in the order they are placed, so each leaf directory holds a run
 * of consecutive numbers, which is all that needs storing. The same is then done again for the leaf
 * directories ({@code leafdirs}): filebench restarts the names at 1 in every directory for that
 * second pass, so with both files and leaf directories their names can collide, as they do in
 * filebench.
 *
 * <p>The uniform numbers come from the one {@code drand48} filebench's whole process shares: the
 * depth and width draws here, and a {@code cvar-gamma} size drawn between them. Fed filebench's
 * unseeded {@code drand48} ({@link Rand48#unseeded()}) this gives filebench's own tree.
 *
 * <p>Cost: 8 bytes per directory, 8 bytes per directory holding files or leaf directories, and the
 * sizes ({@link EntrySizes}: 0, 4 or 8 bytes per file).
 */
final class FilesetTree {

  private final double meanDepth;
  private final double meanWidth;
  private final int[] directoryParent;
  private final int[] directorySerial;
  private final Runs files;
  private final Runs leafDirs;
  private final EntrySizes sizes;

  private FilesetTree(Builder b) {
    this.meanDepth = b.meanDepth;
    this.meanWidth = b.meanWidth;
    this.directoryParent = b.parents.toArray();
    this.directorySerial = b.serials.toArray();
    this.files = new Runs(b.fileRunStart.toArray(), b.fileRunDirectory.toArray(), b.fileCount);
    this.leafDirs =
        new Runs(b.leafRunStart.toArray(), b.leafRunDirectory.toArray(), b.leafDirCount);
    this.sizes = b.sizes;
  }

  /** Lays out {@code spec}'s tree, drawing from {@code drand48} as filebench draws. */
  static FilesetTree build(FilesetSpec spec, UniformSource drand48) {
    Builder builder = new Builder(spec, drand48);
    builder.directory(-1, 1, 0);
    return new FilesetTree(builder);
  }

  /** {@code ln(entries + leafdirs) / ln(mean dirwidth)}, as filebench computes it. */
  double meanDepth() {
    return meanDepth;
  }

  double meanWidth() {
    return meanWidth;
  }

  /** Directories, the fileset's own (number 0) included. */
  int directoryCount() {
    return directoryParent.length;
  }

  int fileCount() {
    return files.count;
  }

  int leafDirCount() {
    return leafDirs.count;
  }

  /** The directory a directory is in; -1 for the fileset's own. */
  int parent(int directory) {
    return directoryParent[directory];
  }

  /** How many directories lie between the fileset's own and {@code directory}; 0 for its own. */
  int level(int directory) {
    int level = 0;
    for (int d = directory; directoryParent[d] >= 0; d = directoryParent[d]) {
      level++;
    }
    return level;
  }

  /** The directory that holds file {@code file}. */
  int fileDirectory(int file) {
    return files.directory(file);
  }

  /** The directory that holds leaf directory {@code leaf}. */
  int leafDirDirectory(int leaf) {
    return leafDirs.directory(leaf);
  }

  long size(int file) {
    return sizes.size(file);
  }

  /** All files' sizes added up ({@code fs_bytes}). */
  long totalBytes() {
    return sizes.total();
  }

  /** A directory's path under the fileset's own, {@code ""} for that one. */
  String directoryPath(int directory) {
    StringBuilder path = new StringBuilder();
    appendDirectory(path, 0, directory);
    return path.toString();
  }

  /** A file's path under the fileset's own directory: {@code 00000001/00000003}. */
  String filePath(int file) {
    return entryPath(files, file);
  }

  String leafDirPath(int leaf) {
    return entryPath(leafDirs, leaf);
  }

  /** Appends {@link #filePath} to {@code path}, without allocating: for a run's hot path. */
  void appendFilePath(StringBuilder path, int file) {
    appendEntryPath(path, files, file);
  }

  void appendLeafDirPath(StringBuilder path, int leaf) {
    appendEntryPath(path, leafDirs, leaf);
  }

  private String entryPath(Runs runs, int entry) {
    StringBuilder path = new StringBuilder();
    appendEntryPath(path, runs, entry);
    return path.toString();
  }

  private void appendEntryPath(StringBuilder path, Runs runs, int entry) {
    int start = path.length();
    appendDirectory(path, start, runs.directory(entry));
    if (path.length() > start) {
      path.append('/');
    }
    appendSerial(path, runs.serial(entry));
  }

  private void appendDirectory(StringBuilder path, int start, int directory) {
    if (directoryParent[directory] < 0) {
      return;
    }
    appendDirectory(path, start, directoryParent[directory]);
    if (path.length() > start) {
      path.append('/');
    }
    appendSerial(path, directorySerial[directory]);
  }

  /** {@code %08d}, as filebench names entries; no allocation. */
  private static void appendSerial(StringBuilder path, int serial) {
    int digits = serial == 0 ? 1 : (int) Math.log10(serial) + 1;
    for (int i = digits; i < 8; i++) {
      path.append('0');
    }
    path.append(serial);
  }

  /** The bytes its arrays take. */
  long retainedBytes() {
    return 4L * (directoryParent.length + directorySerial.length)
        + files.retainedBytes()
        + leafDirs.retainedBytes()
        + sizes.retainedBytes();
  }

  /** Entries numbered in runs: run {@code r} starts at {@code start[r]} in {@code directory[r]}. */
  private record Runs(int[] start, int[] directory, int count) {

    int run(int entry) {
      if (entry < 0 || entry >= count) {
        throw new IndexOutOfBoundsException("entry " + entry + " of " + count);
      }
      int found = Arrays.binarySearch(start, entry);
      return found >= 0 ? found : -found - 2;
    }

    int directory(int entry) {
      return directory[run(entry)];
    }

    /** Its name's number: 1 for the first of its directory. */
    int serial(int entry) {
      return entry - start[run(entry)] + 1;
    }

    long retainedBytes() {
      return 4L * (start.length + directory.length);
    }
  }

  /** filebench's recursion, {@code fileset_populate_subdir}, one call per directory. */
  private static final class Builder {

    private final FilesetSpec spec;
    private final UniformSource drand48;
    private final double shape;
    private final Randvar randomWidth;
    private final double meanWidth;
    private final double meanDepth;
    private final IntList parents = new IntList();
    private final IntList serials = new IntList();
    private final IntList fileRunStart = new IntList();
    private final IntList fileRunDirectory = new IntList();
    private final IntList leafRunStart = new IntList();
    private final IntList leafRunDirectory = new IntList();
    private final EntrySizes sizes;
    private int fileCount;
    private int leafDirCount;

    Builder(FilesetSpec spec, UniformSource drand48) {
      this.spec = spec;
      this.drand48 = drand48;
      this.shape = spec.dirGamma() / 1000.0;
      this.randomWidth = spec.dirWidth() instanceof Randvar r ? r : null;
      // a randvar width gives its mean (truncated) for the depth and is drawn per directory; any
      // other width is read once, as fileset_populate reads it
      int meanDirWidth =
          randomWidth != null ? (int) randomWidth.mean() : (int) spec.dirWidth().nextInteger();
      if (meanDirWidth < 2 && spec.entries() + spec.leafDirs() > 1) {
        throw new InvalidInputException(
            (spec.single() ? "file " : "fileset ")
                + spec.name()
                + ": dirwidth ("
                + spec.dirWidth().describe()
                + ") has a mean of "
                + meanDirWidth
                + "; it must be at least 2: filebench's mean depth is ln(entries)/ln(dirwidth)");
      }
      this.meanWidth = meanDirWidth;
      this.meanDepth = Math.log(spec.entries() + spec.leafDirs()) / Math.log(meanDirWidth);
      spec.dirDepth().ifPresent(depth -> depth.overrideMean(meanDepth));
      this.sizes = EntrySizes.forVariable(spec.size(), (int) spec.entries());
    }

    void directory(int parent, int serial, double parentLevel) {
      double level = parentLevel + 1;
      int id = parents.size();
      parents.add(parent);
      serials.add(serial);
      int depth = drawDepth();
      double width = drawWidth();
      if (depth == 0) {
        depth = 1;
      }
      if (width == 0) {
        width = 1;
      }
      boolean root = parent < 0;
      boolean leaf = !root && level >= depth;
      for (int i = 1; (root || i < width + 1) && fileCount < spec.entries(); i++) {
        if (leaf) {
          addFile(id, i);
        } else {
          directory(id, i, level);
        }
      }
      for (int i = 1; (root || i < width + 1) && leafDirCount < spec.leafDirs(); i++) {
        if (leaf) {
          addLeafDir(id, i);
        } else {
          directory(id, i, level);
        }
      }
    }

    private int drawDepth() {
      if (spec.dirDepth().isPresent()) {
        return (int) Math.min(Integer.MAX_VALUE, spec.dirDepth().get().nextInteger());
      }
      return shape > 0
          ? (int) KnuthGamma.sample(shape, meanDepth / shape, drand48)
          : (int) meanDepth;
    }

    private double drawWidth() {
      if (randomWidth != null) {
        return randomWidth.next();
      }
      return shape > 0 ? KnuthGamma.sample(shape, meanWidth / shape, drand48) : meanWidth;
    }

    private void addFile(int directory, int serial) {
      if (serial == 1) {
        fileRunStart.add(fileCount);
        fileRunDirectory.add(directory);
      }
      sizes.add(spec.size());
      fileCount++;
    }

    private void addLeafDir(int directory, int serial) {
      if (serial == 1) {
        leafRunStart.add(leafDirCount);
        leafRunDirectory.add(directory);
      }
      leafDirCount++;
    }
  }
}
