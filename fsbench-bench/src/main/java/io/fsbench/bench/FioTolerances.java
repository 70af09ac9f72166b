package io.fsbench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * How closely {@link FioAgreement} may expect fsbench to match fio, rule by rule: which counts a
 * case's sections leave to a draw (random block sizes, partial regions and zones, mixes, syncs in
 * flight, steady state) and by how much, and the checks that report a field outside its tolerance.
 */
final class FioTolerances {

  private FioTolerances() {}

  static boolean syncs(FioCase.Section s) {
    return s.writes() && (s.options().containsKey("fsync") || s.options().containsKey("fdatasync"));
  }

  /** A section that syncs every N writes with several I/Os in flight. */
  static boolean asyncSyncs(FioCase.Section s) {
    boolean async =
        !s.option("ioengine", "psync").equals("psync")
            && Integer.parseInt(s.option("iodepth", "1")) > 1;
    return syncs(s) && async;
  }

  /** Passes over the files: the loops, or as many as an io_size above the files needs. */
  static long passes(FioCase.Section s) {
    long loops = Long.parseLong(s.option("loops", "1"));
    long files = s.options().containsKey("filename") ? 1 : Long.parseLong(s.option("nrfiles", "1"));
    long perPass = Math.max(1, smallestRegion(s) * files);
    return Math.max(loops, (s.limitBytes() + perPass - 1) / perPass);
  }

  /**
   * The fewest bytes a clone's pass can cover in a file: the file less its clone's offset (seed
   * 2054 case 164: offset=25600 in 100k files leaves 76800 bytes, so io_size=100k takes a second
   * pass). A percentage is taken of the file's size as given.
   */
  static long smallestRegion(FioCase.Section s) {
    boolean kb1000 = "1000".equals(s.option("kb_base", "1024"));
    long file = s.fileBytes();
    long offset = offsetBytes(s.option("offset", "0"), file, kb1000);
    long increment = offsetBytes(s.option("offset_increment", "0"), file, kb1000);
    long smallest = file;
    for (int clone = 0; clone < s.numJobs(); clone++) {
      long start = offset + clone * increment;
      if (start > 0 && start < file) {
        smallest = Math.min(smallest, file - start);
      }
    }
    return Math.max(1, smallest);
  }

  private static long offsetBytes(String value, long file, boolean kb1000) {
    return value.endsWith("%")
        ? file * Long.parseLong(value.substring(0, value.length() - 1)) / 100
        : FioJobGenerator.bytes(value, kb1000);
  }

  /** The I/Os number_ios allows one clone of a section: number_ios times loops. */
  static long numberIosCap(FioCase.Section s) {
    long perClone =
        Long.parseLong(s.option("number_ios", "0")) * Long.parseLong(s.option("loops", "1"));
    return perClone == 0 ? Long.MAX_VALUE / 4096 : perClone;
  }

  /** A section that syncs every N writes and also reads. */
  static boolean mixedSyncs(FioCase.Section s) {
    return syncs(s) && s.mixed();
  }

  /** The read share a mixed job asks for. */
  static double readMix(List<FioCase.Section> sections) {
    FioCase.Section s = sections.stream().filter(FioCase.Section::mixed).findFirst().orElseThrow();
    if (s.options().containsKey("rwmixread")) {
      return Integer.parseInt(s.options().get("rwmixread")) / 100.0;
    }
    return s.options().containsKey("rwmixwrite")
        ? 1 - Integer.parseInt(s.options().get("rwmixwrite")) / 100.0
        : 0.5;
  }

  static void exact(String at, String field, long fio, long own, List<String> out) {
    within(at, field, fio, own, 0, out);
  }

  static void within(
      String at, String field, long fio, long own, long tolerance, List<String> out) {
    if (Math.abs(fio - own) > tolerance) {
      out.add(
          at
              + ": "
              + field
              + " fio "
              + fio
              + ", fsbench "
              + own
              + (tolerance == 0 ? "" : " (tolerance " + tolerance + ")"));
    }
  }

  static double share(long reads, long writes) {
    return reads + writes == 0 ? 0 : (double) reads / (reads + writes);
  }

  static int clones(List<FioCase.Section> sections, JsonNode fio) {
    if (sections.size() == 1 && !sections.get(0).groupReporting()) {
      return 1;
    }
    return sections.stream().mapToInt(FioCase.Section::numJobs).sum();
  }

