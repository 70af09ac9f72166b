package io.fsbench.filebench;

import java.util.Optional;

/** Filesets for the tests, with filebench's defaults for what they do not name. */
final class FilesetTestSpecs {

  private FilesetTestSpecs() {}

  static FilesetSpec fileset(
      long entries,
      long leafDirs,
      long dirWidth,
      long dirGamma,
      RandomVariable size,
      int prealloc) {
    return new FilesetSpec(
        "fsbench-set",
        "/tmp",
        false,
        entries,
        leafDirs,
        RandomVariable.constant(dirWidth),
        Optional.empty(),
        dirGamma,
        size,
        prealloc,
        false,
        false,
        false,
        false,
        false);
  }

  static FilesetSpec fileset(long entries, long dirWidth, int prealloc) {
    return fileset(entries, 0, dirWidth, 1500, RandomVariable.constant(1024), prealloc);
  }

  /** fileserver.f's sizes: {@code cvar(type=cvar-gamma,parameters=mean:M;gamma:1.5)}. */
  static RandomVariable gammaSizes(long mean, UniformSource drand48) {
    return Cvar.define(
        "filesize",
        "cvar-gamma",
        "mean:" + mean + ";gamma:1.5",
        null,
        null,
        null,
        UniformSource.seeded(1),
        drand48);
  }
}
