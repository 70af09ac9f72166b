package io.fsbench.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Random fio job files over the options fsbench implements, small enough to run in well under a
 * second each: one to three sections, an optional [global], stonewall and new_group, numjobs,
 * group_reporting, nrfiles / filesize / size / io_size / loops, bs / bssplit / bsrange, every rw
 * mode with rwmixread, fsync / fdatasync / end_fsync / fsync_on_close, direct, psync / libaio /
 * io_uring with iodepth, kb_base, file_service_type, openfiles, fadvise_hint, the buffer options
 * (buffer_pattern and dedupe_* among them), on writing jobs of one write size verify with its
 * pattern, interval, offset, backlog and switches, and zoned distributions with blockalign ({@link
 * FioPlacements}). Every job moves at most 8 MiB per clone, and fewer when it syncs often. The same
 * seed gives the same files.
 *
 * <p>Each family of options is drawn by a class of its own ({@link FioSizeDraws}, {@link
 * FioExtraDraws}, {@link FioVerifyDraws}, {@link FioFileEngineDraws}, {@link FioTrimDraws}, {@link
 * FioSubmissionDraws}, {@link FioReuseDraws}, {@link FioPlacements}), most from a random stream of
 * its own; {@link FioQuirks} steers the drawn sections around fio 3.33's hangs and false failures.
 */
final class FioJobGenerator {

  private static final String[] RW = {"read", "write", "randread", "randwrite", "rw", "randrw"};
  static final String[] BLOCKS = {"512", "1k", "4k", "4k", "8k", "16k", "64k"};
  static final String[] DIRECT_BLOCKS = {"4k", "8k", "16k", "64k"};

  /** Stands for the directory a log is written to; the harness gives each side its own. */
  static final String LOG_DIR = "@FSBENCH_LOG_DIR@";

  private final SplittableRandom random;
  private final FioSizeDraws sizes;
  // pacing and measurement options draw from their own stream, so that adding them left the
  // cases of every seed as they were in all other options; verify draws from it too
  private final FioExtraDraws extras;
  private final FioVerifyDraws verifies;
  // steady state and CPU placement draw from a third stream, for the same reason
  private final SplittableRandom placement;
  private final List<Integer> cpus;
  // zoned distributions and blockalign: a stream of their own too, for the same reason
  private final SplittableRandom zoning;
  // the file engines, trims and error control, submissions and a later job on an earlier job's
  // file: each a stream of its own too
  private final FioFileEngineDraws engines;
  private final FioTrimDraws trims;
  private final FioSubmissionDraws submissions;
  private final FioReuseDraws reuse;

