/**
 * fsbench against the reference tools — fio, bonnie++, GNU dd and tar, fs_mark, PostMark: the
 * differential harnesses and the ratio benchmarks that the scripts in {@code bench/} run. Not
 * published; it exports nothing.
 */
module io.fsbench.bench {
  requires io.fsbench.workloads;
  requires io.fsbench.filebench;
  requires io.fsbench.cli;
  requires io.fsbench.core;
  requires com.fasterxml.jackson.databind;
}
