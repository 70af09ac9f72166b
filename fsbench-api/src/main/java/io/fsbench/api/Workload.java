package io.fsbench.api;

/**
 * Something fsbench can run on a volume: a block I/O {@link JobSpec}, or a metadata, small-file or
 * whole-tree workload. Every workload is an immutable spec with a name.
 */
public interface Workload {

  /** A short name for tables and file names, e.g. {@code seqwrite-128k}, {@code postmark}. */
  String name();
}
