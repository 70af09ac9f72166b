/**
 * Runnable examples of fsbench, numbered in reading order, and a third-party filesystem plugin
 * ({@link io.fsbench.examples.Ext2Plugin}) as a template for plugin authors.
 */
module io.fsbench.examples {
  requires io.fsbench.core;

  exports io.fsbench.examples;

  provides io.fsbench.spi.FileSystemPlugin with
      io.fsbench.examples.Ext2Plugin;
}
