package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;
import java.util.Optional;

/**
 * One {@code define fileset} or {@code define file}, its values resolved, with filebench's defaults
 * ({@code parser_gram.y: parser_fileset_define_common}, {@code parser_fileset_define}, {@code
 * parser_file_define}): size 1024, prealloc 0, dirgamma 1500, entries and leafdirs 0, and for a
 * file one entry with dirwidth 10 and dirgamma 0.
 *
 * @param name the fileset's directory under {@code path}
 * @param path the directory as the workload wrote it ({@code $dir}); fsbench places the fileset in
 *     a directory of its own choosing
 * @param single whether it is a {@code define file}
 * @param dirWidth the mean directory width: a constant, or a {@link Randvar} drawn per directory
 * @param dirDepth a {@code dirdepthrv}, drawn per directory instead of the gamma depth
 * @param dirGamma the gamma shape of depths and widths times 1000; 0 for no randomness
 * @param size each entry's size, drawn once per entry when the tree is built
 * @param preallocPercent the chance, in percent, that an entry exists before the run
 */
record FilesetSpec(
    String name,
    String path,
    boolean single,
    long entries,
    long leafDirs,
    RandomVariable dirWidth,
    Optional<Randvar> dirDepth,
    long dirGamma,
    RandomVariable size,
    int preallocPercent,
    boolean parallelAllocation,
    boolean reuse,
    boolean trustTree,
    boolean readOnly,
    boolean writeOnly) {

  /** filebench's {@code MAX_PARALLOC_THREADS}: at most this many files allocated at once. */
  static final int MAX_PARALLEL_ALLOCATIONS = 32;

  /** Entries are numbered with ints, as filebench's {@code uint_t fse_index}. */
  static final long MAX_ENTRIES = Integer.MAX_VALUE - 1L;

  FilesetSpec {
    String what = (single ? "file " : "fileset ") + name;
    if (name == null || name.isEmpty() || name.contains("/") || name.matches("\\.\\.?")) {
      throw new InvalidInputException(
          "a fileset's name (" + name + ") must be one directory name: not . or .., and no /");
    }
    if (entries < 0 || entries > MAX_ENTRIES) {
      throw new InvalidInputException(
          what + ": entries (" + entries + ") must be between 0 and " + MAX_ENTRIES);
    }
    if (leafDirs < 0 || leafDirs > MAX_ENTRIES) {
      throw new InvalidInputException(
          what + ": leafdirs (" + leafDirs + ") must be between 0 and " + MAX_ENTRIES);
    }
    if (dirWidth instanceof RandomVariable.Constant c && c.value() < 2 && entries + leafDirs > 1) {
      throw new InvalidInputException(
          what
              + ": dirwidth ("
              + c.value()
              + ") must be at least 2: filebench's mean depth is ln(entries)/ln(dirwidth)");
    }
    if (dirWidth instanceof Randvar r && (int) r.mean() < 2 && entries + leafDirs > 1) {
      throw new InvalidInputException(
          what
              + ": dirwidth ("
              + r.describe()
              + ") has a mean of "
              + (int) r.mean()
              + "; it must be at least 2: filebench's mean depth is ln(entries)/ln(dirwidth)");
    }
    if (dirGamma < 0) {
      throw new InvalidInputException(what + ": dirgamma (" + dirGamma + ") must not be negative");
    }
    if (preallocPercent < 0 || preallocPercent > 100) {
      throw new InvalidInputException(
          what + ": prealloc (" + preallocPercent + ") must be a percentage, 0 to 100");
    }
    dirDepth = dirDepth == null ? Optional.empty() : dirDepth;
  }

  /** A {@code define file}: one entry, in a tree of filebench's shape for one. */
  static FilesetSpec file(
      String name,
      String path,
      RandomVariable size,
      int preallocPercent,
      boolean parallelAllocation,
      boolean reuse,
      boolean trustTree,
      boolean readOnly,
      boolean writeOnly) {
    return new FilesetSpec(
        name,
        path,
        true,
        1,
        0,
        RandomVariable.constant(10),
        Optional.empty(),
        0,
        size,
        preallocPercent,
        parallelAllocation,
        reuse,
        trustTree,
        readOnly,
        writeOnly);
  }
}
