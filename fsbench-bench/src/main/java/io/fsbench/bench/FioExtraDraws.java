package io.fsbench.bench;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The generator's options that change neither what is moved nor where: pacing (thinktime,
 * startdelay), buffer content (buffer_pattern, dedupe), the latency switches and the per-I/O logs.
 * They draw from a stream of their own, the extras, so that adding them left every other draw as it
 * was.
 */
final class FioExtraDraws {

  private final SplittableRandom extras;

  FioExtraDraws(SplittableRandom extras) {
    this.extras = extras;
  }

  /**
   * thinktime (short, and at most one pause per 16 I/Os, so a case stays well under a second),
   * thinktime_blocks_type and startdelay: none of them changes what is moved.
   */
  void pacing(Map<String, String> o) {
    if (extra(12)) {
      int micros = 20 + extras.nextInt(80);
      o.put("thinktime", micros + (extra(50) ? "" : "us"));
      o.put("thinktime_blocks", Integer.toString(16 + extras.nextInt(49)));
      // no thinktime_spin: when the spin overruns the think time (a preempted spin on a busy
      // machine), fio 3.33's 'left' goes negative and it sleeps for ~2^32 us
      // (docs/measurement.md); PacingTest covers fsbench's spin
      if (extra(30)) {
        o.put("thinktime_blocks_type", extra(50) ? "complete" : "issue");
      }
    }
    if (extra(5)) {
      o.put("startdelay", extra(50) ? "10ms" : "0-20ms");
    }
  }

  /**
   * buffer_pattern and the dedupe options (from the extras stream): they change what is written,
   * not how much, so the counts are compared as for any job.
   */
  void content(Map<String, String> o, long maxBlock) {
    if (extra(10)) {
      o.put(
          "buffer_pattern", pickExtra("0xaa", "0xdeadbeef", "\"fsbench\"", "1234", "0x55\"ab\"7"));
    }
    if (extra(10)) {
      o.put("dedupe_percentage", pickExtra("10", "30", "50", "100"));
      boolean oneFile = !o.containsKey("nrfiles") && o.containsKey("size");
      if (oneFile && !o.get("dedupe_percentage").equals("100") && extra(50)) {
        String share = pickExtra("5", "20", "50");
        // a working set must hold a block: fio's pages would be 0 and it draws an index from
        // 0..-1 (fsbench refuses it)
        if (FioJobGenerator.bytes(o.get("size"), false) * Integer.parseInt(share) / 100
            < maxBlock) {
          return;
        }
        o.put("dedupe_mode", "working_set");
        o.put("dedupe_working_set_percentage", share);
        if (extra(50)) {
          o.put("dedupe_global", "1");
        }
      }
    }
  }

  private String pickExtra(String... values) {
    return values[extras.nextInt(values.length)];
  }

  /** The latency switches: which latency objects are filled and which get percentiles. */
  boolean measurements(Map<String, String> o) {
    if (!extra(20)) {
      return false;
    }
    String[] switches = {
      "gtod_reduce",
      "disable_lat",
      "disable_clat",
      "disable_slat",
      "clat_percentiles",
      "lat_percentiles",
      "slat_percentiles"
    };
    String[] values = {"1", "1", "1", "1", "0", "1", "1"};
    int n = 1 + extras.nextInt(2);
    for (int i = 0; i < n; i++) {
      int k = extras.nextInt(switches.length);
      o.put(switches[k], extra(85) ? values[k] : (values[k].equals("1") ? "0" : "1"));
    }
    return true;
  }

  /** Per-I/O logs, one file per clone or one shared, with fio's names. */
  void logs(Map<String, String> o, int index) {
    if (!extra(10)) {
      return;
    }
    String prefix = FioJobGenerator.LOG_DIR + "/fsbench-log" + index;
    for (String log : List.of("write_bw_log", "write_iops_log", "write_lat_log")) {
      if (extra(50)) {
        o.put(log, prefix);
      }
    }
    if (extra(30)) {
      o.put("per_job_logs", "0");
    }
  }

  boolean extra(int percent) {
    return extras.nextInt(100) < percent;
  }
}
