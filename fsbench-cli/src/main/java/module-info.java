/** The {@code fsbench} command. */
module io.fsbench.cli {
  requires io.fsbench.filebench;
  requires io.fsbench.core;
  requires io.fsbench.cluster;
  requires info.picocli;
  requires com.fasterxml.jackson.databind;
  requires org.slf4j;
  requires java.xml;

  opens io.fsbench.cli to
      info.picocli;

  // the benchmark harness runs `fsbench fio` in process (FioDiff) and prints its tables
  exports io.fsbench.cli to
      io.fsbench.bench;
}
