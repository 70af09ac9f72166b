/**
 * fsbench's engine: the {@link io.fsbench.FsBench} entry point and fluent API, and internal
 * packages for volumes, native I/O, statistics and reports.
 */
module io.fsbench.core {
  requires transitive io.fsbench.api;
  requires com.sun.jna;
  requires com.sun.jna.platform;
  requires org.slf4j;
  requires com.fasterxml.jackson.databind;
  requires commons.math3;
  requires jdk.unsupported;
  requires org.apache.commons.compress;

  exports io.fsbench;

  // Each internal package only to the modules that use it. The command line: job files and fio's
  // flags, the report's I/O error text, the volumes open at Ctrl-C. The fio/C-tool benchmark
  // harness (fsbench-bench, unpublished): job files, and the engines, native I/O and runners it
  // drives directly.
  exports io.fsbench.core.host to
      io.fsbench.cli;
  exports io.fsbench.core.jobfile to
      io.fsbench.cli,
      io.fsbench.cluster,
      io.fsbench.bench;
  exports io.fsbench.core.volume to
      io.fsbench.cli,
      io.fsbench.bench;
  exports io.fsbench.core.engine to
      io.fsbench.bench;
  exports io.fsbench.core.engine.block to
      io.fsbench.bench;
  exports io.fsbench.core.nativeio to
      io.fsbench.bench;
  exports io.fsbench.core.workload.filebench to
      io.fsbench.cli,
      io.fsbench.cluster,
      io.fsbench.bench;
  exports io.fsbench.core.workload.aging to
      io.fsbench.bench;
  exports io.fsbench.core.workload.bonnie to
      io.fsbench.bench;
  exports io.fsbench.core.workload.dd to
      io.fsbench.bench;
  exports io.fsbench.core.workload.iozone to
      io.fsbench.bench;
  exports io.fsbench.core.workload.metadata to
      io.fsbench.bench;
  exports io.fsbench.core.workload.postmark to
      io.fsbench.bench;
  exports io.fsbench.core.workload.tree to
      io.fsbench.bench;
  // fsbench-cluster merges the clients' latency histograms with fio's percentile arithmetic.
  exports io.fsbench.core.stats to
      io.fsbench.cluster;
  // fsbench-cluster records a comparison of cluster runs with the recorder a local one uses, so
  // that statistics, ratios and warnings have one home.
  exports io.fsbench.core.compare to
      io.fsbench.cluster;

  uses io.fsbench.spi.FileSystemPlugin;
}
