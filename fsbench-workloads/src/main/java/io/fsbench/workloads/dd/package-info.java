/**
 * The dd family: GNU dd's sequential copy of one file, {@code if=/dev/zero of=FILE} or {@code
 * if=FILE of=/dev/null}, one read and one write per block, timed as dd times it.
 */
package io.fsbench.workloads.dd;
