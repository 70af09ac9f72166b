package io.fsbench.bench;

import java.util.Map;
import java.util.SplittableRandom;

/**
 * The generator's submission options: cmdprio, a latency target and {@code io_submit_mode}, drawn
 * from a stream of their own so that adding them left every other draw as it was.
 */
final class FioSubmissionDraws {

  private final SplittableRandom submissions;

  FioSubmissionDraws(SplittableRandom submissions) {
    this.submissions = submissions;
  }

  /** What a latency target's final window would reset, or what makes its outcome a race. */
  private static final java.util.Set<String> NOT_WITH_LATENCY_TARGET =
      java.util.Set.of(
          "numjobs",
          "filename",
          "loops",
          "io_size",
          "rate",
          "rate_iops",
          "thinktime",
          "thinktime_blocks",
          "thinktime_blocks_type",
          "number_ios",
          "fsync",
          "fdatasync",
          "end_fsync",
          "fsync_on_close",
          "write_bw_log",
          "write_iops_log",
          "write_lat_log",
          "write_hist_log",
          "log_avg_msec",
          "per_job_logs",
          "log_hist_msec");

  /**
   * From its own stream: cmdprio on libaio and io_uring (percentages from 25 to 75 of the
   * best-effort or idle class, which need no root, so that both priorities have I/Os), a latency
   * target fio makes deterministic, and io_submit_mode=inline. A latency target of 10 s met by
   * every I/O either ends the job after its second I/O with the statistics of the last one alone
   * (window 0, fio's default: the depth settles at once) or, with a 60 s window, lets it run to its
   * end at depth 1; either is fio's, whatever the device does. One pass only and no latency_run:
   * fio 3.33 hangs when a job whose target has not ended it needs another pass (loops, io_size
   * above size), and at the end of a job with latency_run. Offload is not generated: fio 3.33 hangs
   * in most shapes of it (docs/measurement.md).
   */
  void submission(Map<String, String> o, Map<String, String> global) {
    String engine = o.getOrDefault("ioengine", global.getOrDefault("ioengine", "psync"));
    String rw = o.getOrDefault("rw", "read");
    boolean mixed = rw.startsWith("rw") || rw.startsWith("randrw") || rw.startsWith("readwrite");
    if ((engine.equals("libaio") || engine.equals("io_uring")) && submissions.nextInt(100) < 15) {
      String bs = o.getOrDefault("bs", global.getOrDefault("bs", "4k"));
      int cls = 2 + submissions.nextInt(2);
      // a cmdprio_bssplit size the job never draws trips an assertion in fio 3.33's
      // fio_cmdprio_set_ioprio (seed 2034 case 22: bssplit=16k/83:64k/17 with cmdprio for 8k)
      // and so does a sync, which has no size (seed 2034 case 380: fsync=8 on io_uring)
      boolean oneSize =
          java.util.stream.Stream.of(
                  "bssplit", "bsrange", "fsync", "fdatasync", "end_fsync", "fsync_on_close")
              .noneMatch(k -> o.containsKey(k) || global.containsKey(k));
      if (bs.matches("\\d+[kK]?") && oneSize && submissions.nextBoolean()) {
        o.put("cmdprio_bssplit", bs + "/" + (25 + 25 * submissions.nextInt(3)) + "/" + cls + "/1");
      } else {
        o.put("cmdprio_percentage", Integer.toString(25 + 25 * submissions.nextInt(3)));
        o.put("cmdprio_class", Integer.toString(cls));
        o.put("cmdprio", Integer.toString(submissions.nextInt(8)));
      }
    } else if (!mixed
        && !global.containsKey("ss")
        && !global.containsKey("steadystate")
        && !global.containsKey("rate")
        && !global.containsKey("rate_iops")
        && !o.keySet().stream().anyMatch(k -> k.startsWith("verify") || k.startsWith("flow"))
        // an offset modifier or a moved region leaves the pass short of size, and fio 3.33
        // hangs when a job whose target has not ended it needs another pass (seed 2034 case 59:
        // rw=write:8192 with latency_target=10s latency_window=60s)
        && !rw.contains(":")
        && !o.containsKey("offset")
        && !o.containsKey("offset_increment")
        && !o.containsKey("zonemode")
        // so does one whose files end in a partial block (seed 2040 case 217: size=8388606
        // nrfiles=3 bs=512 with latency_target=10s latency_window=60s)
        && FioQuirks.wholeBlocks(o, global)
        && submissions.nextInt(100) < 10) {
      if (FioQuirks.randomSizesEndPassesShort(o, global) || FioQuirks.reducedClock(o, global)) {
        // the same hang: random I/O of several sizes ends a pass on the random map's gaps, short
        // of size (seed 2044 case 907: randread bs=64k,1k latency_window=60s), drawn as before
        return;
      }
      NOT_WITH_LATENCY_TARGET.forEach(o::remove);
      o.put("latency_target", "10s");
      if (submissions.nextBoolean()) {
        o.put("latency_window", "60s");
      }
      if (submissions.nextBoolean()) {
        o.put("latency_percentile", "99.9");
      }
    } else if (submissions.nextInt(100) < 5) {
      o.put("io_submit_mode", "inline");
    }
  }
}
