package io.fsbench.api;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How long one volume took to make, mount, unmount and mount again.
 *
 * @param workload the workload's name
 * @param mkfs making the filesystem (mkfs; for ZFS zpool create and zfs create)
 * @param mount the first mount
 * @param unmount unmounting it (for ZFS including the pool export)
 * @param remount mounting it again (for ZFS including the pool import)
 */
public record LifecycleResult(
    String workload, Duration mkfs, Duration mount, Duration unmount, Duration remount)
    implements WorkloadResult {

  public LifecycleResult {
    Objects.requireNonNull(workload, "workload");
    Objects.requireNonNull(mkfs, "mkfs");
    Objects.requireNonNull(mount, "mount");
    Objects.requireNonNull(unmount, "unmount");
    Objects.requireNonNull(remount, "remount");
  }

  @Override
  public List<Metric> metrics() {
    return List.of(
        Metric.of("mkfs.seconds", seconds(mkfs), Unit.SECONDS),
        Metric.of("mount.seconds", seconds(mount), Unit.SECONDS),
        Metric.of("unmount.seconds", seconds(unmount), Unit.SECONDS),
        Metric.of("remount.seconds", seconds(remount), Unit.SECONDS));
  }

  /** mkfs time: what "filesystem creation" rows in the classic comparisons show. */
  @Override
  public Metric headline() {
    return metrics().get(0);
  }

  /** Filesystem creation, mount and unmount: the classic comparisons' first three rows. */
  @Override
  public List<Metric> headlines() {
    return metrics().subList(0, 3);
  }

  private static double seconds(Duration d) {
    return d.toNanos() / 1e9;
  }
}
