package io.fsbench.bench;

import java.util.Map;
import java.util.SplittableRandom;

/**
 * The generator's trim sections and error control ({@code continue_on_error}, {@code
 * ignore_error}), drawn from a stream of their own so that adding them left every other draw as it
 * was.
 */
final class FioTrimDraws {

  private final SplittableRandom trims;

  FioTrimDraws(SplittableRandom trims) {
    this.trims = trims;
  }

  /** What a trim section keeps of the options drawn for it: none that reads, writes or times. */
  private static final java.util.Set<String> NOT_WITH_TRIMS =
      java.util.Set.of(
          "bs",
          "bsrange",
          "bssplit",
          "rwmixread",
          "rwmixwrite",
          "iodepth",
          "fsync",
          "fdatasync",
          "end_fsync",
          "fsync_on_close",
          "random_distribution",
          "blockalign",
          "zonemode",
          "zonesize",
          "zonerange",
          "zoneskip",
          "time_based",
          "runtime",
          "ramp_time",
          "percentage_random",
          "rw_sequencer",
          "per_job_logs",
          "log_offset",
          "log_avg_msec",
          "log_hist_msec",
          "log_hist_coarseness",
          "do_verify");

  /**
   * Now and then a trim section ({@code rw=trim} or {@code randtrim}, one block size, no time
   * limit): with {@code ioengine=falloc} each trim punches a hole; with psync, libaio or io_uring
   * each fails with ENOTTY (fio's BLKDISCARD on a file), and a drawn {@code continue_on_error} /
   * {@code ignore_error} combination decides whether the job ends at the first or counts and skips
   * them all. Any other section now and then gets a {@code continue_on_error}, which adds fio's
   * {@code total_err} and {@code first_error} to its report. Drawn from a stream of its own.
   */
  void trimsAndErrors(
      Map<String, String> o, Map<String, String> global, boolean kb1000, boolean direct) {
    boolean steady = global.containsKey("ss") || global.containsKey("steadystate");
    if (trims.nextInt(100) >= 14 || kb1000 || steady || global.containsKey("bs")) {
      if (trims.nextInt(100) < 6) {
        o.put("continue_on_error", pickTrim("none", "read", "write", "io", "verify", "all", "1"));
      }
      return;
    }
    o.keySet()
        .removeIf(
            k ->
                NOT_WITH_TRIMS.contains(k)
                    || k.startsWith("verify")
                    || k.startsWith("buffer")
                    || k.startsWith("dedupe")
                    || k.endsWith("_buffers")
                    || k.startsWith("write_")
                    || k.equals("ioengine"));
    boolean placed =
        global.containsKey("offset")
            || global.containsKey("offset_increment")
            || global.containsKey("number_ios");
    o.put(
        "rw",
        placed
            ? pickTrim("trim", "randtrim")
            : pickTrim("trim", "randtrim", "trimwrite", "randtrimwrite"));
    if (o.get("rw").equals("randtrimwrite")) {
      // fio 3.33 writes past the trimmed block in a region that does not start the file
      // (observed: offset=8k, 1 trim and 16 writes)
      o.keySet().removeAll(java.util.List.of("offset", "offset_increment", "offset_align"));
    }
    if (o.get("rw").endsWith("trimwrite")
        && (o.containsKey("loops") || global.containsKey("loops"))) {
      o.remove("number_ios"); // fio 3.33 doubles it again at each loop
    }
    o.put(
        "bs", direct ? pickTrim(FioJobGenerator.DIRECT_BLOCKS) : pickTrim(FioJobGenerator.BLOCKS));
    if (o.get("rw").equals("trimwrite") && trims.nextInt(100) < 40) {
      // each direction its own size: fio's set_rw_ddir alternates only where they line up
      String[] blocks = direct ? FioJobGenerator.DIRECT_BLOCKS : FioJobGenerator.BLOCKS;
      o.put("bs", o.get("bs") + "," + pickTrim(blocks) + "," + pickTrim(blocks));
    }
    String engine = trims.nextInt(100) < 60 ? "falloc" : pickTrim("psync", "libaio", "io_uring");
    o.put("ioengine", engine);
    if (engine.equals("falloc")) {
      return;
    }
    String[][] combos = {
      {},
      {"continue_on_error", "write"},
      {"continue_on_error", "all"},
      {"continue_on_error", "read"},
      {"continue_on_error", "0"},
      {"ignore_error", ",ENOTTY"},
      {"ignore_error", ",25:EIO"},
      {"ignore_error", "ENOTTY"},
      {"ignore_error", ",,84"},
      {"continue_on_error", "io", "ignore_error", ",ENOTTY"},
      {"ignore_error", ",ENOTTY", "continue_on_error", "none"},
      {"continue_on_error", "verify", "ignore_error", ",-25"},
      {"continue_on_error", "1", "ignore_error", "EIO,ENOTTY:ENOSPC", "error_dump", "1"},
    };
    String[] combo = combos[trims.nextInt(combos.length)];
    for (int i = 0; i < combo.length; i += 2) {
      o.put(combo[i], combo[i + 1]);
    }
  }

  private String pickTrim(String... values) {
    return values[trims.nextInt(values.length)];
  }
}
