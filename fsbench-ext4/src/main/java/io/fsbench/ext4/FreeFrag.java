package io.fsbench.ext4;

import io.fsbench.api.Fragmentation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads e2freefrag's report: the block size, the largest free extent, the number of free extents
 * and the histogram of free extent sizes ({@code 64M...128M- : extents blocks percent}).
 */
final class FreeFrag {

  private static final Pattern BLOCK_SIZE = Pattern.compile("(?m)^Blocksize:\\s*(\\d+) bytes");
  private static final Pattern MAX = Pattern.compile("(?m)^Max\\. free extent:\\s*(\\d+) KB");
  private static final Pattern AVG = Pattern.compile("(?m)^Avg\\. free extent:\\s*(\\d+) KB");
  private static final Pattern FREE =
      Pattern.compile("(?m)^Free blocks:\\s*(\\d+)\\s*\\(([\\d.]+)%\\)");
  private static final Pattern ROW =
      Pattern.compile(
          "(?m)^\\s*(\\d+)([KMGTP])\\.\\.\\.\\s*\\d+[KMGTP]-\\s*:\\s*(\\d+)\\s+(\\d+)\\s+[\\d.]+%");

  private FreeFrag() {}

  static Fragmentation parse(String command, String output) {
    long blockSize = number(BLOCK_SIZE, output, command, "Blocksize");
    List<long[]> rows = new ArrayList<>();
    Matcher row = ROW.matcher(output);
    while (row.find()) {
      long from = Long.parseLong(row.group(1)) << shift(row.group(2));
      rows.add(
          new long[] {
            from, Long.parseLong(row.group(3)), Long.parseLong(row.group(4)) * blockSize
          });
    }
    Map<String, String> details = new TreeMap<>();
    Matcher avg = AVG.matcher(output);
    if (avg.find()) {
      details.put("ext4.average_free_extent", avg.group(1) + " KiB");
    }
    Matcher free = FREE.matcher(output);
    if (free.find()) {
      details.put("ext4.free_blocks", free.group(1) + " (" + free.group(2) + "%)");
    }
    Matcher max = MAX.matcher(output);
    OptionalLong largest =
        max.find() ? OptionalLong.of(Long.parseLong(max.group(1)) * 1024) : OptionalLong.empty();
    return Fragmentation.ofHistogram(List.of(command), rows, largest, details);
  }

  private static int shift(String unit) {
    return switch (unit.toUpperCase(Locale.ROOT)) {
      case "K" -> 10;
      case "M" -> 20;
      case "G" -> 30;
      case "T" -> 40;
      default -> 50;
    };
  }

  private static long number(Pattern pattern, String output, String command, String what) {
    Matcher m = pattern.matcher(output);
    if (!m.find()) {
      throw new IllegalStateException(
          command + " printed no '" + what + "' line; is this e2freefrag's report? " + output);
    }
    return Long.parseLong(m.group(1));
  }
}
