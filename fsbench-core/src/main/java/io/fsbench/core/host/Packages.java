package io.fsbench.core.host;

import java.util.Map;

/**
 * Which Debian package provides a tool core itself runs, for "tool missing" hints. A filesystem's
 * own tools are not here: each plugin names what to install in its {@code availability}, which core
 * checks before it makes a volume, so their hints come from the plugin.
 */
final class Packages {

  static final Map<String, String> PACKAGE_OF =
      Map.ofEntries(
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
}
