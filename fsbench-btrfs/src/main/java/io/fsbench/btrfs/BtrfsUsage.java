package io.fsbench.btrfs;

import io.fsbench.api.Fragmentation;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code btrfs filesystem usage -b}: btrfs keeps no free-extent histogram a tool prints, so
 * its figures are how its space is split: unallocated device space, and inside the data chunks the
 * room that is allocated but unused, which aging leaves scattered ({@code Data,single: Size:S,
 * Used:U}).
 */
final class BtrfsUsage {

  private static final Pattern UNALLOCATED =
      Pattern.compile("(?m)^\\s*Device unallocated:\\s*(\\d+)");
  private static final Pattern SIZE = Pattern.compile("(?m)^\\s*Device size:\\s*(\\d+)");
  private static final Pattern DATA =
      Pattern.compile("(?m)^Data,[A-Za-z0-9]+: Size:(\\d+), Used:(\\d+)");

  private BtrfsUsage() {}

  static Fragmentation parse(String command, String output) {
    Matcher data = DATA.matcher(output);
    Matcher unallocated = UNALLOCATED.matcher(output);
    if (!data.find() || !unallocated.find()) {
      throw new IllegalStateException(
          command
              + " printed no data chunks or unallocated space; is this btrfs's usage? "
              + output);
    }
    long dataSize = Long.parseLong(data.group(1));
    long dataUsed = Long.parseLong(data.group(2));
    Map<String, String> details = new TreeMap<>();
    details.put("btrfs.unallocated", mib(Long.parseLong(unallocated.group(1))));
    details.put("btrfs.data_chunks", mib(dataSize));
    details.put("btrfs.data_used", mib(dataUsed));
    details.put(
        "btrfs.data_chunks_free",
        String.format(
            Locale.ROOT, "%.1f%%", dataSize == 0 ? 0.0 : (dataSize - dataUsed) * 100.0 / dataSize));
    Matcher size = SIZE.matcher(output);
    if (size.find()) {
      details.put("btrfs.device_size", mib(Long.parseLong(size.group(1))));
    }
    return new Fragmentation(
        List.of(command),
        OptionalLong.empty(),
        OptionalLong.empty(),
        OptionalDouble.empty(),
        details);
  }

  private static String mib(long bytes) {
    return String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
  }
}
