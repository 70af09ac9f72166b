/**
 * The iozone family: IOzone 3.414's file tests (write/rewrite, read/reread, random, backwards,
 * record rewrite, strided, stdio and positional), its -a matrix and its throughput mode.
 */
package io.fsbench.workloads.iozone;
