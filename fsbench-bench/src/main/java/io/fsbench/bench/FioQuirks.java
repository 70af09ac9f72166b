package io.fsbench.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the generator steers around in fio 3.33: job shapes where fio hangs or fails its own checks
 * (a Gauss distribution over few ranges, false seed failures, latency targets on passes that end
 * short). Each changes a drawn section without a draw of its own, so later cases stay as they were.
 */
final class FioQuirks {

  private FioQuirks() {}

  /**
   * fio 3.33's {@code gauss_next} loops for ever when the rounded-up mean of its 12 draws reaches
   * the file's number of ranges and its deviation comes out 0 ({@code while (dev + sum >= nranges)
   * dev /= 2}): likely on a file of few ranges (seed 2042 case 776: two 64 KiB ranges per file, fio
   * hung). fsbench runs such a job (docs/measurement.md); the generator gives it zipf instead,
   * without a draw, so later cases stay as they were.
   */
  static void avoidGaussHang(Map<String, String> o, Map<String, String> global) {
    if (!"normal:20".equals(o.get("random_distribution"))) {
      return;
    }
    FioCase.Section s = effective(o, global);
    long smallest =
        FioTolerances.blockSizes(s, true).stream().mapToLong(Long::longValue).min().orElse(4096);
    if (s.fileBytes() / smallest < 64) {
      o.put("random_distribution", "zipf:1.2");
    }
  }

  /**
   * fio 3.33 checks a mixed job's header seeds against its verify stream, which {@code
   * randrepeat=0} reseeds before each verify but not before each pass: every block of a later pass
   * fails as "bad header rand_seed" though its data is intact (seed 2043 case 289, {@code
   * loops=2}). fsbench reports no such failures (docs/measurement.md); the generator drops {@code
   * randrepeat=0} there, without a draw.
   */
  static void avoidFalseSeedFailures(Map<String, String> o, Map<String, String> global) {
    Map<String, String> effective = effective(o, global).options();
    String rw = effective.getOrDefault("rw", "read");
    boolean mixed = rw.startsWith("rw") || rw.startsWith("readwrite") || rw.startsWith("randrw");
    String verify = effective.getOrDefault("verify", "0");
    boolean seeded = !verify.equals("0") && !verify.equals("pattern");
    if (mixed
        && seeded
        && !effective.containsKey("verify_backlog")
        && "0".equals(effective.get("randrepeat"))) {
      if (o.remove("randrepeat") == null) {
        o.put("randrepeat", "1"); // the [global] section's
      }
    }
  }

  /**
   * A section under {@code gtod_reduce=1}: fio 3.33 takes no completion time then, so a latency
   * target (with {@code disable_lat=0} after it) measures from the epoch and fails the job with
   * ETIMEDOUT at its first I/O (seed 2045 case 534). The same draws as before.
   */
  static boolean reducedClock(Map<String, String> o, Map<String, String> global) {
    return "1".equals(o.getOrDefault("gtod_reduce", global.get("gtod_reduce")));
  }

  /** The section as fio reads it: its options over the [global] section's. */
  static FioCase.Section effective(Map<String, String> o, Map<String, String> global) {
    Map<String, String> options = new java.util.LinkedHashMap<>(global);
    options.putAll(o);
    return new FioCase.Section("job", options, 0);
  }

  /** A random section of several block sizes, whose random map may end a pass short of size. */
  static boolean randomSizesEndPassesShort(Map<String, String> o, Map<String, String> global) {
    FioCase.Section s = effective(o, global);
    return s.rw().startsWith("rand")
        && FioTolerances.blockSizes(s, true).stream().distinct().count() > 1;
  }

  /**
   * No verify on a mix that a later draw took the random map from (a zoned placement's norandommap,
   * a distribution): it writes some blocks twice, and fio 3.33 then fails its own check (observed:
   * randrw norandommap=1 verify=md5, "bad header rand_seed").
   */
  static void unverifiedMixWithoutMap(Map<String, String> o, Map<String, String> global) {
    String rw = o.getOrDefault("rw", global.getOrDefault("rw", "read"));
    boolean mixed = rw.startsWith("rw") || rw.startsWith("readwrite") || rw.startsWith("randrw");
    boolean noMap =
        o.containsKey("norandommap")
            || global.containsKey("norandommap")
            || o.containsKey("random_distribution")
            || global.containsKey("random_distribution");
    if (mixed && noMap) {
      o.keySet().removeIf(k -> k.startsWith("verify") || k.equals("do_verify"));
    }
  }

  /** A size in bs, bssplit or bsrange: not a bssplit share (after a slash, or a percentage). */
  static final Pattern BLOCK_SIZE = Pattern.compile("(?<![/\\d])(\\d+[kKmM]?)(?![\\d%])");

  /**
   * Whether every file of the section holds a whole number of each block size it may use: its
   * {@code filesize}, and its {@code size} split over {@code nrfiles}.
   */
  static boolean wholeBlocks(Map<String, String> o, Map<String, String> global) {
    boolean kb1000 = "1000".equals(o.getOrDefault("kb_base", global.get("kb_base")));
    List<Long> blocks = new ArrayList<>();
    for (String key : List.of("bs", "bssplit", "bsrange")) {
      String v = o.getOrDefault(key, global.get(key));
      if (v != null) {
        Matcher m = BLOCK_SIZE.matcher(v);
        while (m.find()) {
          blocks.add(FioJobGenerator.bytes(m.group(1).toLowerCase(Locale.ROOT), kb1000));
        }
      }
    }
    if (blocks.isEmpty()) {
      blocks.add(4096L); // fio's default bs
    }
    long files = Long.parseLong(o.getOrDefault("nrfiles", global.getOrDefault("nrfiles", "1")));
    List<Long> sizes = new ArrayList<>();
    String filesize = o.getOrDefault("filesize", global.get("filesize"));
    if (filesize != null) {
      if (filesize.contains("-")) {
        return false; // a range draws sizes of any alignment
      }
      sizes.add(FioJobGenerator.bytes(filesize, kb1000));
    }
    String size = o.getOrDefault("size", global.get("size"));
    if (size != null && !size.endsWith("%")) {
      long total = FioJobGenerator.bytes(size, kb1000);
      if (total % files != 0) {
        return false;
      }
      sizes.add(total / files);
    }
    return sizes.stream().allMatch(f -> blocks.stream().allMatch(b -> b > 0 && f % b == 0));
  }
}
