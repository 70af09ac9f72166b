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

  exports io.fsbench;

  // Each internal package only to the modules that use it. The command line: job files and fio's
  // flags, the report's I/O error text, the volumes open at Ctrl-C. The fio/C-tool benchmark
  // harness (fsbench-bench, unpublished): job files, and the engines, native I/O and runners it
  // drives directly.
  // I/O errors in words, for the command line's and the tree workload's messages.
  exports io.fsbench.core.text to
      io.fsbench.cli,
      io.fsbench.workloads;
  // A filebench personality's runtime= is read as fio reads a time.
  exports io.fsbench.core.jobfile to
      io.fsbench.cli,
      io.fsbench.filebench,
      io.fsbench.cluster,
      io.fsbench.bench;
  // The tree workload removes what it made with the volume's secure tree removal.
  exports io.fsbench.core.volume to
      io.fsbench.cli,
      io.fsbench.workloads,
      io.fsbench.bench;
  // The built-in workload families implement the runner interface here and run on core's native
  // I/O and latency recorders; they live in modules of their own above core, so these packages are
  // open to them by name. (A workload-family SPI in the API replaces this for third parties.)
  exports io.fsbench.core.engine to
      io.fsbench.workloads,
      io.fsbench.filebench,
      io.fsbench.bench;
  exports io.fsbench.core.engine.block to
      io.fsbench.bench;
  exports io.fsbench.core.nativeio to
      io.fsbench.workloads,
      io.fsbench.filebench,
      io.fsbench.bench;
  // fsbench-cluster merges the clients' latency histograms with fio's percentile arithmetic; the
  // families record latencies with the engine's recorders.
  exports io.fsbench.core.stats to
      io.fsbench.cluster,
      io.fsbench.workloads,
      io.fsbench.filebench;
  // fsbench-cluster records a comparison of cluster runs with the recorder a local one uses, so
  // that statistics, ratios and warnings have one home.
  exports io.fsbench.core.compare to
      io.fsbench.cluster;

  uses io.fsbench.spi.FileSystemPlugin;
  // The workload families: fsbench-workloads, fsbench-filebench, and any a jar adds.
  uses io.fsbench.core.engine.WorkloadRunner;
}
