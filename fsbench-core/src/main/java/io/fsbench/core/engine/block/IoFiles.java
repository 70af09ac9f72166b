package io.fsbench.core.engine.block;

import io.fsbench.api.Fallocate;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.JobSpec;
import io.fsbench.api.VerifyMethod;
import io.fsbench.core.nativeio.Advice;
import io.fsbench.core.nativeio.AlignedBuffers;
import io.fsbench.core.nativeio.NativeFile;
import io.fsbench.core.nativeio.NativeIoException;
import io.fsbench.core.nativeio.OpenFlag;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/** Creating, laying out, opening and invalidating a job's files, as fio's filesetup.c does. */
final class IoFiles {

  private static final int EINVAL = 22;
  private static final int EOPNOTSUPP = 95;

  private IoFiles() {}

  /**
   * Makes {@code file} exist at its full size, as fio's layout phase: a missing or short file is
   * allocated per {@code fallocate} and extended; when the job reads it (or verifies) it is also
   * written in full, so that reads find data, then synced. A file already big enough is reused.
   */
  static void layOut(IoFile file, JobSpec spec, WriteContent content) throws IOException {
    long existing = Files.exists(file.path) ? Files.size(file.path) : -1;
    if (existing >= file.size) {
      return;
    }
    boolean fill = spec.rw().reads();
    try (NativeFile f = NativeFile.open(file.path, OpenFlag.WRITE, OpenFlag.CREATE)) {
      allocate(f, spec.fallocate(), file.size);
      if (spec.fallocate() != Fallocate.KEEP) {
        f.truncate(file.size);
      }
      if (fill) {
        int chunk = Math.max(IoGenerator.maxBlockSize(spec), 1 << 20);
        ByteBuffer buffer = AlignedBuffers.allocate(chunk);
        content.fill(buffer);
        for (long at = Math.max(existing, 0); at < file.size; ) {
          int length = (int) Math.min(chunk, file.size - at);
          buffer.clear().limit(length);
          at += f.pwrite(buffer, at);
        }
        f.fsync();
      }
    }
  }

  private static void allocate(NativeFile f, Fallocate mode, long size) throws NativeIoException {
    try {
      switch (mode) {
        case NATIVE -> f.fallocate(0, size, false);
        case KEEP -> f.fallocate(0, size, true);
        case POSIX -> f.posixFallocate(0, size);
        case TRUNCATE, NONE -> {}
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
    boolean reads = spec.rw().reads() || spec.verify() != VerifyMethod.NONE;
    if (spec.rw().writes()) {
      flags.add(reads ? OpenFlag.READ_WRITE : OpenFlag.WRITE);
      flags.add(OpenFlag.CREATE);
    }
    if (spec.direct()) {
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

  /** The path of file {@code fileIndex} of clone {@code clone}, named as fio names it. */
  static Path defaultPath(Path directory, String job, int clone, int fileIndex) {
    return directory.resolve(job + "." + clone + "." + fileIndex);
  }
}
