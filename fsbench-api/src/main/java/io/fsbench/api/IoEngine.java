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
  NULL;

  /** Parses fio's engine names; engines fsbench does not implement are refused by name. */
  public static IoEngine parse(String text) {
    String s = text.strip().toLowerCase(Locale.ROOT);
    return switch (s) {
      case "auto" -> AUTO;
      case "sync", "psync", "pvsync", "pvsync2", "vsync" -> PSYNC;
      case "io_uring" -> IO_URING;
      case "libaio" -> LIBAIO;
      case "null" -> NULL;
      default ->
          throw new InvalidInputException(
              "ioengine ("
                  + text
                  + ") is not supported; fsbench's engine offers sync, psync, pvsync, libaio,"
                  + " io_uring and null");
    };
  }

  /** Whether this engine can keep more than one I/O in flight. */
  public boolean isAsync() {
    return this == IO_URING || this == LIBAIO;
  }
}