  FioJobGenerator(long seed) {
    this.random = new SplittableRandom(seed);
    this.sizes = new FioSizeDraws(random);
    SplittableRandom extraStream = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + 0x7ACE);
    this.extras = new FioExtraDraws(extraStream);
    this.verifies = new FioVerifyDraws(extraStream);
    this.placement = new SplittableRandom(seed * 0xC2B2AE3D27D4EB4FL + 0xC9);
    this.cpus = io.fsbench.core.nativeio.CpuTopology.system().cpus();
    this.zoning = new SplittableRandom(seed * 0xC2B2AE3D27D4EB4FL + 0x20E5);
    this.engines =
        new FioFileEngineDraws(new SplittableRandom(seed * 0xC2B2AE3D27D4EB4FL + 0xF11E));
    this.trims = new FioTrimDraws(new SplittableRandom(seed * 0xC2B2AE3D27D4EB4FL + 0x7213));
    this.submissions =
        new FioSubmissionDraws(new SplittableRandom(seed * 0xC2B2AE3D27D4EB4FL + 0x5AB1));
    this.reuse = new FioReuseDraws(new SplittableRandom(seed * 0xC2B2AE3D27D4EB4FL + 0xF11E5));
  }

  /** The next job file. */
  FioCase next(int number) {
    Map<String, String> global = new LinkedHashMap<>();
    boolean kb1000 = chance(10);
    if (kb1000) {
      global.put("kb_base", "1000");
    }
    if (chance(30)) {
      global.put("group_reporting", "1");
    }
    if (chance(30)) {
      global.put("ioengine", pick("psync", "libaio", "io_uring"));
    }
    if (chance(20)) {
      global.put("rw", pick(RW));
    }
    if (chance(20)) {
      global.put("bs", pick(BLOCKS));
    }
    if (chance(15)) {
      global.put("thread", "1");
    }
    if (extras.extra(8)) {
      // fio refuses jobs of one reporting group whose lat_percentiles differ, so it is global
      global.put("lat_percentiles", "1");
    }
    steadyState(global);
    int count = 1 + random.nextInt(3);
    List<FioCase.Section> sections = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    if (!global.isEmpty()) {
      text.append("[global]\n");
      global.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
    }
    int group = 0;
    for (int i = 0; i < count; i++) {
      Map<String, String> own = section(i, global, kb1000);
      if (i > 0 && (own.containsKey("stonewall") || own.containsKey("new_group"))) {
        group++;
      }
      Map<String, String> effective = new LinkedHashMap<>(global);
      effective.putAll(own);
      String name = "job" + i;
      sections.add(new FioCase.Section(name, effective, group));
      text.append('\n').append('[').append(name).append("]\n");
      own.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
    }
    Map<String, String> later = reuse.laterJobOnAnEarlierFile(global, sections);
    if (later != null) {
      Map<String, String> effective = new LinkedHashMap<>(global);
      effective.putAll(later);
      String name = "job" + count;
      sections.add(new FioCase.Section(name, effective, group + 1));
      text.append('\n').append('[').append(name).append("]\n");
      later.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
    }
    return new FioCase(number, text.toString(), sections);
  }

  private Map<String, String> section(int index, Map<String, String> global, boolean kb1000) {
    Map<String, String> o = new LinkedHashMap<>();
    if (index > 0 && chance(40)) {
      o.put(chance(70) ? "stonewall" : "new_group", "1");
    }
    String rw = global.containsKey("rw") && chance(50) ? global.get("rw") : pick(RW);
    o.put("rw", rw);
    boolean mixed = rw.equals("rw") || rw.equals("randrw");
    boolean randomRw = rw.startsWith("rand");
    boolean writes = rw.contains("write") || mixed;
    if (mixed && chance(80)) {
      o.put(chance(80) ? "rwmixread" : "rwmixwrite", pick("10", "30", "50", "70", "90"));
    }
    String ioengine =
        chance(40) ? pick("psync", "libaio", "io_uring") : global.getOrDefault("ioengine", "psync");
    if (!ioengine.equals(global.get("ioengine"))) {
      o.put("ioengine", ioengine);
    }
    if (!ioengine.equals("psync") && chance(70)) {
      o.put("iodepth", pick("1", "2", "4", "8", "16"));
    }
    boolean direct = !kb1000 && chance(25);
    if (direct) {
      o.put("direct", "1");
    }
    long maxBlock = sizes.blockSizes(o, global, direct, kb1000);
    boolean syncs = false;
    if (writes && chance(30)) {
      o.put(chance(60) ? "fsync" : "fdatasync", Integer.toString(1 + random.nextInt(8)));
      syncs = true;
    }
    if (writes && chance(20)) {
      o.put("end_fsync", "1");
    }
    if (writes && chance(10)) {
      o.put("fsync_on_close", "1");
    }
    sizes.fileSizes(o, maxBlock, syncs || direct);
    if (chance(35)) {
      o.put("numjobs", Integer.toString(2 + random.nextInt(2)));
      if (chance(40)) {
        o.put("filename", "shared" + index);
        o.remove("nrfiles");
        o.remove("openfiles");
      }
    }
    if (randomRw && chance(25)) {
      o.put("norandommap", "1");
    }
    if (randomRw && chance(15)) {
      o.put("random_distribution", pick("zipf:1.2", "pareto:0.9", "normal:20"));
    } else if (randomRw && chance(15)) {
      o.put("random_generator", pick("lfsr", "lfsr", "tausworthe64"));
    }
    positions(o, global, index);
    if (chance(10)) {
      o.put("randrepeat", "0");
    } else if (chance(10)) {
      o.put("randseed", Integer.toString(random.nextInt(100_000)));
    }
    if (writes) {
      buffers(o);
    }
    if (chance(15)) {
      o.put("invalidate", pick("0", "1"));
    }
    if (chance(15)) {
      o.put("fallocate", pick("none", "native", "posix"));
    }
    if (chance(10)) {
      o.put("fadvise_hint", pick("0", "1", "sequential", "random"));
    }
    if (chance(10) && !global.containsKey("group_reporting")) {
      o.put("group_reporting", "1");
    }
    extras.pacing(o);
    cpus(o);
    if (writes) {
      extras.content(o, maxBlock);
    }
    verifies.verify(o, global, rw, ioengine);
    boolean fileEngine = engines.fileEngine(o, global);
    if (!extras.measurements(o) && !fileEngine && !FioPlacements.add(zoning, o, global, index)) {
      extras.logs(
          o, index); // not with the switches: which of fio's logs a switch empties is its own
    }
    FioQuirks.unverifiedMixWithoutMap(o, global);
    FioQuirks.avoidGaussHang(o, global);
    FioQuirks.avoidFalseSeedFailures(o, global);
    if (!fileEngine) {
      trims.trimsAndErrors(o, global, kb1000, direct);
      if (!o.getOrDefault("rw", "").contains("trim")) {
        submissions.submission(o, global);
      }
    }
    return o;
  }

  /**
   * Steady-state detection, in [global]: fio refuses jobs of one reporting group with different
   * settings. The jobs are size-bounded and end within a second or two, so the window rarely fills;
   * what is compared is that the object is there, with fio's keys, criterion and window.
   */
  private void steadyState(Map<String, String> global) {
    if (placement.nextInt(100) >= 10) {
      return;
    }
    String criterion = pickPlaced("iops", "iops_slope", "bw", "bw_slope");
    String limit =
        placement.nextBoolean()
            ? pickPlaced("1", "10", "0.5") + "%"
            : (criterion.startsWith("bw") ? pickPlaced("1m", "100k", "4096") : "50");
    global.put(placement.nextBoolean() ? "ss" : "steadystate", criterion + ":" + limit);
    global.put("ss_dur", pickPlaced("2", "3s", "5"));
    if (placement.nextBoolean()) {
      global.put("ss_ramp", pickPlaced("1", "500ms"));
    }
  }

  /** cpus_allowed (or cpumask) of this machine's CPUs, shared or split, and nice. */
  private void cpus(Map<String, String> o) {
    if (placement.nextInt(100) < 12) {
      int first = cpus.get(0);
      int last = cpus.get(cpus.size() - 1);
      String list = pickPlaced(first + "", last + "", first + "-" + last, first + "," + last);
      if (last < 32 && placement.nextInt(100) < 25) {
        o.put("cpumask", Long.toString((1L << first) | (1L << last)));
      } else {
        o.put("cpus_allowed", list);
      }
      if (placement.nextBoolean()) {
        o.put("cpus_allowed_policy", pickPlaced("shared", "split"));
      }
    }
    if (placement.nextInt(100) < 8) {
      o.put("nice", Integer.toString(1 + placement.nextInt(5)));
    }
  }

  private String pickPlaced(String... values) {
    return values[placement.nextInt(values.length)];
  }

  /**
   * offset (bytes or a percentage), offset_increment, offset_align, number_ios and the rw offset
   * modifiers with rw_sequencer, each now and then. Starts stay within the first half of a file, so
   * that every clone's region holds a block; random modifiers come with what fsbench needs
   * (norandommap, or rw_sequencer=identical).
   */
  private void positions(Map<String, String> o, Map<String, String> global, int index) {
    Map<String, String> effective = new LinkedHashMap<>(global);
    effective.putAll(o);
    FioCase.Section s = new FioCase.Section("job" + index, effective, 0);
    long eighth = s.fileBytes() / 8 / 512 * 512;
    if (chance(15)) {
      o.put(
          "offset",
          chance(30) ? pick("10%", "25%", "50%") : Long.toString(eighth * (1 + random.nextInt(2))));
      if (chance(20)) {
        o.put("offset_align", pick("4k", "8k"));
      }
    }
    if (s.numJobs() > 1 && chance(30)) {
      o.put("offset_increment", chance(30) ? pick("5%", "10%") : Long.toString(eighth));
    }
    if (chance(10)) {
      o.put("number_ios", Integer.toString(1 + random.nextInt(40)));
    }
    if (!o.containsKey("nrfiles") && !o.containsKey("random_distribution") && chance(8)) {
      // zonemode=strided explicitly: fio 3.33 refuses a zonesize without it
      long block =
          FioTolerances.blockSizes(s, true).stream().mapToLong(Long::longValue).max().orElse(4096);
      long zone = Math.max(block, eighth / block * block);
      o.put("zonemode", "strided");
      o.put("zonesize", Long.toString(zone));
      if (chance(40)) {
        o.put("zonerange", Long.toString(zone * (1 + random.nextInt(2))));
      }
      if (chance(60)) {
        o.put("zoneskip", Long.toString(zone * random.nextInt(3)));
      }
    }
    boolean noMap = o.containsKey("norandommap") || "lfsr".equals(o.get("random_generator"));
    if (s.rw().startsWith("rand") && noMap && chance(15)) {
      o.put("percentage_random", pick("0", "50", "80", "50,20", "100,30"));
    }
    boolean fixed = !o.containsKey("bssplit") && !o.containsKey("bsrange");
    if (fixed && chance(12)) {
      long block =
          FioTolerances.blockSizes(s, true).stream().mapToLong(Long::longValue).max().orElse(4096);
      if (s.rw().startsWith("rand")) {
        o.put("rw", s.rw() + ":" + (2 + random.nextInt(4)));
        if ((!o.containsKey("norandommap") && !"lfsr".equals(o.get("random_generator")))
            || chance(50)) {
          o.put("rw_sequencer", "identical");
        }
      } else {
        long step = block * (1 + random.nextInt(2)) * (chance(50) ? -1 : 1);
        o.put("rw", s.rw() + ":" + step);
      }
    }
  }

  private void buffers(Map<String, String> o) {
    int kind = random.nextInt(10);
    switch (kind) {
      case 0 -> o.put("zero_buffers", "1");
      case 1 -> o.put("refill_buffers", "1");
      case 2 -> o.put("scramble_buffers", "1");
      case 3 -> {
        o.put("buffer_compress_percentage", pick("25", "50", "90"));
        if (chance(50)) {
          o.put("buffer_compress_chunk", pick("512", "4k"));
        }
      }
      default -> {}
    }
  }

  /** The bytes of a size the generator writes (a plain count, or k/m with kb_base). */
  static long bytes(String size, boolean kb1000) {
    long base = kb1000 ? 1000 : 1024;
    char unit = size.charAt(size.length() - 1);
    return switch (unit) {
      case 'k' -> Long.parseLong(size.substring(0, size.length() - 1)) * base;
      case 'm' -> Long.parseLong(size.substring(0, size.length() - 1)) * base * base;
      default -> Long.parseLong(size);
    };
  }

  private boolean chance(int percent) {
    return random.nextInt(100) < percent;
  }

  private String pick(String... values) {
    return values[random.nextInt(values.length)];
  }
}
