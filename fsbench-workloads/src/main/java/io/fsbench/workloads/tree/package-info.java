/**
 * Whole-tree and large-file workloads ({@link io.fsbench.api.TreeSpec}, {@link
 * io.fsbench.api.LargeFileSpec}): extract, walk, find, archive, copy, re-copy and remove a
 * source-like tree, and copy a large file, each timed with or without a final sync. Extraction and
 * removal never write or delete outside the workload's directory. Internal: exported only to the
 * command line and the compatibility kit.
 */
package io.fsbench.workloads.tree;
