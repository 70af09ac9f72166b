package io.fsbench.xfs;

import io.fsbench.api.FsBenchException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The geometry {@code xfs_info} (and {@code mkfs.xfs}) prints, as properties named {@code
 * section.key}: {@code meta-data.crc}, {@code meta-data.reflink}, {@code data.bsize}, {@code
 * log.blocks}, ...; a section's own value is under its name ({@code log = internal log}).
 */
final class XfsInfo {

  static final String CRC = "meta-data.crc";
  static final String REFLINK = "meta-data.reflink";
  static final String BLOCK_SIZE = "data.bsize";
  static final String LOG_BLOCK_SIZE = "log.bsize";
  static final String LOG_BLOCKS = "log.blocks";

  private static final Pattern SECTION = Pattern.compile("^([a-z][a-z-]*)\\s*=(.*)$");
  private static final Pattern CONTINUATION = Pattern.compile("^\\s+=(.*)$");
  private static final Pattern PAIR = Pattern.compile("([a-z][a-z0-9-]*)=([^\\s,]+)");

  private XfsInfo() {}

  /**
   * Parses {@code xfs_info} output.
   *
   * @throws FsBenchException when it shows no data block size, which means it is no XFS geometry
   */
  static Map<String, String> properties(String xfsInfoOutput) {
    Map<String, String> properties = new LinkedHashMap<>();
    String section = null;
    for (String line : xfsInfoOutput.split("\n")) {
      Matcher start = SECTION.matcher(line);
      Matcher more = CONTINUATION.matcher(line);
      String rest;
      if (start.matches()) {
        section = start.group(1);
        rest = start.group(2);
        String value = valueBeforeFirstPair(rest);
        // the meta-data section's value is the device path, which says nothing about the format
        if (!value.isEmpty() && !section.equals("meta-data")) {
          properties.put(section, value);
        }
      } else if (more.matches() && section != null) {
        rest = more.group(1);
      } else {
        continue;
      }
      Matcher pair = PAIR.matcher(rest);
      while (pair.find()) {
        properties.put(section + "." + pair.group(1), pair.group(2));
      }
    }
    if (!properties.containsKey(BLOCK_SIZE)) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "xfs_info printed no data block size; is this an XFS filesystem? Output was: "
              + xfsInfoOutput.strip());
    }
    return properties;
  }

  private static String valueBeforeFirstPair(String rest) {
    Matcher pair = PAIR.matcher(rest);
    return (pair.find() ? rest.substring(0, pair.start()) : rest).strip();
  }
}
