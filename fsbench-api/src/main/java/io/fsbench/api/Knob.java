package io.fsbench.api;

/**
 * The typed, common tuning knobs. Each has the key used on the command line ({@code --tune
 * atime=off}) and in reports. Filesystem-specific options that have no common meaning live in
 * {@link Tuning#options()} instead.
 */
public enum Knob {
  ATIME("atime"),
  DIRATIME("diratime"),
  JOURNAL("journal"),
  DATA_MODE("data"),
  BARRIERS("barriers"),
  COMPRESSION("compression"),
  COPY_ON_WRITE("cow"),
  BLOCK_SIZE("blocksize"),
  RECORD_SIZE("recordsize"),
  SYNC_WRITES("sync"),
  MKFS_OPTIONS("mkfs-options"),
  MOUNT_OPTIONS("mount-options");

  private final String key;

  Knob(String key) {
    this.key = key;
  }

  public String key() {
    return key;
  }
}
