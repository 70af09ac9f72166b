package io.fsbench.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The generator's {@code random_distribution=zoned:...} / {@code zoned_abs:...} and {@code
 * blockalign}, on random sections whose offsets nothing else moves (one file per clone, no offset
 * options, strided zones or modifiers), with a per-I/O completion-latency log and {@code
 * log_offset=1}, from which {@link FioZoneShares} reads where each side's I/Os landed.
 */
final class FioPlacements {

  private FioPlacements() {}

  /** Adds the options to {@code o} now and then; whether it did. */
  static boolean add(
      SplittableRandom random, Map<String, String> o, Map<String, String> global, int index) {
    Map<String, String> effective = new LinkedHashMap<>(global);
    effective.putAll(o);
    FioCase.Section s = new FioCase.Section("job" + index, effective, 0);
    if (!eligible(s) || random.nextInt(100) >= 20) {
      return false;
    }
    boolean zoned = random.nextInt(100) < 75;
    if (zoned) {
      boolean absolute = random.nextInt(100) < 35;
      // zoned_abs zones end where the largest I/O can still start: fio ends the job at the first
      // I/O drawn past that, and fsbench refuses it (docs/measurement.md)
      long largest =
          FioTolerances.blockSizes(s, true).stream().mapToLong(Long::longValue).max().orElse(4096);
      long room = s.fileBytes() - largest;
      String read = zones(random, absolute, room);
      String value = read;
      if (s.mixed() && random.nextInt(100) < 40) {
        String write = zones(random, absolute, room);
        value = (random.nextInt(100) < 20 ? "" : read) + "," + write;
      }
      o.put("random_distribution", (absolute ? "zoned_abs:" : "zoned:") + value);
    } else {
      o.put("norandommap", "1");
    }
    if (!zoned || random.nextInt(100) < 40) {
      long[] choices = s.flag("direct") ? new long[] {4096, 8192} : new long[] {512, 1024, 4096};
      long ba = choices[random.nextInt(choices.length)];
      if (ba * 4 <= s.fileBytes()) {
        o.put("blockalign", Long.toString(ba));
      }
    }
    o.put("write_lat_log", FioJobGenerator.LOG_DIR + "/" + FioZoneShares.prefix(index));
    o.put("log_offset", "1");
    return true;
  }

  /** Random sections whose offsets only the distribution decides, over their whole file. */
  private static boolean eligible(FioCase.Section s) {
    Map<String, String> o = s.options();
    boolean moved =
        o.containsKey("offset")
            || o.containsKey("offset_increment")
            || o.containsKey("zonemode")
            || o.containsKey("percentage_random")
            || o.containsKey("random_distribution")
            || o.containsKey("random_generator")
            || o.get("rw").contains(":");
    return s.rw().startsWith("rand") && !moved && "1".equals(s.option("nrfiles", "1"));
  }

  /** Two to four zones, their accesses adding up to 100, sizes to at most the region. */
  private static String zones(SplittableRandom random, boolean absolute, long region) {
    int n = 2 + random.nextInt(3);
    int accessLeft = 100;
    int sizeLeft = random.nextInt(100) < 80 ? 100 : 50 + random.nextInt(50);
    StringBuilder text = new StringBuilder();
    for (int z = 0; z < n; z++) {
      boolean last = z == n - 1;
      int access = last ? accessLeft : 1 + random.nextInt(accessLeft - (n - z - 1));
      accessLeft -= access;
      int size = last ? sizeLeft : 1 + random.nextInt(Math.max(1, sizeLeft - (n - z - 1)));
      sizeLeft -= size;
      text.append(z == 0 ? "" : ":").append(access).append('/');
      if (absolute) {
        text.append(region * size / 100 / 512 * 512);
      } else if (!(last && random.nextInt(100) < 30)) {
        text.append(size); // a last size left out is what the others leave
      }
    }
    return text.toString();
  }
}
