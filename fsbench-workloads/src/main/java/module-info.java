/**
 * The workload families beside the block engine, one package each: fs_mark ({@code fsmark}),
 * PostMark, the tree and large-file workloads, the filesystem lifecycle, dd, randomio, bonnie++,
 * IOzone and aging. Pieces two or more families share (the syncer, stdio's buffering, drand48, the
 * warm-up directory) are in {@code io.fsbench.workloads.common}; families reach each other only
 * through it. Each family is registered once, below, and core finds it with ServiceLoader.
 */
module io.fsbench.workloads {
  requires io.fsbench.api;
  requires io.fsbench.core;
  requires org.apache.commons.compress;

  // The reference-tool harnesses (fsbench-bench, unpublished) drive the runners directly.
  exports io.fsbench.workloads.aging to
      io.fsbench.bench;
  exports io.fsbench.workloads.bonnie to
      io.fsbench.bench;
  exports io.fsbench.workloads.dd to
      io.fsbench.bench;
  exports io.fsbench.workloads.iozone to
      io.fsbench.bench;
  exports io.fsbench.workloads.fsmark to
      io.fsbench.bench;
  exports io.fsbench.workloads.postmark to
      io.fsbench.bench;
  exports io.fsbench.workloads.tree to
      io.fsbench.bench;
  exports io.fsbench.workloads.common to
      io.fsbench.bench;

  provides io.fsbench.core.engine.WorkloadRunner with
      io.fsbench.workloads.fsmark.FsMarkRunner,
      io.fsbench.workloads.postmark.PostMarkRunner,
      io.fsbench.workloads.tree.TreeRunner,
      io.fsbench.workloads.tree.LargeFileRunner,
      io.fsbench.workloads.lifecycle.LifecycleRunner,
      io.fsbench.workloads.dd.DdRunner,
      io.fsbench.workloads.randomio.RandomIoRunner,
      io.fsbench.workloads.bonnie.BonnieRunner,
      io.fsbench.workloads.iozone.IozoneRunner,
      io.fsbench.workloads.aging.AgingRunner;
}
