package io.fsbench.core.host;

import java.util.Map;

/** Which Debian package provides a tool, for "tool missing" hints. */
final class Packages {

  private static final Map<String, String> PACKAGE_OF =
      Map.ofEntries(
          Map.entry("mkfs.ext4", "e2fsprogs"),
          Map.entry("tune2fs", "e2fsprogs"),
          Map.entry("dumpe2fs", "e2fsprogs"),
          Map.entry("mkfs.xfs", "xfsprogs"),
          Map.entry("xfs_info", "xfsprogs"),
          Map.entry("mkfs.btrfs", "btrfs-progs"),
          Map.entry("btrfs", "btrfs-progs"),
          Map.entry("zpool", "zfs-fuse (or OpenZFS: zfsutils-linux)"),
          Map.entry("zfs", "zfs-fuse (or OpenZFS: zfsutils-linux)"),
          Map.entry("zfs-fuse", "zfs-fuse"),
          Map.entry("losetup", "mount"),
          Map.entry("mount", "mount"),
          Map.entry("umount", "mount"),
          Map.entry("blkid", "util-linux"),
          Map.entry("wipefs", "util-linux"),
          Map.entry("fio", "fio"),
          Map.entry("postmark", "postmark"),
          Map.entry("fs_mark", "fsmark"),
          Map.entry("tar", "tar"),
          Map.entry("chromium", "chromium"));

  private Packages() {}

  static String hint(String tool) {
    String name = tool.substring(tool.lastIndexOf('/') + 1);
    String pkg = PACKAGE_OF.get(name);
    return pkg == null
        ? "install the package that provides it, or put it on PATH"
        : "install it with: apt-get install " + pkg;
  }
}
