package io.fsbench.api;

import java.util.Locale;

/**
 * How a job submits I/O. fsbench has its own engine; these name its mechanisms after fio's engines
 * so that job files keep their meaning.
 */
public enum IoEngine {
  /** psync at depth 1, the asynchronous engine the kernel offers at depth above 1. */
  AUTO,
  /** One positional read or write per I/O, depth 1 (fio's sync, psync, pvsync). */
  PSYNC,
  /** io_uring, keeping {@code iodepth} I/Os in flight. */
  IO_URING,
  /** Linux native AIO (libaio), keeping {@code iodepth} I/Os in flight. */
  LIBAIO,
  /** fio's null engine: every I/O completes at once and no file is touched; measures overhead. */
  NULL,
  /**
   * fio's filecreate: opening each file (open(2) with O_CREAT|O_RDWR) is what is timed, as the clat
   * of the job's direction; the I/Os themselves do nothing and are only counted.
   */
  FILECREATE,
  /** fio's filestat: stat(2), lstat(2) or statx(2) of each file ({@link StatType}) is timed. */
  FILESTAT,
  /** fio's filedelete: unlink(2) of each file is timed; the files are laid out before. */
  FILEDELETE,
  /** fio's ftruncate: each write truncates the file to the write's offset; reads fail. */
  FTRUNCATE,
  /**
   * fio's falloc: each write is fallocate(2) of its range, each read fallocate with
   * FALLOC_FL_KEEP_SIZE.
   */
  FALLOC;

  /** Parses fio's engine names; engines fsbench does not implement are refused by name. */
  public static IoEngine parse(String text) {
    String s = text.strip().toLowerCase(Locale.ROOT);
    return switch (s) {
      case "auto" -> AUTO;
      case "sync", "psync", "pvsync", "pvsync2", "vsync" -> PSYNC;
      case "io_uring" -> IO_URING;
      case "libaio" -> LIBAIO;
      case "null" -> NULL;
      case "filecreate" -> FILECREATE;
      case "filestat" -> FILESTAT;
      case "filedelete" -> FILEDELETE;
      case "ftruncate" -> FTRUNCATE;
      case "falloc" -> FALLOC;
      default ->
          throw new InvalidInputException(
              "ioengine ("
                  + text
                  + ") is not supported; fsbench's engine offers sync, psync, pvsync, libaio,"
                  + " io_uring, null, filecreate, filestat, filedelete, ftruncate and falloc");
    };
  }

  /**
   * Whether this engine's work is an operation on each file when it is opened (create, stat,
   * delete), timed as the clat of the job's direction, while its I/Os do nothing and are only
   * counted, as fio's FIO_FAKEIO|FIO_NOSTATS engines.
   */
  public boolean isFileOperation() {
    return this == FILECREATE || this == FILESTAT || this == FILEDELETE;
  }

  /** Whether this engine does one system call per I/O at depth 1 only, as fio's sync engines. */
  public boolean isSynchronousOnly() {
    return this == PSYNC || this == FTRUNCATE || this == FALLOC || isFileOperation();
  }

  /** Whether this engine can keep more than one I/O in flight. */
  public boolean isAsync() {
    return this == IO_URING || this == LIBAIO;
  }
}
