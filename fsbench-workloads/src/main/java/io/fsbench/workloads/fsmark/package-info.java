/**
 * The fs_mark-like metadata workload ({@link io.fsbench.api.FsMarkSpec}): {@link
 * io.fsbench.workloads.fsmark.FsMarkRunner} creates, stats, reads, renames and deletes millions of
 * files with fs_mark's system calls and sync policies and keeps no state per file.
 *
 * <p>Also the injectable {@link io.fsbench.workloads.common.Syncer} the three workload packages
 * share; their calls go through {@link io.fsbench.core.nativeio.FileCalls}. Internal: exported only
 * to the command line and the compatibility kit.
 */
package io.fsbench.workloads.fsmark;
