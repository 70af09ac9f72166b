package io.fsbench.bench;

import java.util.Map;
import java.util.SplittableRandom;

/**
 * The generator's verify options: verify with its pattern, interval, offset, backlog and switches
 * on the jobs fsbench verifies, or a read of unverifiable data counted as errors. It draws from the
 * extras stream, which it shares with {@link FioExtraDraws}.
 */
final class FioVerifyDraws {

  private final SplittableRandom extras;

  FioVerifyDraws(SplittableRandom extras) {
    this.extras = extras;
  }

  /**
   * verify on the jobs fsbench verifies (a writing job of one write size, or nothing to verify
   * for), with its interval, offset, pattern, backlog and switches: fio counts the verify reads as
   * reads, so the read counts are compared too.
   */
  void verify(Map<String, String> o, Map<String, String> global, String rw, String engine) {
    String ownRw = o.getOrDefault("rw", rw);
    boolean mixed = rw.equals("rw") || rw.equals("readwrite") || rw.equals("randrw");
    // a mix verifies only its writes (fio's td_rw), each read back once where nothing writes a
    // block twice: not without a random map, where fio 3.33 also fails its own check of a block
    // written twice (observed: randrw norandommap verify=md5, "bad header rand_seed"), nor with
    // an offset modifier
    boolean verifiableMix =
        mixed
            && !o.containsKey("norandommap")
            && !o.containsKey("random_distribution")
            && !ownRw.contains(":")
            && !o.containsKey("io_size");
    if ((rw.equals("read") || rw.equals("randread")) && badData(o)) {
      return;
    }
    boolean writeOnly = rw.equals("write") || rw.equals("randwrite") || verifiableMix;
    // a sequential mix over several files: fio verifies it by offset, not in write order, and
    // checks each header's seed against its own stream in that order (only verify_backlog takes
    // the seed from the header, verify_io_u), so fio 3.33 fails its own verify (observed: rw=rw
    // nrfiles=4 verify=crc32c, "bad header rand_seed"; seed 4501 case 83)
    boolean seedOrder =
        verifiableMix
            && !rw.equals("randrw")
            && !o.getOrDefault("nrfiles", global.getOrDefault("nrfiles", "1")).equals("1");
    // one size, and for random writes no read or trim size below the write's: fsbench's map
    // would then write some blocks twice (see Verifier), fio's ends the file early
    boolean oneSize =
        !o.containsKey("bssplit")
            && !o.containsKey("bsrange")
            && !(rw.startsWith("rand")
                && o.getOrDefault("bs", global.getOrDefault("bs", "")).contains(","));
    boolean sharedWriters = o.containsKey("filename") && o.containsKey("numjobs");
    // not with strided zones: fio resets its random map every zone and keeps both writes of a
    // block in its list, so its own verify fails on the older one (observed: 'bad header
    // numberio 38, wanted 0')
    boolean zones = o.containsKey("zonemode");
    // fio 3.33 verifies only the first pass of a job with an offset modifier (observed:
    // rw=write:-1k
    // bs=512 size=64k loops=2 reads back 127 blocks, not 254; with verify_backlog every pass)
    boolean modifiedPasses =
        o.getOrDefault("rw", rw).contains(":")
            && (o.containsKey("loops") || o.containsKey("io_size"));
    // nor on a random job with an offset modifier: its sequential I/Os after each random one
    // write some blocks twice, and fio 3.33 checks the older write too (observed: randwrite:3
    // with rw_sequencer=identical, 'bad header numberio 4, wanted 0'; seed 2029 case 35)
    boolean rewrites =
        o.getOrDefault("rw", rw).startsWith("rand") && o.getOrDefault("rw", rw).contains(":");
    zones = zones || modifiedPasses || rewrites;
    if (!writeOnly
        || seedOrder
        || !oneSize
        || sharedWriters
        || zones
        || o.containsKey("number_ios")
        || !extra(40)) {
      return;
    }
    String method = pickExtra("crc32c", "md5", "sha256", "meta", "pattern");
    o.put("verify", method);
    if (method.equals("pattern") || (method.equals("meta") && extra(50)) || extra(10)) {
      o.put("verify_pattern", pickExtra("0xaa", "0xaa555aa5", "\"fsbench\"", "0x0f%o"));
    }
    if (extra(30)) {
      o.put("verify_interval", pickExtra("512", "1k", "2k"));
      // not with a pattern after meta's header: fio 3.33 then fails its own check of the bytes
      // the header was swapped with (observed: verify=meta verify_pattern=0xaa555aa5
      // verify_interval=512 verify_offset=64, "got pattern 'ca', wanted 'aa'"; seed 2029 case 218)
      boolean patterned = o.containsKey("verify_pattern");
      if (!method.equals("pattern") && extra(30) && !(method.equals("meta") && patterned)) {
        // past the header: sha256's is 104 bytes, and one swapped with bytes inside it makes fio
        // 3.33 fail its own check (seed 4503 case 83), which fsbench refuses
        o.put("verify_offset", method.equals("sha256") ? "128" : "64");
      }
    }
    String depth = o.getOrDefault("iodepth", global.getOrDefault("iodepth", "1"));
    // at depth, not with an io_size: fio's pass budget then counts the verify reads in flight
    boolean queued = !engine.equals("psync") && !depth.equals("1");
    if (extra(50) && !(queued && (o.containsKey("io_size") || global.containsKey("io_size")))) {
      o.put("verify_backlog", pickExtra("1", "4", "16"));
      if (extra(50)) {
        o.put("verify_backlog_batch", pickExtra("1", "2", "8"));
      }
    }
    if (extra(20)) {
      o.put("do_verify", "0");
    }
    if (extra(20)) {
      o.put("verify_fatal", "1");
    }
    if (extra(15)) {
      o.put("continue_on_error", pickExtra("verify", "all"));
    }
  }

  /**
   * Now and then a reading job of its own files with verify and {@code continue_on_error=verify}:
   * its files hold what their layout wrote, no verify header, so every block is bad (fio's "bad
   * magic header") and each is counted and skipped, in fio's total_err and first_error.
   */
  private boolean badData(Map<String, String> o) {
    boolean plain =
        !o.containsKey("filename")
            && !o.containsKey("bssplit")
            && !o.containsKey("bsrange")
            && !o.getOrDefault("bs", "").contains(",")
            && !o.containsKey("number_ios")
            && !o.containsKey("zonemode");
    if (!plain || !extra(8)) {
      return false;
    }
    o.put("verify", pickExtra("crc32c", "md5"));
    o.put("continue_on_error", pickExtra("verify", "all"));
    if (extra(30)) {
      o.put("verify_fatal", "1"); // a bad header does not end fio's job (verify_io_u)
    }
    return true;
  }

  private boolean extra(int percent) {
    return extras.nextInt(100) < percent;
  }

  private String pickExtra(String... values) {
    return values[extras.nextInt(values.length)];
  }
}
