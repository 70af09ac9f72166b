package io.fsbench.zfs;

import io.fsbench.spi.Host;
import io.fsbench.spi.support.Probes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The versions of the ZFS in use, from the software itself where it says. Never throws. */
final class ZfsVersions {

  static final String FUSE_UNKNOWN = "zfs-fuse (version unknown)";

  private ZfsVersions() {}

  static Map<String, String> of(Host host, Optional<ZfsFlavour> flavour) {
    Map<String, String> versions = new LinkedHashMap<>();
    if (flavour.isEmpty()) {
      versions.put("zfs", "not installed (" + ZfsPlugin.INSTALL_HINT + ")");
    } else if (flavour.get() == ZfsFlavour.OPENZFS) {
      versions.putAll(openZfs(host));
    } else {
      versions.put("zfs-fuse", zfsFuse(host));
      Probes.output(host, "zpool", "upgrade", "-v")
          .flatMap(ZfsOutputs::poolVersion)
          .ifPresent(v -> versions.put("zfs pool version", v));
    }
    return versions;
  }

  /** {@code zfs version} (OpenZFS 0.8+), else the module's own /sys/module/zfs/version. */
  private static Map<String, String> openZfs(Host host) {
    Map<String, String> versions =
        Probes.output(host, "zfs", "version").map(ZfsOutputs::openZfsVersions).orElse(Map.of());
    if (!versions.isEmpty()) {
      return versions;
    }
    return Map.of(
        "zfs-kmod",
        Probes.output(host, "cat", "/sys/module/zfs/version").map(String::strip).orElse("unknown"));
  }

  /**
   * zfs-fuse 0.7.0 prints no version of its own ({@code --help} has none); the package manager's
   * record is the next best source, and failing that the version is unknown.
   */
  private static String zfsFuse(Host host) {
    Optional<String> stated =
        Probes.output(host, "zfs-fuse", "--help").flatMap(ZfsOutputs::statedVersion);
    if (stated.isPresent()) {
      return stated.get();
    }
    return Probes.stdout(host, "dpkg-query", "-W", "-f=${Version}", "zfs-fuse")
        .map(String::strip)
        .filter(v -> !v.isEmpty())
        .map(v -> v + " (Debian package)")
        .orElse(FUSE_UNKNOWN);
  }
}
