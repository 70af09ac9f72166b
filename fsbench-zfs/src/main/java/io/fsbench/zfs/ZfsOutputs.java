package io.fsbench.zfs;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads what the ZFS tools print. */
final class ZfsOutputs {

  /** {@code zfs-2.2.2-0ubuntu9} and {@code zfs-kmod-2.2.2-0ubuntu9} from {@code zfs version}. */
  private static final Pattern OPENZFS_VERSION = Pattern.compile("^(zfs(?:-kmod)?)-(\\d\\S*)$");

  /** {@code This system is currently running ZFS pool version 23.} */
  private static final Pattern POOL_VERSION = Pattern.compile("ZFS pool version (\\d+)");

  /** A version a program states about itself, e.g. {@code zfs-fuse version 0.7.0}. */
  private static final Pattern STATED_VERSION =
      Pattern.compile("(?i)\\bversion:?\\s+v?(\\d+\\.\\d+[\\w.+~-]*)");

  private ZfsOutputs() {}

  /** {@code zfs get -H -p -o property,value ...}: one tab-separated pair a line. */
  static Map<String, String> datasetProperties(String zfsGet) {
    Map<String, String> properties = new LinkedHashMap<>();
    for (String line : zfsGet.lines().toList()) {
      String[] pair = line.split("\t", 2);
      if (pair.length == 2) {
        properties.put(pair[0].strip(), pair[1].strip());
      }
    }
    return properties;
  }

  /**
   * {@code zpool get PROPS POOL} as a table with a header, as zfs-fuse prints it (it has no {@code
   * -H}); OpenZFS prints the same without {@code -H}. Values hold no spaces.
   */
  static Map<String, String> poolProperties(String zpoolGet) {
    Map<String, String> properties = new LinkedHashMap<>();
    for (String line : zpoolGet.lines().toList()) {
      String[] f = line.strip().split("\\s+");
      if (f.length >= 3 && !(f[0].equals("NAME") && f[1].equals("PROPERTY"))) {
        properties.put(f[1], f[2]);
      }
    }
    return properties;
  }

  /** {@code zfs -> 2.2.2-0ubuntu9}, {@code zfs-kmod -> ...} from {@code zfs version}. */
  static Map<String, String> openZfsVersions(String zfsVersion) {
    Map<String, String> versions = new LinkedHashMap<>();
    for (String line : zfsVersion.lines().toList()) {
      Matcher m = OPENZFS_VERSION.matcher(line.strip());
      if (m.matches()) {
        versions.put(m.group(1), m.group(2));
      }
    }
    return versions;
  }

  static Optional<String> poolVersion(String zpoolUpgradeV) {
    Matcher m = POOL_VERSION.matcher(zpoolUpgradeV);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }

  static Optional<String> statedVersion(String output) {
    Matcher m = STATED_VERSION.matcher(output);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }
}
