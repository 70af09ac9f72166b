package io.fsbench.core.engine.block;

import io.fsbench.api.Fallocate;
import io.fsbench.api.FileHandling;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.JobSpec;
import io.fsbench.core.nativeio.Advice;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativeFile;
import io.fsbench.core.nativeio.NativeIoException;
import io.fsbench.core.nativeio.NativePath;
import io.fsbench.core.nativeio.OpenFlag;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/** Creating, laying out, opening and invalidating a job's files, as fio's filesetup.c does. */
final class IoFiles {

  private static final int EINVAL = 22;
  private static final int EOPNOTSUPP = 95;

  private IoFiles() {}

  /**
   * Makes {@code file} exist at its full size, as fio's layout phase ({@code extend_file}): a file
   * big enough is reused; otherwise it is unlinked, created, and allocated per {@code fallocate}.
   * When the job reads (or {@code overwrite} is set) it is then truncated to its size, written in
   * full in blocks of the job's largest write size with write(2), each filled afresh, and synced
   * ({@code create_fsync}); a job that only writes starts from the allocated, empty file.
   */
  static void layOut(IoFile file, JobSpec spec, WriteContent content) throws IOException {
    FileHandling handling = spec.fileHandling();
    boolean exists = Files.exists(file.path, LinkOption.NOFOLLOW_LINKS);
    if (exists && Files.size(file.path) >= file.size) {
      return;
    }
    if (file.size == 0) {
      return; // a job without size sets up nothing for a missing file; a writer's open makes it
    }
    if (handling.createOnOpen()) {
      return; // the job's open creates it, as fio's create_on_open
    }
    if (!exists && !handling.allowCreate()) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "job '"
              + spec.name()
              + "': file "
              + file.name()
              + " does not exist and allow_file_create=0 forbids creating it (fio: file creation"
              + " disallowed); let an earlier job make it, or allow_file_create=1");
    }
    boolean fill = spec.rw().reads() || (spec.rw().writes() && handling.overwrite());
    if (!spec.rw().trims() || spec.rw().writes()) {
      unlinkAsFio(file.path); // fio's extend_file keeps a trim job's file: neither read nor written
    }
    Set<OpenFlag> flags = EnumSet.of(OpenFlag.WRITE);
    if (handling.allowCreate()) {
      flags.add(OpenFlag.CREATE);
    }
    if (fill) {
      flags.add(OpenFlag.TRUNCATE);
    }
    try (NativeFile f = NativeFile.open(file.path, flags)) {
      if (!handling.fillDevice()) { // fio neither truncates nor preallocates a file to fill
        allocate(f, spec.fallocate(), file.size);
      }
      if (fill) {
        write(f, file.size, spec, content);
      }
      // fio drops what the layout left in the page cache whatever `invalidate` says, so that a
      // job with invalidate=0 still starts without the layout's pages; through the engine's
      // invalidate hook, which filestat's and filedelete's make do nothing
      if (!spec.ioEngine().isFileOperation()) {
        dropLayoutPages(f, file);
      }
    }
  }

  private static void dropLayoutPages(NativeFile f, IoFile file) {
    try {
      f.fadvise(Advice.DONTNEED, 0, file.size);
    } catch (NativeIoException e) {
      // as fio: "cache invalidation failed" is reported, and the run goes on
      org.slf4j.LoggerFactory.getLogger(IoFiles.class)
          .warn("cache invalidation of {} after layout failed: {}", file.name(), e.getMessage());
    }
  }

  private static void write(NativeFile f, long size, JobSpec spec, WriteContent content)
      throws IOException {
    f.truncate(size);
    int chunk = (int) Math.min(largestWrite(spec), size);
    ByteBuffer buffer = AlignedBuffers.allocate(Math.max(chunk, 1));
    for (long left = size; left > 0; ) {
      buffer.clear();
      content.fill(buffer); // fio fills each block of the layout afresh (fill_io_buffer)
      buffer.clear().limit((int) Math.min(chunk, left));
      int n = f.write(buffer);
      if (n == 0) {
        throw new IOException("laying out " + f.path() + ": write(2) wrote nothing");
      }
      left -= n;
    }
    if (spec.fileHandling().createFsync()) {
      f.fsync();
    }
  }

  /** fio unlinks a file before laying it out, whether it is there or not (an unlink(2) call). */
  private static void unlinkAsFio(Path path) throws IOException {
    try {
      FileCalls.unlink(new NativePath().set(NativePath.encode(path)));
    } catch (NoSuchFileException e) {
      // nothing to remove: the usual case in a fresh run directory
    }
  }

  /** fio's {@code max_bs[DDIR_WRITE]}: the layout's block size. */
  private static long largestWrite(JobSpec spec) {
    return spec.writeBlockSize().splits().stream()
        .mapToLong(split -> split.size().bytes())
        .max()
        .orElse(4096);
  }

  private static void allocate(NativeFile f, Fallocate mode, long size) throws NativeIoException {
    try {
      switch (mode) {
        case NATIVE -> f.fallocate(0, size, false);
        case KEEP -> f.fallocate(0, size, true);
        case POSIX -> f.posixFallocate(0, size);
        case TRUNCATE -> f.truncate(size);
        case NONE -> {}
      }
    } catch (NativeIoException e) {
      // fio's native mode falls back quietly where the filesystem has no fallocate (zfs-fuse)
      if (mode != Fallocate.NATIVE
          || (e.errno() != EOPNOTSUPP && e.errno() != EINVAL && e.errno() != 38)) {
        throw e;
      }
    }
  }

  /** Opens {@code file} for the job's directions, with O_DIRECT when the job asks for it. */
  static NativeFile open(IoFile file, JobSpec spec) throws NativeIoException {
    Set<OpenFlag> flags = EnumSet.noneOf(OpenFlag.class);
    boolean falloc = spec.ioEngine() == io.fsbench.api.IoEngine.FALLOC;
    boolean trims = spec.rw().trims();
    if (spec.rw().writes() || falloc || trims) {
      // fio opens a writing or trimming job's files O_RDWR, falloc's always
      flags.add(OpenFlag.READ_WRITE);
    }
    if (falloc
        || (spec.fileHandling().allowCreate()
            && (spec.rw().writes() || spec.fileHandling().createOnOpen()))) {
      flags.add(OpenFlag.CREATE);
    }
    // falloc's own open_file takes O_CREAT|O_RDWR only; fio's generic open skips every flag but
    // O_RDWR for a trim job (its skip_flags)
    if (spec.direct() && !falloc && !trims) {
      flags.add(OpenFlag.DIRECT);
    }
    try {
      return NativeFile.open(file.path, flags);
    } catch (NativeIoException e) {
      if (spec.direct() && e.errno() == EINVAL) {
        throw new FsBenchException(
            FsBenchException.Kind.ENVIRONMENT,
            "job '"
                + spec.name()
                + "': this filesystem does not support direct I/O (O_DIRECT open of "
                + file.path
                + " failed with EINVAL); run with direct=0",
            e);
      }
      throw e;
    }
  }

  /**
   * Closes {@code file} and opens it again as fio's {@code td_io_open_file} does for a new pass or
   * a verify: invalidated unless {@code invalidate=0}, then given the fadvise hint.
   */
  static void reopen(IoFile file, JobSpec spec) throws NativeIoException {
    file.closed = false;
    file.descriptor.close();
    file.descriptor = open(file, spec);
    if (spec.invalidate()) {
      invalidate(file);
    }
    advise(file, spec);
  }

  /** Drops the file's clean pages from the page cache: posix_fadvise(DONTNEED), as fio does. */
  static void invalidate(IoFile file) throws NativeIoException {
    file.descriptor.fadvise(Advice.DONTNEED, 0, 0);
  }

  /**
   * Gives the kernel the job's access hint for the file (fio's {@code fadvise_hint}, on by
   * default): POSIX_FADV_RANDOM or SEQUENTIAL over the whole file.
   */
  static void advise(IoFile file, JobSpec spec) {
    Advice advice =
        switch (spec.fadviseHint()) {
          case NONE -> null;
          case BY_PATTERN -> spec.rw().isRandom() ? Advice.RANDOM : Advice.SEQUENTIAL;
          case SEQUENTIAL -> Advice.SEQUENTIAL;
          case RANDOM -> Advice.RANDOM;
        };
    if (advice != null) {
      try {
        file.descriptor.fadvise(advice, 0, 0);
      } catch (NativeIoException e) {
        // fio warns and goes on ("fadvise hint failed"): the hint is advice, the run is valid
        org.slf4j.LoggerFactory.getLogger(IoFiles.class)
            .warn("fadvise hint for {} failed: {}", file.name(), e.getMessage());
      }
    }
  }

  /**
   * The path of file {@code fileIndex} of clone {@code clone}, named as fio names it ({@code
   * filename_format}, by default {@code $jobname.$jobnum.$filenum}), always inside {@code
   * directory}.
   */
  static Path path(Path directory, JobSpec spec, int clone, int fileIndex) {
    String name = spec.fileHandling().fileName(spec.name(), clone, fileIndex);
    Path path = directory.resolve(name).normalize();
    if (name.isBlank() || !directory.normalize().equals(path.getParent())) {
      throw new InvalidInputException(
          "filename_format ("
              + spec.fileHandling().nameFormat()
              + ") of job '"
              + spec.name()
              + "' makes '"
              + name
              + "', which is not a plain file name; fsbench keeps a job's files in its own"
              + " directory");
    }
    return path;
  }
}
