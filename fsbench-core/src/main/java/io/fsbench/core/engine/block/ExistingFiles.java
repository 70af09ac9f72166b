package io.fsbench.core.engine.block;

import io.fsbench.api.FileHandling;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IoEngine;
import io.fsbench.api.JobSpec;
import io.fsbench.core.jobfile.JobFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sizes a job finds its files at when it is set up, as fio 3.33's {@code setup_files} stats
 * them ({@code get_file_sizes}), and the regions of a job without {@code size} or {@code filesize},
 * which takes them from those sizes.
 *
 * <p>fio sets up every job with {@code create_serialize=1} (its default) before any job runs, in
 * job order ({@code run_threads}), so such a job sees the files as the setups of the jobs before it
 * left them: a write-only job's file is created and preallocated to its size (nothing with {@code
 * fallocate=none} or {@code keep}, or with {@code fill_device}), a reading job's written in full.
 * With {@code create_serialize=0} a job is set up when its thread starts, after the stonewalled
 * jobs before it have run, and sees what they wrote. fsbench keeps the first as a model (the map of
 * sizes made so far) and reads the second from the disk when the job's batch starts.
 */
final class ExistingFiles {

  private static final Logger LOG = LoggerFactory.getLogger(ExistingFiles.class);

  /**
   * The bytes of a {@code fill_device} job without a size: fio's size is then {@code -1ULL}; 1 EiB
   * is past every filesystem's largest file here as well and leaves room for arithmetic.
   */
  static final long UNBOUNDED = 1L << 60;

  private ExistingFiles() {}

  /** The size {@code path} has when a clone of {@code spec} is set up (fio's real_file_size). */
  static long sizeAtSetup(JobSpec spec, Path path, Map<Path, Long> madeSizes) {
    if (spec.fileHandling().createSerialize()) {
      return madeSizes.computeIfAbsent(path, ExistingFiles::sizeOnDisk);
    }
    return Math.max(sizeOnDisk(path), madeSizes.getOrDefault(path, 0L));
  }

  /**
   * Records the size a clone's setup leaves {@code path} at, for the setups after it: what fio's
   * {@code extend_file} makes of a file that must grow from {@code existing} to {@code end}. A job
   * set up when it starts ({@code create_serialize=0}) comes after every other setup and records
   * nothing.
   */
  static void laidOut(JobSpec spec, Path path, long existing, long end, Map<Path, Long> sizes) {
    if (spec.fileHandling().createSerialize()) {
      sizes.put(path, afterLayout(spec, existing, end));
    }
  }

  static long afterLayout(JobSpec spec, long existing, long end) {
    FileHandling files = spec.fileHandling();
    if (end <= existing
        || files.createOnOpen()
        || spec.ioEngine() == IoEngine.NULL
        || spec.ioEngine() == IoEngine.FILECREATE) {
      return existing; // no layout: fio's FIO_DISKLESSIO engines, or the open creates it later
    }
    if (spec.rw().reads() || (spec.rw().writes() && files.overwrite())) {
      return end; // laid out in full
    }
    boolean unlinked = spec.rw().writes(); // a trim job's file is kept, a writing job's made anew
    if (files.fillDevice()) {
      return unlinked ? 0 : existing; // fio's fallocate_file does nothing under fill_device
    }
    return switch (spec.fallocate()) {
      case NATIVE, POSIX, TRUNCATE -> end;
      case KEEP, NONE -> unlinked ? 0 : existing;
    };
  }

