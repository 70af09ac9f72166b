package io.fsbench.api;

/**
 * The state of the page cache when a measured run starts. Results depend on it by orders of
 * magnitude, so a comparison states it and every report prints it.
 */
public enum CacheState {
  /**
   * Cold: the page cache, dentries and inodes are dropped ({@code drop_caches=3}) before each run.
   */
  COLD_DROP_CACHES("cold (caches dropped before each run)"),
  /** Cold: the filesystem is unmounted and mounted again before each run. */
  COLD_REMOUNT("cold (remounted before each run)"),
  /** Warm: one warm-up run per cell is made first and discarded. */
  WARM("warm (one discarded warm-up run per cell)");

  private final String label;

  CacheState(String label) {
    this.label = label;
  }

  /** A short human description for reports. */
  public String label() {
    return label;
  }

  public boolean isCold() {
    return this != WARM;
  }
}
