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

  // What the command line needs beyond the public API: job files and fio's flags, the report's
  // I/O error text, the volumes open at Ctrl-C; and, for its fio/C-tool benchmark harness (to
  // move to a module of its own), the engines and runners it drives directly; its tests check
  // flags against fio's option table (report.fio).
  exports io.fsbench.core.host to
      io.fsbench.cli;
  exports io.fsbench.core.jobfile to
      io.fsbench.cli;
  exports io.fsbench.core.volume to
      io.fsbench.cli;
  exports io.fsbench.core.engine to
      io.fsbench.cli;
  exports io.fsbench.core.engine.block to
      io.fsbench.cli;
  exports io.fsbench.core.nativeio to
      io.fsbench.cli;
  exports io.fsbench.core.report.fio to
      io.fsbench.cli;
  exports io.fsbench.core.workload.bonnie to
      io.fsbench.cli;
  exports io.fsbench.core.workload.dd to
      io.fsbench.cli;
  exports io.fsbench.core.workload.iozone to
      io.fsbench.cli;
  exports io.fsbench.core.workload.metadata to
      io.fsbench.cli;
  exports io.fsbench.core.workload.postmark to
      io.fsbench.cli;
  exports io.fsbench.core.workload.randomio to
      io.fsbench.cli;
  exports io.fsbench.core.workload.tree to
      io.fsbench.cli;

  uses io.fsbench.spi.FileSystemPlugin;
}
