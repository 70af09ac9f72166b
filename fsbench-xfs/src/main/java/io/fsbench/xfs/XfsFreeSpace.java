package io.fsbench.xfs;

import io.fsbench.api.Fragmentation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code xfs_db -r -c "sb 0" -c "p blocksize" -c freesp -c frag}: the block size, the
 * histogram of free extents ({@code from to extents blocks pct}, in blocks) and the file
 * fragmentation line ({@code actual N, ideal M, fragmentation factor F%}).
 */
final class XfsFreeSpace {

  private static final Pattern BLOCK_SIZE = Pattern.compile("(?m)^blocksize = (\\d+)");
  private static final Pattern ROW =
      Pattern.compile("(?m)^\\s*(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+[\\d.]+\\s*$");
  private static final Pattern FRAG =
      Pattern.compile("actual (\\d+), ideal (\\d+), fragmentation factor ([\\d.]+)%");
  private static final Pattern EXTENTS_PER_FILE =
      Pattern.compile("average ([\\d.]+) extents per file");

  private XfsFreeSpace() {}

  static Fragmentation parse(String command, String output) {
    Matcher size = BLOCK_SIZE.matcher(output);
    if (!size.find()) {
      throw new IllegalStateException(
          command + " printed no block size; is this xfs_db's output? " + output);
    }
    long blockSize = Long.parseLong(size.group(1));
    List<long[]> rows = new ArrayList<>();
    long largest = 0;
    Matcher row = ROW.matcher(output);
    while (row.find()) {
      long from = Long.parseLong(row.group(1));
      long to = Long.parseLong(row.group(2));
      long extents = Long.parseLong(row.group(3));
      long blocks = Long.parseLong(row.group(4));
      rows.add(new long[] {from * blockSize, extents, blocks * blockSize});
      if (extents > 0) {
        // The largest extent of the top row is at most its blocks less a block for each other one.
        largest = Math.max(largest, Math.min(to, blocks - (extents - 1) * from) * blockSize);
      }
    }
    Map<String, String> details = new TreeMap<>();
    Matcher frag = FRAG.matcher(output);
    if (frag.find()) {
      details.put("xfs.file_extents", frag.group(1) + " (ideal " + frag.group(2) + ")");
      details.put("xfs.fragmentation_factor", frag.group(3) + "%");
    }
    Matcher perFile = EXTENTS_PER_FILE.matcher(output);
    if (perFile.find()) {
      details.put("xfs.extents_per_file", perFile.group(1));
    }
    return Fragmentation.ofHistogram(
        List.of(command),
        rows,
        largest > 0 ? OptionalLong.of(largest) : OptionalLong.empty(),
        details);
  }
}
