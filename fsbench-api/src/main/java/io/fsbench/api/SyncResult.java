package io.fsbench.api;

import java.util.Objects;

/**
 * The fsync/fdatasync calls of a job (fio's {@code sync} object).
 *
 * @param totalIos how many sync calls were issued
 * @param lat how long each took, from issue to return
 */
public record SyncResult(long totalIos, LatencyResult lat) {

  /** A job that never synced. */
  public static final SyncResult NONE = new SyncResult(0, LatencyResult.NONE);

  public SyncResult {
    Objects.requireNonNull(lat, "lat");
    if (totalIos < 0) {
      throw new IllegalArgumentException("sync total_ios (" + totalIos + ") must not be negative");
    }
  }
}
