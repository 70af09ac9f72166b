/**
 * The randomio family: dean gaudet's randomio 1.4, threads doing O_DIRECT random reads and writes
 * of one pre-filled file, sampled every few seconds.
 */
package io.fsbench.workloads.randomio;
