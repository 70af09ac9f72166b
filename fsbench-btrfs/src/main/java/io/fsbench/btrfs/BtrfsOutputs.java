package io.fsbench.btrfs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads what the btrfs-progs tools print. */
final class BtrfsOutputs {

  static final String DATA_PROFILE = "data_profile";
  static final String METADATA_PROFILE = "metadata_profile";
  static final String SYSTEM_PROFILE = "system_profile";
  static final String MIXED = "mixed_block_groups";
  static final String SECTORSIZE = "sectorsize";
  static final String NODESIZE = "nodesize";
  static final String CSUM_TYPE = "csum_type";
  static final String LABEL = "label";
  static final String NUM_DEVICES = "num_devices";
  static final String INCOMPAT_FLAGS = "incompat_flags";
  static final String COMPAT_RO_FLAGS = "compat_ro_flags";

  /** {@code Data, DUP: total=107347968, used=0}; mixed filesystems say {@code Data+Metadata}. */
  private static final Pattern DF_LINE = Pattern.compile("^([A-Za-z+]+), ([A-Za-z0-9]+): .*");

  /** {@code csum_type\t\t1 (xxhash64)}. */
  private static final Pattern CSUM = Pattern.compile("\\d+ \\((\\w+)\\)");

  private static final Pattern FLAG = Pattern.compile("[A-Z][A-Z0-9_]+");
  private static final Pattern VERSION = Pattern.compile("v(\\d+(?:\\.\\d+)*)");

  private static final Set<String> SUPER_FIELDS =
      Set.of(SECTORSIZE, NODESIZE, LABEL, NUM_DEVICES, INCOMPAT_FLAGS, COMPAT_RO_FLAGS);

  private BtrfsOutputs() {}

  /**
   * The block group profiles in {@code btrfs filesystem df} output, lower-case as mkfs takes them:
   * {@code data_profile=dup}, {@code metadata_profile=single}, {@code system_profile=dup}.
   */
  static Map<String, String> profiles(String filesystemDf) {
    Map<String, String> profiles = new LinkedHashMap<>();
    for (String line : filesystemDf.lines().toList()) {
      Matcher m = DF_LINE.matcher(line.strip());
      if (!m.matches()) {
        continue;
      }
      String profile = m.group(2).toLowerCase(Locale.ROOT);
      switch (m.group(1)) {
        case "Data" -> profiles.put(DATA_PROFILE, profile);
        case "Metadata" -> profiles.put(METADATA_PROFILE, profile);
        case "System" -> profiles.put(SYSTEM_PROFILE, profile);
        case "Data+Metadata" -> {
          profiles.put(DATA_PROFILE, profile);
          profiles.put(METADATA_PROFILE, profile);
          profiles.put(MIXED, "yes");
        }
        default -> {} // GlobalReserve is memory, not a profile
      }
    }
    return profiles;
  }

  /**
   * The superblock fields fsbench records from {@code btrfs inspect-internal dump-super}: sector
   * and node size, checksum type ({@code crc32c}, {@code xxhash64}, {@code sha256}, {@code
   * blake2}), label, number of devices and the feature flags by name, comma-separated.
   */
  static Map<String, String> superblock(String dumpSuper) {
    Map<String, String> fields = new LinkedHashMap<>();
    String flagsOf = null;
    List<String> flags = new ArrayList<>();
    for (String line : dumpSuper.lines().toList()) {
      if (line.isBlank()) {
        continue;
      }
      if (Character.isWhitespace(line.charAt(0))) {
        if (flagsOf != null) {
          Matcher m = FLAG.matcher(line);
          while (m.find()) {
            flags.add(m.group());
          }
          fields.put(flagsOf, String.join(",", flags));
        }
        continue;
      }
      String[] kv = line.strip().split("\\s+", 2);
      String key = kv[0];
      String value = kv.length > 1 ? kv[1].strip() : "";
      flagsOf = key.endsWith("_flags") && SUPER_FIELDS.contains(key) ? key : null;
      flags = new ArrayList<>();
      if (key.equals(CSUM_TYPE)) {
        Matcher m = CSUM.matcher(value);
        fields.put(CSUM_TYPE, m.matches() ? m.group(1) : value);
      } else if (flagsOf != null) {
        fields.put(key, "");
      } else if (SUPER_FIELDS.contains(key)) {
        fields.put(key, value);
      }
    }
    return fields;
  }

  /** {@code 6.2} from {@code mkfs.btrfs, part of btrfs-progs v6.2}. */
  static Optional<String> version(String versionOutput) {
    Matcher m = VERSION.matcher(versionOutput);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }

  /** The name mkfs takes for a checksum type the superblock names: xxhash64 is {@code xxhash}. */
  static String checksumName(String csumType) {
    return switch (csumType) {
      case "xxhash64" -> "xxhash";
      case "blake2b" -> "blake2";
      default -> csumType;
    };
  }
}