  static int minSyncEvery(List<FioCase.Section> sections) {
    int min = Integer.MAX_VALUE;
    for (FioCase.Section s : sections) {
      for (String key : List.of("fsync", "fdatasync")) {
        String v = s.options().get(key);
        if (v != null && Integer.parseInt(v) > 0) {
          min = Math.min(min, Integer.parseInt(v));
        }
      }
    }
    return min == Integer.MAX_VALUE ? 1 : min;
  }

  /**
   * A random section whose block sizes (of either direction, as both set the random map's unit)
   * differ: which offsets its random stream draws decides how many fit before a file's end.
   */
  static boolean randomSizes(FioCase.Section s) {
    if (s.mixed() && !s.rw().startsWith("rand") && s.option("rw", "").contains(":")) {
      // each direction of rw=rw:N reaches the file's end in fewer bytes than the job's size, and
      // the first to get there ends the file: where depends on the direction draws
      return true;
    }
    if (!s.rw().startsWith("rand")) {
      return false;
    }
    boolean sequentialAmongRandom =
        (s.option("rw", "").contains(":") && !s.option("rw_sequencer", "").equals("identical"))
            || !s.option("percentage_random", "100").equals("100");
    if (sequentialAmongRandom) {
      // a sequential I/O after a random one can run past the region's end, which ends the file;
      // whether it does depends on where the random one landed
      return true;
    }
    List<Long> sizes = blockSizes(s, true);
    long smallest = sizes.stream().mapToLong(Long::longValue).min().orElse(1);
    // fio's zipf/pareto/normal ranges round the region (the file less its offset) up to whole
    // blocks, and drawing the partial last one ends the file (filesetup.c
    // __init_rand_distribution; seed 2032 case 183: a 56 KiB region of 16 KiB blocks)
    // (zoned draws whole aligned blocks inside the region, as the uniform distribution does)
    boolean partialRange =
        s.options().containsKey("random_distribution")
            && !s.option("random_distribution", "").startsWith("zoned")
            && partialRegion(s, smallest);
    return partialRange
        || shiftingLoops(s)
        || partialZone(s)
        || sizes.stream().distinct().count() > 1;
  }

