package io.fsbench.workloads.aging;

import java.io.IOException;

/**
 * What aging does to a volume, one call per operation, with paths relative to the aging directory.
 * {@link VolumeChurn} does it to files; unit tests record it.
 */
interface Churn {

  void makeDirectory(String path) throws IOException;

  /** Creates a file of {@code size} bytes of data. */
  void create(String path, long size) throws IOException;

  /** Writes {@code size} bytes to {@code temporary} and renames it over {@code path}. */
  void replace(String path, String temporary, long size) throws IOException;

  void rename(String from, String to) throws IOException;

  void delete(String path) throws IOException;

  /** Syncs the filesystem (syncfs), so that its space figures are current. */
  void sync() throws IOException;

  /**
   * Syncs the filesystem and lets it finish what it defers (XFS frees deleted files' blocks in the
   * background, after a sync), so that its space figures are those the operations left: the
   * readings the aging's end decides by. A plain sync where there is nothing more to do.
   */
  default void quiesce() throws IOException {
    sync();
  }

  /** The filesystem's size in bytes, as statfs reports it. */
  long totalBytes() throws IOException;

  /** Its bytes in use (size less free), as statfs reports it. */
  long usedBytes() throws IOException;
}
