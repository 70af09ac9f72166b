package io.fsbench.api;

import java.util.Objects;

/**
 * A filesystem a comparison was asked for but could not run, with why and what to do.
 *
 * @param fileSystem the plugin id
 * @param reason why it was skipped, e.g. "mkfs.xfs not found"
 * @param hint what to do about it, e.g. "apt-get install xfsprogs"; empty when there is nothing to
 *     suggest
 */
public record SkippedFileSystem(String fileSystem, String reason, String hint) {

  public SkippedFileSystem {
    Objects.requireNonNull(fileSystem, "fileSystem");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(hint, "hint");
    if (fileSystem.isBlank()) {
      throw new IllegalArgumentException("a skipped filesystem needs its id");
    }
    if (reason.isBlank()) {
      throw new IllegalArgumentException("skipped filesystem " + fileSystem + " needs a reason");
    }
  }

  /** From a plugin's unavailability. */
  public static SkippedFileSystem of(String fileSystem, Availability availability) {
    if (availability.isAvailable()) {
      throw new IllegalArgumentException(
          fileSystem + " is available; only an unavailable filesystem is skipped");
    }
    return new SkippedFileSystem(fileSystem, availability.reason(), availability.hint());
  }
}