  /**
   * The clone's regions of its files when the job gives neither {@code size} nor {@code filesize}:
   * each file from the clone's offset to its end, as fio's {@code setup_files} sets {@code io_size}
   * to {@code real_file_size - file_offset}; refused where fio refuses the job.
   */
  static List<IoFile> regions(JobSpec spec, int clone, Path directory, Map<Path, Long> madeSizes) {
    List<Path> paths = paths(spec, clone, directory);
    long[] sizes = new long[paths.size()];
    boolean[] missing = new boolean[paths.size()];
    long total = 0;
    for (int i = 0; i < paths.size(); i++) {
      // made: by an earlier job's setup (fio's up-front ones) or on the disk
      missing[i] = !madeSizes.containsKey(paths.get(i)) && !exists(paths.get(i));
      sizes[i] = sizeAtSetup(spec, paths.get(i), madeSizes);
      total += sizes[i];
    }
    if (total == 0) {
      throw new InvalidInputException(
          "job '"
              + spec.name()
              + "' gives neither size nor filesize, and its "
              + names(paths)
              + (paths.size() > 1 ? " are" : " is")
              + " empty or missing when it is set up"
              + (spec.fileHandling().createSerialize()
                  ? " (with create_serialize=1, fio's default, before any job has run)"
                  : "")
              + "; give a size, e.g. size=256m"
              + (spec.fileHandling().createSerialize()
                  ? ", or set create_serialize=0 on it so that it finds what the jobs before it wrote"
                  : "")
              + " (fio: 'you need to specify size=')");
    }
    List<IoFile> files = new ArrayList<>();
    int unit = BlockSizes.minBlockSize(spec);
    for (int i = 0; i < paths.size(); i++) {
      Path path = paths.get(i);
      if (missing[i] && spec.rw().reads()) {
        throw new InvalidInputException(
            "job '"
                + spec.name()
                + "' gives no size and reads "
                + path.getFileName()
                + ", which no job before it makes (fio: 'file "
                + path.getFileName()
                + " may be ignored', then its open fails with ENOENT); give a size, or nrfiles"
                + " or filename for the files that exist");
      }
      long start = spec.offsets().startIn(sizes[i], clone, unit);
      if (start > sizes[i]) {
        throw new InvalidInputException(
            startsPastEnd(spec, clone, start)
                + path.getFileName()
                + " ("
                + sizes[i]
                + " bytes when it is set up), and the job gives no size; give a smaller offset or a"
                + " size (fio: 'you need to specify valid offset=')");
      }
      if (start == sizes[i]) {
        LOG.info("job '{}': file {} may be ignored (nothing after its offset)", spec.name(), path);
      }
      files.add(new IoFile(path, sizes[i], start, sizes[i], clone));
    }
    return files;
  }

  /**
   * Refuses, before anything runs, a job without a size none of whose files a job before it names:
   * fsbench starts every run in an empty directory, so it would find nothing to take a size from.
   */
  static void requireMade(List<JobFile.Job> jobs, Path directory) {
    Set<Path> named = new HashSet<>();
    for (JobFile.Job job : jobs) {
      JobSpec spec = job.spec();
      List<Path> paths = new ArrayList<>();
      for (int clone = 0; clone < spec.numJobs(); clone++) {
        paths.addAll(paths(spec, clone, directory));
      }
      if (spec.sizeFromFiles() && paths.stream().noneMatch(named::contains)) {
        throw new InvalidInputException(
            "job '"
                + spec.name()
                + "' gives neither size nor filesize, and no job before it names its "
                + names(paths(spec, 0, directory))
                + ": fsbench starts each run in an empty directory, so there is no file to take"
                + " its size from; give a size, e.g. size=256m, or name with filename= a file an"
                + " earlier job writes (fio: 'you need to specify size=')");
      }
      named.addAll(paths);
    }
  }

  private static List<Path> paths(JobSpec spec, int clone, Path directory) {
    List<Path> paths = new ArrayList<>();
    if (!spec.fileName().isEmpty()) {
      for (String name : spec.fileName().split(":")) {
        paths.add(CloneFiles.sharedPath(directory, name, spec));
      }
      return paths;
    }
    for (int i = 0; i < spec.nrFiles(); i++) {
      paths.add(IoFiles.path(directory, spec, clone, i));
    }
    return paths;
  }

  private static String names(List<Path> paths) {
    List<String> names = paths.stream().map(p -> p.getFileName().toString()).toList();
    return (names.size() > 1 ? "files " : "file ") + String.join(", ", names);
  }

  private static boolean exists(Path path) {
    return Files.exists(path, LinkOption.NOFOLLOW_LINKS);
  }

  static long sizeOnDisk(Path path) {
    try {
      return Files.isRegularFile(path) ? Files.size(path) : 0;
    } catch (IOException e) {
      return 0; // fio's stat failure leaves the size at zero as well
    }
  }

  /** The start of a refusal of a clone whose offset lies past its file's end. */
  static String startsPastEnd(JobSpec spec, int clone, long start) {
    return "job '"
        + spec.name()
        + "': clone "
        + clone
        + " would start at offset "
        + start
        + ", past the end of ";
  }
}
