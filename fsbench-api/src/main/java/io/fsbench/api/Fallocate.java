package io.fsbench.api;

import java.util.Locale;

/** How job files are preallocated before the run, fio's {@code fallocate=}. */
public enum Fallocate {
  /** fallocate(2) mode 0, falling back to writing when the filesystem lacks it. */
  NATIVE,
  /** posix_fallocate(3). */
  POSIX,
  /** fallocate(2) with FALLOC_FL_KEEP_SIZE. */
  KEEP,
  /** ftruncate(2) only: a sparse file. */
  TRUNCATE,
  /** Nothing; the layout phase writes the file. */
  NONE;

  public static Fallocate parse(String text) {
    String s = text.strip().toLowerCase(Locale.ROOT);
    return switch (s) {
      case "native" -> NATIVE;
      case "posix", "1" -> POSIX;
      case "keep" -> KEEP;
      case "truncate" -> TRUNCATE;
      case "none", "0" -> NONE;
      default ->
          throw new InvalidInputException(
              "fallocate (" + text + ") is not one of native, posix, keep, truncate, none");
    };
  }
}
