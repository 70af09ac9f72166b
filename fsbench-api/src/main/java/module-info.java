/**
 * fsbench's public values and its plugin SPI.
 *
 * <p>{@code io.fsbench.api} holds what users see: sizes, tunings, targets, volumes, workload specs
 * and results. {@code io.fsbench.spi} holds what a filesystem plugin implements and what core hands
 * it. Both show JDK types only.
 */
module io.fsbench.api {
  // Nullness annotations for NullAway; not needed at run time.
  requires static org.jspecify;

  exports io.fsbench.api;
  exports io.fsbench.spi;
  exports io.fsbench.spi.support;

  uses io.fsbench.spi.FileSystemPlugin;
}
