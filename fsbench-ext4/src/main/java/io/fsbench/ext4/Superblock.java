package io.fsbench.ext4;

import io.fsbench.api.FsBenchException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The ext4 superblock as {@code dumpe2fs -h} (or {@code tune2fs -l}) prints it, reduced to the
 * fields that say how the filesystem was made. These become the volume's properties and are what
 * {@link Ext4ReadBack} maps back to knobs.
 */
final class Superblock {

  static final String FEATURES = "features";
  static final String BLOCK_SIZE = "block_size";
  static final String INODE_SIZE = "inode_size";
  static final String DEFAULT_MOUNT_OPTIONS = "default_mount_options";

  /** dumpe2fs's field names and the property names fsbench reports them under, in this order. */
  private static final Map<String, String> FIELDS = new LinkedHashMap<>();

  static {
    FIELDS.put("Filesystem volume name", "volume_name");
    FIELDS.put("Filesystem features", FEATURES);
    FIELDS.put("Default mount options", DEFAULT_MOUNT_OPTIONS);
    FIELDS.put("Block size", BLOCK_SIZE);
    FIELDS.put("Inode size", INODE_SIZE);
    FIELDS.put("Block count", "block_count");
    FIELDS.put("Inode count", "inode_count");
    FIELDS.put("Reserved block count", "reserved_block_count");
    FIELDS.put("Flex block group size", "flex_bg_size");
    FIELDS.put("Checksum type", "checksum_type");
    FIELDS.put("Journal features", "journal_features");
    FIELDS.put("Total journal size", "journal_size");
  }

  private Superblock() {}

  /**
   * Parses the {@code Name: value} lines of {@code dumpe2fs -h} or {@code tune2fs -l}.
   *
   * @throws FsBenchException when the output has no features or block size line, which means it is
   *     not an ext2/3/4 superblock listing
   */
  static Map<String, String> properties(String dumpe2fsOutput) {
    Map<String, String> properties = new LinkedHashMap<>();
    for (String line : dumpe2fsOutput.split("\n")) {
      int colon = line.indexOf(':');
      if (colon > 0) {
        String name = FIELDS.get(line.substring(0, colon).strip());
        if (name != null) {
          properties.put(name, line.substring(colon + 1).strip());
        }
      }
    }
    if (!properties.containsKey(FEATURES) || !properties.containsKey(BLOCK_SIZE)) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "dumpe2fs printed no 'Filesystem features' or 'Block size' line; is this an ext4"
              + " filesystem? Output was: "
              + dumpe2fsOutput.strip());
    }
    return properties;
  }

  /** The feature names in a properties map, e.g. {@code has_journal}, {@code metadata_csum}. */
  static List<String> features(Map<String, String> properties) {
    return words(properties.get(FEATURES));
  }

  /** The default mount options stored in the superblock ({@code tune2fs -o}). */
  static List<String> defaultMountOptions(Map<String, String> properties) {
    return words(properties.get(DEFAULT_MOUNT_OPTIONS));
  }

  static Optional<String> get(Map<String, String> properties, String name) {
    return Optional.ofNullable(properties.get(name));
  }

  private static List<String> words(String value) {
    if (value == null || value.equals("(none)")) {
      return List.of();
    }
    return Arrays.stream(value.split("\\s+")).filter(w -> !w.isEmpty()).toList();
  }
}
