package io.fsbench.bench;

import java.util.Map;
import java.util.SplittableRandom;

/**
 * The generator's file engines (filecreate, filestat, filedelete, ftruncate, falloc), drawn from a
 * stream of their own so that adding them left every other draw as it was.
 */
final class FioFileEngineDraws {

  private final SplittableRandom engines;

  FioFileEngineDraws(SplittableRandom engines) {
    this.engines = engines;
  }

  private static final java.util.Set<String> NOT_WITH_FILE_ENGINES =
      java.util.Set.of(
          "iodepth",
          "fsync",
          "fdatasync",
          "end_fsync",
          "fsync_on_close",
          "rwmixread",
          "rwmixwrite",
          "rw_sequencer",
          "percentage_random",
          "zonemode",
          "zonesize",
          "zonerange",
          "zoneskip");

  /**
   * Now and then one of fio's file engines (filecreate, filestat with a stat_type, filedelete,
   * ftruncate, falloc), with what they take: depth 1 and no syncs (their syncs fail or are fake in
   * fio, and fsbench refuses them), one pass and a file per clone for filedelete (a second unlink
   * fails), writes for ftruncate, no mix (so that the counts of each direction are fio's). Whether
   * a section gets one is drawn from its own stream; returns whether it did.
   */
  boolean fileEngine(Map<String, String> o, Map<String, String> global) {
    if (engines.nextInt(100) >= 15 || global.containsKey("lat_percentiles")) {
      return false;
    }
    String[] names = {"filecreate", "filestat", "filedelete", "ftruncate", "falloc"};
    String engine = names[engines.nextInt(names.length)];
    o.put("ioengine", engine);
    NOT_WITH_FILE_ENGINES.forEach(o::remove);
    // a file engine moves no data: nothing to fill or verify
    o.keySet()
        .removeIf(
            k ->
                k.startsWith("verify")
                    || k.startsWith("dedupe")
                    || k.startsWith("buffer_pattern")
                    || k.equals("do_verify"));
    String rw = o.get("rw").replaceAll(":.*", "");
    boolean random = rw.startsWith("rand");
    boolean reads = !(rw.equals("write") || rw.equals("randwrite"));
    if (engine.equals("ftruncate") || rw.equals("rw") || rw.equals("randrw")) {
      rw = random ? (reads && !engine.equals("ftruncate") ? "randread" : "randwrite") : "write";
    }
    o.put("rw", rw);
    if (engine.equals("filestat")) {
      String[] types = {"stat", "lstat", "statx"};
      o.put("stat_type", types[engines.nextInt(types.length)]);
    }
    if (engine.equals("filedelete")) {
      o.remove("loops");
      o.remove("filename");
    }
    return true;
  }
}
