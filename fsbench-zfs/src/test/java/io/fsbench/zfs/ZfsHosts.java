package io.fsbench.zfs;

import io.fsbench.tck.FakeHost;
import io.fsbench.tck.Fixtures;

/**
 * Fake hosts with each ZFS the plugin tells apart, whose {@code zfs get} and {@code zpool get}
 * print the property tables captured from that ZFS (see README.txt beside the fixtures).
 */
final class ZfsHosts {

  private ZfsHosts() {}

  /** A zfs-fuse host: no zfs module, zfs-fuse installed, FUSE in the kernel, daemon answering. */
  static FakeHost zfsFuse() {
    FakeHost host =
        new FakeHost().kernel("6.18.44-fc-v595").kernelFileSystems("ext4", "fuse", "fuseblk");
    host.shell()
        .answer("zfs get", 2, "", fixture("zfs-fuse-zfs-get-usage.txt"))
        .answer("zpool get", 2, "", fixture("zfs-fuse-zpool-get-usage.txt"));
    return host;
  }

  /** An OpenZFS 2.3 host: the zfs module loaded. */
  static FakeHost openZfs() {
    FakeHost host =
        new FakeHost()
            .kernel("6.18.44-fc-v595")
            .kernelFileSystems("ext4", "zfs")
            .modulesLoaded("zfs");
    host.shell()
        .answer("zfs get", 2, "", fixture("openzfs-2.3-zfs-get-usage.txt"))
        .answer("zpool get", 2, "", fixture("openzfs-2.3-zpool-get-usage.txt"))
        .answer("cat /sys/module/zfs/parameters/zfs_max_recordsize", "16777216\n");
    return host;
  }

  /** A file from src/test/resources/io/fsbench/zfs (see README.txt there). */
  static String fixture(String name) {
    return Fixtures.text(ZfsHosts.class, name);
  }
}
