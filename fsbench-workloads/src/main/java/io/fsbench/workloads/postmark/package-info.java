/**
 * PostMark 1.53 ({@link io.fsbench.api.PostMarkSpec}): {@link
 * io.fsbench.workloads.postmark.PostMarkRunner} reproduces PostMark's algorithm, random sequence
 * and report fields, with nanosecond timing and stdio's buffering emulated call for call. Internal:
 * exported only to the command line and the compatibility kit.
 */
package io.fsbench.workloads.postmark;
