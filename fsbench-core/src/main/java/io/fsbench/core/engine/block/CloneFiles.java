package io.fsbench.core.engine.block;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The files one job clone works on and its region of each, as fio's {@code setup_files} sets them
 * up: their names, their sizes from {@code size}, {@code filesize} or what is on disk, and where
 * {@code offset} and {@code offset_increment} start the clone; a clone without room for one block
 * is refused, as fio refuses it.
 */
final class CloneFiles {

  private CloneFiles() {}

  /**
   * The files of clone {@code clone} (its subjob number) of {@code spec} in {@code directory};
   * {@code madeSizes} holds the sizes earlier jobs of the run gave the files they laid out.
   */
  static List<IoFile> files(JobSpec spec, int clone, Path directory, Map<Path, Long> madeSizes) {
    if (spec.sizeFromFiles()) {
      return requireRoom(spec, clone, ExistingFiles.regions(spec, clone, directory, madeSizes));
    }
    long size = share(spec);
    List<IoFile> files = new ArrayList<>();
    if (!spec.fileName().isEmpty()) {
      for (String name : spec.fileName().split(":")) {
        files.add(region(spec, clone, sharedPath(directory, name, spec), size, madeSizes));
      }
      return requireRoom(spec, clone, files);
    }
    // fio's setup_files: size / nrfiles each, the first files one smallest block larger for what
    // the division left over
    long extra = 0;
    if (spec.fileSize().isZero() && !spec.size().isZero()) {
      extra = (spec.size().bytes() - size * spec.nrFiles()) / BlockSizes.minBlockSize(spec);
    }
    for (int i = 0; i < spec.nrFiles(); i++) {
      long own = i < extra ? size + BlockSizes.minBlockSize(spec) : size;
      Path path = IoFiles.path(directory, spec, clone, i);
      files.add(region(spec, clone, path, own, madeSizes));
    }
    return requireRoom(spec, clone, files);
  }

  /**
   * The bytes of each file: {@code filesize}, else the file's share of {@code size}; with {@code
   * fill_device} and neither, fio's size is unbounded ({@code -1ULL}), and so is each file's share
   * here, for ENOSPC to end.
   */
  static long share(JobSpec spec) {
    if (spec.size().isZero() && spec.fileSize().isZero()) {
      return ExistingFiles.UNBOUNDED / spec.nrFiles();
    }
    return spec.effectiveFileSize().bytes();
  }

  /**
   * fio refuses a clone whose regions cannot hold one block ("blocksize is larger than ..."): its
   * setup_files lowers {@code size} (or sets it, when not given) to the sum of the regions, and
   * compares that with the smallest block, whatever {@code io_size} says (seed 2047 case 938:
   * {@code filesize=64k offset=16k io_size=64k bs=64k} is refused).
   */
  private static List<IoFile> requireRoom(JobSpec spec, int clone, List<IoFile> files) {
    long regions = files.stream().mapToLong(IoFile::regionLength).sum();
    long size = spec.size().bytes();
    long room = size == 0 || (regions > 0 && size > regions) ? regions : size;
    if (room < BlockSizes.minBlockSize(spec)) {
      throw new InvalidInputException(
          "job '"
              + spec.name()
              + "': clone "
              + clone
              + " has "
              + room
              + " bytes to work on after its offset, less than its block size; give a smaller"
              + " offset or offset_increment, or a larger size (fio: 'blocksize is larger than"
              + " data set range')");
    }
    return files;
  }

  /**
   * The clone's region of one file, as fio's setup_files: it starts where {@code offset} and {@code
   * offset_increment} say, taken of the size the file has when the clone is set up; with {@code
   * filesize} it ends there (the offset takes from the region), else it holds the clone's share of
   * {@code size} and the file grows to hold it.
   */
  private static IoFile region(
      JobSpec spec, int clone, Path path, long share, Map<Path, Long> madeSizes) {
    // fio's filecreate engine makes no file at set-up and gives every file one smallest block
    // (its get_file_size): a percentage offset is taken of that, whatever is on disk
    boolean diskless = spec.ioEngine() == IoEngine.FILECREATE;
    long existing =
        diskless ? BlockSizes.minBlockSize(spec) : ExistingFiles.sizeAtSetup(spec, path, madeSizes);
    long start = spec.offsets().startIn(existing, clone, BlockSizes.minBlockSize(spec));
    long end;
    if (spec.fileSize().isZero()) {
      end = Math.addExact(start, share);
    } else {
      if (start > share) {
        throw new InvalidInputException(
            ExistingFiles.startsPastEnd(spec, clone, start)
                + "its "
                + share
                + "-byte file "
                + path.getFileName()
                + "; give a smaller offset or offset_increment, or a larger filesize (fio: 'you"
                + " need to specify valid offset=')");
      }
      end = share;
    }
    if (!diskless) {
      ExistingFiles.laidOut(spec, path, existing, end, madeSizes);
    }
    return new IoFile(path, Math.max(existing, end), start, end, clone);
  }

  /** A filename option names a file inside the run's directory, never anywhere else. */
  static Path sharedPath(Path directory, String name, JobSpec spec) {
    Path path = directory.resolve(name).normalize();
    if (name.isBlank() || !path.getParent().equals(directory.normalize())) {
      throw new InvalidInputException(
          "filename ("
              + name
              + ") of job '"
              + spec.name()
              + "' must be a plain file name; fsbench keeps a job's files in its own directory");
    }
    return path;
  }
}