  /** Whether some clone's region (its file less its offset) is not a whole number of blocks. */
  static boolean partialRegion(FioCase.Section s, long block) {
    String offset = s.option("offset", "0");
    String increment = s.option("offset_increment", "0");
    if (offset.endsWith("%") || increment.endsWith("%")) {
      return true; // the regions move with the file's size
    }
    boolean kb1000 = "1000".equals(s.option("kb_base", "1024"));
    long file = s.fileBytes();
    for (int clone = 0; clone < s.numJobs(); clone++) {
      long start =
          FioJobGenerator.bytes(offset, kb1000) + clone * FioJobGenerator.bytes(increment, kb1000);
      if (start < file && (file - start) % block != 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * A random section in strided zones of which one runs past the file's end: a block drawn in that
   * zone beyond the end ends the file (fio's get_next_offset), so where the draws land decides how
   * much it does.
   */
  static boolean partialZone(FioCase.Section s) {
    if (!s.option("zonemode", "none").equals("strided")) {
      return false;
    }
    boolean kb1000 = "1000".equals(s.option("kb_base", "1024"));
    long range = FioJobGenerator.bytes(s.option("zonerange", s.option("zonesize", "0")), kb1000);
    long skip = FioJobGenerator.bytes(s.option("zoneskip", "0"), kb1000);
    long file = s.fileBytes();
    String offset = s.option("offset", "0");
    String increment = s.option("offset_increment", "0");
    if (range <= 0) {
      return false;
    }
    if (offset.endsWith("%") || increment.endsWith("%")) {
      return true; // the zones' starts move with the file's size
    }
    for (int clone = 0; clone < s.numJobs(); clone++) {
      long first =
          FioJobGenerator.bytes(offset, kb1000) + clone * FioJobGenerator.bytes(increment, kb1000);
      for (long start = first; start < file; start += range + skip) {
        if (start + range > file) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * A random section with a percentage offset whose later loops start further in (fio's
   * clear_io_state) while its random map still spans the first loop's region: the first block drawn
   * past the file's end ends the loop, so how much it does depends on the random order.
   */
  static boolean shiftingLoops(FioCase.Section s) {
    boolean percent =
        s.option("offset", "").endsWith("%") || s.option("offset_increment", "").endsWith("%");
    // without the map a pass ends by its bytes, not its files: a queueing engine's pass then
    // ends at the job's size and the next starts further in; a synchronous engine's pass goes on
    // to the bytes of every loop (fio counts only short I/Os against it), so it never moves
    boolean ends =
        !s.flag("norandommap") || "lfsr".equals(s.option("random_generator", "")) || queues(s);
    return percent && ends && passes(s) > 1;
  }

  /**
   * A job with steady-state detection: it ends when its one-second samples settle, which the
   * machine's speed decides, so it may move less than it asks for on either side.
   */
  static boolean detectsSteadyState(FioCase.Section s) {
    return s.options().containsKey("ss") || s.options().containsKey("steadystate");
  }

  /**
   * A sequential writer on a queueing engine whose io_size exceeds its region: fio before 3.38
   * (commit d782b76f) ends each pass at the job's size rather than at io_size, so it does less per
   * pass and more passes than fsbench and fio since.
   */
  static boolean shortSequentialWritePasses(FioCase.Section s) {
    return queues(s)
        && s.writes()
        && !s.rw().startsWith("rand")
        && s.options().containsKey("io_size");
  }

  /**
   * Whether a group's slat samples in a direction depend on the direction draws: only queueing
   * engines record slat, and one with a mixed direction may draw none of a direction that a
   * synchronous member of its group does. Nor may one whose skewed distribution draws ranges that
   * its blockalign puts past the file's end, which ends the file at that draw: fio seeds the draw
   * from the file's name, directory included, so whether it does any I/O differs from directory to
   * directory (seed 2053 case 119: {@code zipf:1.2} writes of 4k over ranges of 512 bytes).
   */
  static boolean slatDrawn(List<FioCase.Section> sections) {
    return sections.size() > 1
        && sections.stream().anyMatch(s -> queues(s) && (s.mixed() || skewed(s)))
        && sections.stream().anyMatch(s -> !queues(s));
  }

  /** Whether the section draws random offsets from zipf, pareto or normal. */
  static boolean skewed(FioCase.Section s) {
    String d = s.option("random_distribution", "random");
    return s.rw().startsWith("rand")
        && (d.startsWith("zipf") || d.startsWith("pareto") || d.startsWith("normal"));
  }

  /**
   * Whether the section's engine queues I/Os ({@code FIO_Q_QUEUED}) rather than completing them.
   */
  static boolean queues(FioCase.Section s) {
    String engine = s.option("ioengine", "psync");
    return engine.equals("io_uring")
        || engine.equals("libaio")
        || (engine.equals("null") && !s.option("iodepth", "1").equals("1"));
  }

  /** The bytes the sections of a reported job are asked to move. */
  static long limitBytes(List<FioCase.Section> sections, JsonNode fio) {
    if (sections.size() == 1 && !sections.get(0).groupReporting()) {
      return sections.get(0).limitBytes();
    }
    return sections.stream().mapToLong(s -> s.limitBytes() * s.numJobs()).sum();
  }

  static void atMost(String at, String field, long value, long limit, List<String> out) {
    if (value > limit) {
      out.add(at + ": " + field + " " + value + " is more than the job asks for (" + limit + ")");
    }
  }

  /**
   * With sizes drawn, each file of each pass of each clone ends at a draw that does not fit (fio's
   * {@code get_next_buflen}: the covering entry and those after it that fit, else the file is
   * done), so each tool may stop up to one largest block short of each file's end, by its own draws
   * (seed 2047 case 968: four files of 2048k, fio's ended 4 to 63 KiB short, a total 87 KiB apart).
   */
  static long drawnEndsSlack(List<FioCase.Section> sections, int clones) {
    long ends = 0;
    for (FioCase.Section s : sections) {
      ends += s.files() * Long.parseLong(s.option("loops", "1")) * (clones == 1 ? 1 : s.numJobs());
    }
    return maxBlock(sections) * Math.max(clones, ends);
  }

  static long maxBlock(List<FioCase.Section> sections) {
    return sections.stream()
        .flatMap(s -> blockSizes(s, false).stream())
        .mapToLong(Long::longValue)
        .max()
        .orElse(4096);
  }

  /** The block sizes a section can use, in bytes, both directions. */
  static List<Long> blockSizes(FioCase.Section s, boolean bothDirections) {
    boolean kb1000 = "1000".equals(s.options().get("kb_base"));
    List<Long> out = new ArrayList<>();
    String split = s.options().get("bssplit");
    if (split != null) {
      for (String part : split.split(":")) {
        out.add(FioJobGenerator.bytes(part.substring(0, part.indexOf('/')), kb1000));
      }
      return out;
    }
    String range = s.options().get("bsrange");
    String bs = range != null ? range.substring(0, range.indexOf('-')) : s.option("bs", "4k");
    for (String part : bs.split(",")) {
      out.add(FioJobGenerator.bytes(part, kb1000));
    }
    if (out.size() == 2 && !s.mixed() && !bothDirections) {
      out.remove(s.reads() ? 1 : 0); // only the direction the job does counts
    }
    return out;
  }

  /**
   * Four standard deviations of the number of I/Os that move a fixed amount of bytes with sizes
   * drawn from the bssplit: about {@code sqrt(n) * cv} for n I/Os and the sizes' coefficient of
   * variation, for each of fio's and fsbench's draws.
   */
  static long countTolerance(List<FioCase.Section> sections, long ios) {
    double cv = 0;
    for (FioCase.Section s : sections) {
      String split = s.options().get("bssplit");
      if (split == null) {
        continue;
      }
      boolean kb1000 = "1000".equals(s.options().get("kb_base"));
      double mean = 0;
      double square = 0;
      for (String part : split.split(":")) {
        int slash = part.indexOf('/');
        double p = Integer.parseInt(part.substring(slash + 1)) / 100.0;
        double size = FioJobGenerator.bytes(part.substring(0, slash), kb1000);
        mean += p * size;
        square += p * size * size;
      }
      cv = Math.max(cv, Math.sqrt(Math.max(0, square - mean * mean)) / mean);
    }
    // at each file's end, in each pass, the room left is filled with the sizes that fit
    long tail = 0;
    for (FioCase.Section s : sections) {
      if (s.variableBlockSize()) {
        List<Long> sizes = blockSizes(s, true);
        long files =
            s.options().containsKey("filename") ? 1 : Long.parseLong(s.option("nrfiles", "1"));
        long ratio =
            sizes.stream().mapToLong(Long::longValue).max().orElse(1)
                / sizes.stream().mapToLong(Long::longValue).min().orElse(1);
        tail += files * Long.parseLong(s.option("loops", "1")) * ratio * s.numJobs();
      }
    }
    return Math.round(4 * Math.sqrt(2.0 * Math.max(1, ios)) * cv) + 1 + tail;
  }

  /**
   * The bytes a sequential mix's draws move its total by: each direction keeps its own offset, so a
   * file is done when one direction reaches its end, and how many I/Os the other did on the way is
   * a draw (four standard deviations of it, in the largest block). A random mix shares one map and
   * its total is fixed.
   */
  static long sequentialMixDraw(List<FioCase.Section> sections, FioAgreement.Io fio) {
    if (sections.stream().noneMatch(s -> s.mixed() && !s.rw().startsWith("rand"))) {
      return 0;
    }
    double p = readMix(sections);
    double n = fio.readIos() + fio.writeIos();
    return Math.round(4 * Math.sqrt(n * p * (1 - p))) * maxBlock(sections);
  }

  /**
   * Whether the JSON compares this case's sync counts with a tolerance, or not at all: fio before
   * 3.38 decides a due sync from completions (with I/Os in flight, in a mix, over several passes),
   * so the system-call comparison leaves the syncs to the JSON's (seed 2031 case 38: libaio
   * iodepth=8 fsync=3, 6 writes a clone: fio syncs once a clone, as its writes 4 to 6 have not
   * completed when the sixth is issued).
   */
  static boolean syncsDrawn(FioCase c, JsonNode fio) {
    return FioAgreement.olderThan(fio.path("fio version").asText(), 3, 38)
        && c.sections().stream()
            .anyMatch(s -> asyncSyncs(s) || mixedSyncs(s) || (syncs(s) && passes(s) > 1));
  }

  /**
   * Whether fio makes every job's counts of I/Os deterministic: one direction (or no mix), fixed
   * block sizes, nothing its random stream decides.
   */
  static boolean deterministic(FioCase c) {
    return c.sections().stream()
        .noneMatch(s -> s.mixed() || s.variableBlockSize() || randomSizes(s));
  }
}
