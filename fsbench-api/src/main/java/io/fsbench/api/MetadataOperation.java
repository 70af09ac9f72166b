package io.fsbench.api;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One phase of the {@link FsMarkSpec metadata workload}. Phases always run in this order, each over
 * every file, so a stat or a read always finds the file that the create phase made.
 */
public enum MetadataOperation {
  /** fs_mark's write loop: open(O_CREAT|O_RDWR|O_TRUNC), write in chunks, optional fsync, close. */
  CREATE,
  /** lstat(2) of each file. */
  STAT,
  /** open(O_RDONLY), read the whole file in write-chunk-sized reads, close. */
  READ,
  /** rename(2) of each file to a new name in the same directory. */
  RENAME,
  /** unlink(2) of each file; fs_mark's cleanup, which it times but leaves out of files/sec. */
  DELETE;

  /** The name used in parameters and metric names, e.g. {@code create}. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static MetadataOperation parse(String text) {
    for (MetadataOperation op : values()) {
      if (op.key().equals(text.strip().toLowerCase(Locale.ROOT))) {
        return op;
      }
    }
    throw new InvalidInputException(
        "metadata operation ("
            + text
            + ") is not one of "
            + Arrays.stream(values())
                .map(MetadataOperation::key)
                .collect(Collectors.joining(", ")));
  }
}
