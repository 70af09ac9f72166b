package io.fsbench.api;

/**
 * Something fsbench can run on a volume: a block I/O {@link JobSpec}, or a metadata, small-file or
 * whole-tree workload. Every workload is an immutable spec with a name.
 *
 * <p>The kinds are closed: each has a runner in fsbench's core that owns how it runs, how much room
 * it needs and how its parameters print, so a new kind is added with its runner, not by an
 * embedder. Any kind may be renamed with {@link NamedWorkload}.
 */
public sealed interface Workload
    permits JobSpec,
        FsMarkSpec,
        PostMarkSpec,
        TreeSpec,
        LargeFileSpec,
        FileSystemLifecycle,
        DdSpec,
        RandomIoSpec,
        BonnieSpec,
        IozoneSpec,
        FilebenchSpec,
        AgingSpec,
        NamedWorkload {

  /** A short name for tables and file names, e.g. {@code seqwrite-128k}, {@code postmark}. */
  String name();

  /**
   * The spec that runs: this one, or for a {@link NamedWorkload} the spec under its name(s). Core
   * finds a workload's runner by the class of this spec.
   */
  default Workload spec() {
    return this;
  }
}
