/**
 * filebench's workload language ({@code .f} files: filesets, processes, threads, flowops) and
 * fsbench's own personalities, as one workload family registered with ServiceLoader.
 */
module io.fsbench.filebench {
  requires io.fsbench.api;
  requires io.fsbench.core;
  requires com.fasterxml.jackson.core;
  requires com.fasterxml.jackson.databind;

  // The command line sizes a volume for a script and names the shipped personalities; the cluster
  // checks a script before contacting agents; the harness compares runs with filebench's own.
  exports io.fsbench.filebench to
      io.fsbench.cli,
      io.fsbench.cluster,
      io.fsbench.bench;

  provides io.fsbench.core.engine.WorkloadRunner with
      io.fsbench.filebench.FilebenchRunner;
}
