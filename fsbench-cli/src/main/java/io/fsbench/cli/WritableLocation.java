package io.fsbench.cli;

import io.fsbench.api.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * A place a result is to be written, checked before anything runs and without making anything: a
 * report directory ({@code --out}) or a result file ({@code --output}). A check that passes means
 * the write at the end can be made by this user: the place is writable or, when it does not exist
 * yet, its nearest existing parent is a writable directory.
 *
 * @param option the option that named it, for messages
 * @param path where to write
 * @param directory whether a directory (else a file) is to be there
 */
record WritableLocation(String option, Path path, boolean directory) {

  static WritableLocation reportDirectory(String option, Path path) {
    return new WritableLocation(option, path, true);
  }

  static WritableLocation resultFile(String option, Path path) {
    return new WritableLocation(option, path, false);
  }

  /** Refuses a place that cannot be written, naming it and saying what to do. */
  void check() {
    if (path.toString().isBlank()) {
      throw refused("is empty");
    }
    Path absolute = path.toAbsolutePath().normalize();
    if (Files.exists(absolute)) {
      checkExisting(absolute);
      return;
    }
    Path parent = absolute.getParent();
    while (parent != null && !Files.exists(parent)) {
      parent = parent.getParent();
    }
    if (parent == null || !Files.isDirectory(parent)) {
      throw refused("cannot be made: " + parent + " is not a directory");
    }
    if (!Files.isWritable(parent)) {
      throw refused("cannot be made: " + parent + " is not writable by this user");
    }
  }

  private void checkExisting(Path absolute) {
    if (directory && !Files.isDirectory(absolute)) {
      throw refused("is a file, not a directory");
    }
    if (!directory && Files.isDirectory(absolute)) {
      throw refused("is a directory, not a file");
    }
    if (!directory && !Files.isRegularFile(absolute, LinkOption.NOFOLLOW_LINKS)) {
      throw refused("is not a regular file");
    }
    if (!Files.isWritable(absolute)) {
      throw refused("is not writable by this user");
    }
  }

  private InvalidInputException refused(String why) {
    return new InvalidInputException(
        option
            + " ("
            + path
            + ") "
            + why
            + "; give a writable "
            + (directory ? "directory" : "file")
            + " (checked before anything runs, so that no result is lost)");
  }
}
