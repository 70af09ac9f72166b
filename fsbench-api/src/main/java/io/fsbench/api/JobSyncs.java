package io.fsbench.api;

/**
 * When a job's writes are synced to the device: every N writes, at the end of the write phase, or
 * when a file is closed. One of the groups of a {@link JobSpec}; the builder's flat verbs fill it.
 *
 * <pre>{@code
 * JobSyncs syncs = JobSpec.seqWrite(Size.kib(64)).fdatasync(16).endFsync().build().syncs();
 * }</pre>
 *
 * @param fsync fsync after every N writes, 0 for never
 * @param fdatasync fdatasync after every N writes, 0 for never
 * @param endFsync fsync at the end of the write phase, inside the measured runtime
 * @param fsyncOnClose fsync when a file is closed
 */
public record JobSyncs(int fsync, int fdatasync, boolean endFsync, boolean fsyncOnClose) {

  public JobSyncs {
    JobSpecRules.range("fsync", fsync, 0, Integer.MAX_VALUE);
    JobSpecRules.range("fdatasync", fdatasync, 0, Integer.MAX_VALUE);
  }
}
