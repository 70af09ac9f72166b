package io.fsbench.api;

import java.util.Locale;

/**
 * The access hint given to the kernel for each file when it is opened, fio's {@code fadvise_hint}
 * (on by default): it decides whether buffered reads get readahead, so it changes what buffered
 * random reads measure.
 */
public enum FadviseHint {
  /** No hint ({@code fadvise_hint=0}). */
  NONE,
  /** POSIX_FADV_RANDOM for random jobs, POSIX_FADV_SEQUENTIAL for the others (fio's default). */
  BY_PATTERN,
  /** POSIX_FADV_SEQUENTIAL. */
  SEQUENTIAL,
  /** POSIX_FADV_RANDOM. */
  RANDOM;

  public static FadviseHint parse(String text) {
    String s = text.strip().toLowerCase(Locale.ROOT);
    return switch (s) {
      case "0", "false", "off" -> NONE;
      case "1", "true", "on" -> BY_PATTERN;
      case "sequential" -> SEQUENTIAL;
      case "random" -> RANDOM;
      default ->
          throw new InvalidInputException(
              "fadvise_hint (" + text + ") is not one of 0, 1, sequential, random");
    };
  }

  /** As fio's job options print it. */
  public String fioValue() {
    return switch (this) {
      case NONE -> "0";
      case BY_PATTERN -> "1";
      case SEQUENTIAL -> "sequential";
      case RANDOM -> "random";
    };
  }
}
