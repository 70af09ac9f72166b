package io.fsbench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether fsbench's JSON for a job file agrees with fio's on what fio makes deterministic, and
 * within which bounds where a random stream decides. Every bound here is a difference listed in
 * docs/measurement.md ("Differences from fio the harness tolerates"); nothing else is tolerated.
 *
 * <ul>
 *   <li>the number of reported jobs, and each one's name;
 *   <li>per direction {@code io_bytes} and {@code total_ios}, exactly, when the job's directions
 *       and block sizes are fixed;
 *   <li>with {@code rw}/{@code randrw}: the bytes of both directions together (exactly when both
 *       use one fixed block size, else within one largest block per clone) and the read share of
 *       I/Os within 5 points or four standard deviations of the two binomial draws, whichever is
 *       larger: fio and fsbench draw directions from different random streams;
 *   <li>with a bssplit of several sizes: bytes per direction within one largest block per clone,
 *       I/O counts within four standard deviations of the size draw;
 *   <li>{@code sync}: {@code total_ios} and {@code lat_ns.N} equal to the syncs fio timed ({@code
 *       lat_ns.N}), exactly when the writes are deterministic, else within what the write count
 *       allows. fio 3.33 reports fdatasync calls in {@code lat_ns.N} but not in {@code total_ios}
 *       (fixed in fio after 3.42), so fio's {@code total_ios} is compared only for fsync.
 * </ul>
 */
final class FioAgreement {

  private FioAgreement() {}

  /** The disagreements, empty when the two agree. */
  static List<String> compare(FioCase c, JsonNode fio, JsonNode own) {
    boolean oldFio = olderThan(fio.path("fio version").asText(), 3, 38);
    List<String> out = new ArrayList<>();
    List<JsonNode> fioJobs = new ArrayList<>();
    // fio 3.33 adds an empty job object (no jobname) when a group_reporting job joins the report
    // of a clone without it: it counts reports by another rule than it fills them
    fio.path("jobs")
        .forEach(
            j -> {
              if (j.has("jobname")) {
                fioJobs.add(j);
              }
            });
    JsonNode ownJobs = own.path("jobs");
    if (fioJobs.size() != ownJobs.size()) {
      out.add("jobs reported: fio " + fioJobs.size() + ", fsbench " + ownJobs.size());
      return out;
    }
    for (int i = 0; i < fioJobs.size(); i++) {
      compareJob(i, c.reportedAs(i), fioJobs.get(i), ownJobs.get(i), oldFio, out);
    }
    return out;
  }

  private static void compareJob(
      int index,
      List<FioCase.Section> sections,
      JsonNode fio,
      JsonNode own,
      boolean oldFio,
      List<String> out) {
    String at = "job " + index + " (" + fio.path("jobname").asText() + ")";
    if (!fio.path("jobname").asText().equals(own.path("jobname").asText())) {
      out.add(at + ": jobname fio " + fio.path("jobname") + ", fsbench " + own.path("jobname"));
    }
    errorsAndTrims(at, sections, fio, own, out);
    measurements(at, sections, fio, own, out);
    steadyState(at, fio.path("steadystate"), own.path("steadystate"), out);
    fileOperations(at, sections, fio, own, out);
    submission(at, sections, fio, own, out);
    Io f = Io.of(fio);
    Io o = Io.of(own);
    boolean mixed = sections.stream().anyMatch(FioCase.Section::mixed);
    boolean variable = sections.stream().anyMatch(FioCase.Section::variableBlockSize);
    boolean randomSizes =
        sections.stream()
            .anyMatch(
                s ->
                    randomSizes(s)
                        || steadyState(s)
                        || Verifies.backlogTimed(s)
                        || (oldFio && shortSequentialWritePasses(s)));
    if (mixed && sections.stream().anyMatch(s -> s.mixed() && Verifies.readsBack(s))) {
      if (Verifies.eachWriteReadBackOnce(sections)) {
        // a verifying mix reads back each of its writes once (the reads of fio's verify list),
        // on top of the reads its mix draws: the draws are compared as any mix's
        atMost(at, "fio's verify reads", f.writeIos, f.readIos, out);
        atMost(at, "verify reads", o.writeIos, o.readIos, out);
        f = f.withoutVerifyReads();
        o = o.withoutVerifyReads();
      } else {
        randomSizes = true; // some writes are not read back, or some twice: the bound only
      }
    }
    if (sections.stream().anyMatch(Verifies::overwrites)
        && (variable || sections.stream().anyMatch(FioCase.Section::reads))) {
      // how many distinct blocks the overwriting member hit decides its verify reads, a count
      // the size draws' tolerance knows nothing of (seed 2041 case 549), and a reader beside it
      // adds reads that are no verify reads (case 703): the bound only
      randomSizes = true;
    }
    int clones = clones(sections, fio);
    long slack = variable ? drawnEndsSlack(sections, clones) : maxBlock(sections) * clones;
    if (sections.stream()
        .anyMatch(
            s ->
                (asyncSyncs(s) || s.variableBlockSize() || s.mixed())
                    && s.options().containsKey("number_ios"))) {
      // fio counts the I/Os in flight against number_ios, syncs included: how many writes a
      // queue of them leaves room for depends on when each completes. With several block sizes,
      // or a mix whose directions have their own (bs=4k,16k), the bytes of number_ios I/Os are a
      // sum of random draws: a handful of them is no sample to compare shares on
      long cap =
          sections.size() == 1 && !sections.get(0).groupReporting()
              ? numberIosCap(sections.get(0))
              : sections.stream().mapToLong(s -> numberIosCap(s) * s.numJobs()).sum();
      atMost(at, "fio's read+write total_ios", f.readIos + f.writeIos, cap, out);
      atMost(at, "read+write total_ios", o.readIos + o.writeIos, cap, out);
      return;
    }
    long writeIosSlack = 0;
    if (!mixed && !variable && !randomSizes && sections.stream().anyMatch(Verifies::overwrites)) {
      // the verify reads are the blocks written, each once: how many distinct blocks random
      // writes without a map hit is the random stream's
      exact(at, "write.io_bytes", f.writeBytes, o.writeBytes, out);
      exact(at, "write.total_ios", f.writeIos, o.writeIos, out);
      atMost(at, "fio's verify read.io_bytes", f.readBytes, f.writeBytes, out);
      atMost(at, "verify read.io_bytes", o.readBytes, o.writeBytes, out);
    } else if (!mixed && !variable && !randomSizes) {
      // a section without size (sizeFromFiles) lands here too: the file it takes its size from
      // was laid out or preallocated by an earlier section, so its bytes are certain
      exact(at, "read.io_bytes", f.readBytes, o.readBytes, out);
      exact(at, "read.total_ios", f.readIos, o.readIos, out);
      exact(at, "write.io_bytes", f.writeBytes, o.writeBytes, out);
      exact(at, "write.total_ios", f.writeIos, o.writeIos, out);
    } else if (randomSizes) {
      // fio may end such a job early (a drawn size that does not fit before the file's end, a
      // fragmented random map); neither may do more than asked, plus one block per clone
      // a verifying job reads back at most what it wrote, and fio counts those reads too
      long verifies = sections.stream().anyMatch(Verifies::readsBack) ? 2 : 1;
      long limit = limitBytes(sections, fio) * verifies + slack * verifies;
      atMost(at, "fio's read+write io_bytes", f.readBytes + f.writeBytes, limit, out);
      atMost(at, "read+write io_bytes", o.readBytes + o.writeBytes, limit, out);
      writeIosSlack = Math.max(f.writeIos, o.writeIos);
    } else {
      within(
          at,
          "read+write io_bytes",
          f.readBytes + f.writeBytes,
          o.readBytes + o.writeBytes,
          slack + sequentialMixDraw(sections, f),
          out);
      // a member that only reads or only writes, with sizes drawn, adds a count of its own draws
      // to one side of the share (seed 2041 case 598: a bssplit reader beside a 50 % mix)
      boolean drawnCountBeside =
          sections.stream().anyMatch(s -> !s.mixed() && s.variableBlockSize());
      if (mixed && drawnCountBeside) {
        // the bytes of both directions together are compared above; the syncs follow each
        // side's own writes
        writeIosSlack = Math.abs(f.writeIos - o.writeIos) + 1;
      } else if (mixed) {
        double pf = share(f.readIos, f.writeIos);
        double po = share(o.readIos, o.writeIos);
        double p = readMix(sections);
        double n1 = Math.max(1, f.readIos + f.writeIos);
        double n2 = Math.max(1, o.readIos + o.writeIos);
        double sd = Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
        double tolerance = Math.max(0.05, 4 * sd);
        if (Math.abs(pf - po) > tolerance) {
          out.add(
              String.format(
                  java.util.Locale.ROOT,
                  "%s: read share of I/Os fio %.3f, fsbench %.3f (tolerance %.3f)",
                  at,
                  pf,
                  po,
                  tolerance));
        }
        writeIosSlack = Math.round(tolerance * n1) + 1;
        if (variable) {
          // with several block sizes how many writes move the bytes is a sum of draws too: the
          // syncs follow each side's own writes (seed 2031 case 173: 22 writes and 2 fdatasyncs
          // in fio, 32 and 4 in fsbench, over the same bytes)
          writeIosSlack = Math.max(writeIosSlack, Math.abs(f.writeIos - o.writeIos) + 1);
        }
      } else {
        within(at, "read.io_bytes", f.readBytes, o.readBytes, slack, out);
        within(at, "write.io_bytes", f.writeBytes, o.writeBytes, slack, out);
        long readTol = countTolerance(sections, f.readIos);
        writeIosSlack = countTolerance(sections, f.writeIos);
        within(at, "read.total_ios", f.readIos, o.readIos, readTol, out);
        within(at, "write.total_ios", f.writeIos, o.writeIos, writeIosSlack, out);
      }
    }
    long syncTol = writeIosSlack == 0 ? 0 : writeIosSlack / minSyncEvery(sections) + clones;
    boolean fdatasync = sections.stream().anyMatch(s -> s.options().containsKey("fdatasync"));
    if (oldFio && sections.stream().anyMatch(FioAgreement::asyncSyncs)) {
      // fio before 3.38 decides whether a sync is due from when the last write completed rather
      // than when it was issued (fio commit 673159e6): with I/Os in flight its count is neither
      // fsync=N's nor fixed; fsbench syncs as fio does since
      return;
    }
    if (oldFio && sections.stream().anyMatch(FioAgreement::mixedSyncs)) {
      // the same fio bug repeats a due sync before each read that follows the write: fio syncs
      // at least as often as fsbench, which syncs once after every N writes
      if (o.syncN > f.syncN + syncTol) {
        out.add(at + ": sync.lat_ns.N fio " + f.syncN + ", fsbench " + o.syncN + " (more)");
      }
      return;
    }
    if (oldFio && sections.stream().anyMatch(s -> syncs(s) && passes(s) > 1)) {
      // fio 3.33 issues up to two more syncs per loop after the first (observed: 16 writes,
      // fsync=4 gives 3, 8 and 13 syncs for 1, 2 and 3 loops; fsync=5 gives 3, 6, 9), from the
      // same state that commit 673159e6 rewrote; fsbench syncs every N writes of the whole job
      long extra = sections.stream().mapToLong(s -> 2L * (passes(s) - 1) * s.numJobs()).sum();
      if (o.syncN > f.syncN + syncTol || f.syncN > o.syncN + syncTol + extra) {
        out.add(
            at + ": sync.lat_ns.N fio " + f.syncN + ", fsbench " + o.syncN + " (loops, fio 3.33)");
      }
      return;
    }
    if (!fdatasync) {
      within(at, "sync.total_ios", f.syncIos, o.syncIos, syncTol, out);
    }
    long untimed = sections.stream().filter(FioAgreement::clatOff).count();
    if (untimed > 0) {
      // with disable_clat neither times its syncs; fio 3.33 then counts fdatasyncs nowhere
      if (untimed == sections.size()) {
        exact(at, "sync.lat_ns.N (disable_clat)", f.syncN, o.syncN, out);
      }
      return;
    }
    within(at, "sync.total_ios against fio's timed syncs", f.syncN, o.syncIos, syncTol, out);
    within(at, "sync.lat_ns.N", f.syncN, o.syncN, syncTol, out);
  }

  /**
   * The {@code steadystate} object: there on both sides or neither, with fio's keys (and those of
   * its {@code data}), its criterion and limit ({@code ss}), its window ({@code duration}) and as
   * many samples. Whether it was attained and the samples themselves follow the clock: which
   * one-second ticks a sub-second job spans.
   */
  private static void steadyState(String at, JsonNode fio, JsonNode own, List<String> out) {
    if (fio.isMissingNode() != own.isMissingNode()) {
      out.add(
          at + ": steadystate fio " + !fio.isMissingNode() + ", fsbench " + !own.isMissingNode());
      return;
    }
    if (fio.isMissingNode()) {
      return;
    }
    if (!names(fio).equals(names(own))
        || !names(fio.path("data")).equals(names(own.path("data")))) {
      out.add(at + ": steadystate keys fio " + names(fio) + ", fsbench " + names(own));
    }
    for (String field : List.of("ss", "duration")) {
      if (!fio.path(field).equals(own.path(field))) {
        out.add(
            at
                + ": steadystate."
                + field
                + " fio "
                + fio.path(field)
                + ", fsbench "
                + own.path(field));
      }
    }
    for (String series : List.of("iops", "bw")) {
      if (fio.path("data").path(series).size() != own.path("data").path(series).size()) {
        out.add(at + ": steadystate.data." + series + " sizes differ");
      }
    }
  }

  /**
   * The job's {@code error}, fio's {@code total_err} and {@code first_error} (present with {@code
   * continue_on_error} only), and the trims: exact, as the generator gives trim jobs one block size
   * and no time limit, and their errors (ENOTTY of every trim outside ioengine=falloc) are fixed.
   */
  private static void errorsAndTrims(
      String at, List<FioCase.Section> sections, JsonNode fio, JsonNode own, List<String> out) {
    // a verifying reader of fresh files counts a bad block per read: where its reads are only
    // bounded, so is that count (seed 2042 case 681: percentage_random=50, 100 and 92)
    boolean countsDrawn =
        sections.stream()
            .anyMatch(s -> s.reads() && !s.writes() && Verifies.readsBack(s) && randomSizes(s));
    for (String field : List.of("error", "total_err", "first_error")) {
      if (field.equals("total_err") && countsDrawn) {
        continue;
      }
      if (!fio.path(field).equals(own.path(field))) {
        out.add(at + ": " + field + " fio " + fio.path(field) + ", fsbench " + own.path(field));
      }
    }
    if (sections.stream().noneMatch(s -> s.rw().contains("trim"))) {
      return;
    }
    if (sections.stream().anyMatch(s -> s.rw().contains("trim") && randomSizes(s))) {
      // a random trimmer whose later loop starts further in (a percentage offset of a file that
      // did not exist when it was set up) ends that loop at the first block drawn past the file:
      // how many it trims first is a draw (seed 2044 case 311: fio 66, fsbench 68 of 64 + 48)
      long bound =
          sections.stream()
              .filter(s -> s.rw().contains("trim"))
              .mapToLong(s -> s.fileBytes() * s.numJobs() * Long.parseLong(s.option("loops", "1")))
              .sum();
      atMost(at, "fio's trim.io_bytes", fio.path("trim").path("io_bytes").asLong(), bound, out);
      atMost(at, "trim.io_bytes", own.path("trim").path("io_bytes").asLong(), bound, out);
      return;
    }
    for (String field : List.of("io_bytes", "total_ios")) {
      exact(
          at,
          "trim." + field,
          fio.path("trim").path(field).asLong(),
          own.path("trim").path(field).asLong(),
          out);
    }
  }

  private static List<String> names(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  /**
   * Whether fio makes every job's counts of I/Os deterministic: one direction (or no mix), fixed
   * block sizes, nothing its random stream decides.
   */
  /**
   * Whether the JSON compares this case's sync counts with a tolerance, or not at all: fio before
   * 3.38 decides a due sync from completions (with I/Os in flight, in a mix, over several passes),
   * so the system-call comparison leaves the syncs to the JSON's (seed 2031 case 38: libaio
   * iodepth=8 fsync=3, 6 writes a clone: fio syncs once a clone, as its writes 4 to 6 have not
   * completed when the sixth is issued).
   */
  static boolean syncsDrawn(FioCase c, JsonNode fio) {
    return olderThan(fio.path("fio version").asText(), 3, 38)
        && c.sections().stream()
            .anyMatch(s -> asyncSyncs(s) || mixedSyncs(s) || (syncs(s) && passes(s) > 1));
  }

  static boolean deterministic(FioCase c) {
    return c.sections().stream()
        .noneMatch(s -> s.mixed() || s.variableBlockSize() || randomSizes(s));
  }

  /**
   * What io_submit_mode, latency_target and cmdprio decide: the job's {@code latency_depth}, {@code
   * latency_target}, {@code latency_percentile} and {@code latency_window} (the target not where a
   * job has clones: fio 3.33 multiplies a clone's target by 1000 once more when it copies the job,
   * docs/measurement.md), and per direction with 40 I/Os or more on both sides, which priorities
   * its {@code prios} array lists (at 25 to 75 % each is there but for a chance below 1e-5).
   */
  private static void submission(
      String at, List<FioCase.Section> sections, JsonNode fio, JsonNode own, List<String> out) {
    boolean clones = sections.stream().anyMatch(s -> s.numJobs() > 1);
    for (String key :
        List.of("latency_depth", "latency_target", "latency_percentile", "latency_window")) {
      if (key.equals("latency_target") && clones) {
        continue;
      }
      // a group reports its last member's depth (fio's __show_run_stats sets it per member):
      // a member without a target beside one with it reports its iodepth (seed 2048 case 753)
      int deepest = probedDepth(List.of(sections.get(sections.size() - 1)));
      if (key.equals("latency_depth") && deepest > 1) {
        // each turn of fio's I/O loop that reaped nothing is a window of 0/0 completions, which
        // meets no percentile and lowers the depth: where the probe ends depends on the timing
        // of completions (seed 2043 case 447: fio 2 or 1 from run to run, iodepth=2 on libaio)
        for (JsonNode side : List.of(fio, own)) {
          long depth = side.path(key).asLong();
          if (depth < 1 || depth > deepest) {
            out.add(at + ": " + key + " " + depth + " outside 1.." + deepest);
          }
        }
        continue;
      }
      if (fio.path(key).asDouble() != own.path(key).asDouble()) {
        out.add(at + ": " + key + " fio " + fio.path(key) + ", fsbench " + own.path(key));
      }
    }
    for (String dir : List.of("read", "write")) {
      if (fio.path(dir).path("total_ios").asLong() < 40
          || own.path(dir).path("total_ios").asLong() < 40
          || prioritisedIos(sections, dir.equals("read")) < 40) {
        continue;
      }
      List<String> f = priorities(fio.path(dir).path("prios"));
      List<String> o = priorities(own.path(dir).path("prios"));
      // a member that prioritises only a few I/Os of the direction shows its priority or not as
      // its draws fall (seed 2044 case 267: a randrw member of 4 blocks beside one of thousands)
      java.util.Set<String> drawn = drawnPriorities(sections, dir.equals("read"));
      f.removeAll(drawn);
      o.removeAll(drawn);
      if (!f.equals(o)) {
        out.add(at + ": " + dir + ".prios fio " + f + ", fsbench " + o);
      }
    }
  }

  /**
   * The deepest queue a latency target may probe in the report's members: their {@code iodepth} on
   * an engine that queues (libaio, io_uring); 1 where none probes beyond depth 1.
   */
  private static int probedDepth(List<FioCase.Section> sections) {
    int deepest = 1;
    for (FioCase.Section s : sections) {
      String engine = s.option("ioengine", "psync");
      boolean queues = engine.equals("libaio") || engine.equals("io_uring");
      if (s.options().containsKey("latency_target") && queues) {
        deepest = Math.max(deepest, Integer.parseInt(s.option("iodepth", "1")));
      }
    }
    return deepest;
  }

  /**
   * About how many I/Os of a direction the report's cmdprio members do (the report's counts include
   * its other members'): their share decides whether each priority has I/Os (seed 2040 case 736: a
   * randrw member of 3 I/Os beside one of hundreds).
   */
  static long prioritisedIos(List<FioCase.Section> sections, boolean read) {
    long ios = 0;
    for (FioCase.Section s : sections) {
      if (!s.options().containsKey("cmdprio_percentage")
          && !s.options().containsKey("cmdprio_bssplit")) {
        continue;
      }
      if (read ? !s.reads() : !s.writes()) {
        continue;
      }
      long largest = blockSizes(s, true).stream().mapToLong(Long::longValue).max().orElse(4096);
      long files =
          s.options().containsKey("filename") ? 1 : Long.parseLong(s.option("nrfiles", "1"));
      long each = s.fileBytes() * files / largest;
      if (s.options().containsKey("number_ios")) {
        each = Math.min(each, Long.parseLong(s.option("number_ios", "0")));
      }
      double share = 1;
      if (s.mixed()) {
        String mix = s.option("rwmixread", null);
        int readPercent =
            mix != null
                ? Integer.parseInt(mix)
                : 100 - Integer.parseInt(s.option("rwmixwrite", "50"));
        share = (read ? readPercent : 100 - readPercent) / 100.0;
      }
      ios += (long) (each * share) * s.numJobs() * Long.parseLong(s.option("loops", "1"));
    }
    return ios;
  }

  /**
   * The priorities ({@code class/prio}) of the report's members that prioritise fewer than 40 I/Os
   * of a direction, unless a member that prioritises more has the same: whether each shows in the
   * {@code prios} array is a draw. Only members with {@code cmdprio_percentage}, {@code
   * cmdprio_class} and {@code cmdprio} given.
   */
  static java.util.Set<String> drawnPriorities(List<FioCase.Section> sections, boolean read) {
    java.util.Set<String> drawn = new java.util.HashSet<>();
    java.util.Set<String> certain = new java.util.HashSet<>();
    for (FioCase.Section s : sections) {
      String percent = s.options().get("cmdprio_percentage");
      String prioClass = s.options().get("cmdprio_class");
      String prio = s.options().get("cmdprio");
      if (percent == null || prioClass == null || prio == null) {
        continue;
      }
      String pair = perDirection(prioClass, read) + "/" + perDirection(prio, read);
      long ios =
          prioritisedIos(List.of(s), read) * Integer.parseInt(perDirection(percent, read)) / 100;
      (ios < 40 ? drawn : certain).add(pair);
    }
    drawn.removeAll(certain);
    return drawn;
  }

  /** A per-direction option's value for reads (first) or writes (second, else the first). */
  private static String perDirection(String value, boolean read) {
    String[] parts = value.split(",", -1);
    return read || parts.length < 2 || parts[1].isEmpty() ? parts[0].strip() : parts[1].strip();
  }

  private static List<String> priorities(JsonNode prios) {
    List<String> out = new ArrayList<>();
    prios.forEach(p -> out.add(p.path("prioclass").asInt() + "/" + p.path("prio").asInt()));
    return out;
  }

  /**
   * Which latency objects hold samples and which have percentiles, per direction that did I/O, and
   * whether the {@code latency_*} buckets are filled: what the latency switches decide.
   */
  private static void measurements(
      String at, List<FioCase.Section> sections, JsonNode fio, JsonNode own, List<String> out) {
    for (String dir : List.of("read", "write")) {
      if (fio.path(dir).path("total_ios").asLong() == 0
          || own.path(dir).path("total_ios").asLong() == 0) {
        continue;
      }
      for (String kind : List.of("slat_ns", "clat_ns", "lat_ns")) {
        if (kind.equals("slat_ns") && slatDrawn(sections)) {
          continue;
        }
        JsonNode f = fio.path(dir).path(kind);
        JsonNode o = own.path(dir).path(kind);
        // a group whose members differ in this kind's *_percentiles: fio shows percentiles of
        // the members that kept a histogram, fsbench none (docs/measurement.md)
        boolean comparePercentiles =
            sections.stream().map(sec -> percentiles(sec, kind)).distinct().count() == 1;
        // a group whose members differ in whether they time this kind: whether it has samples
        // is whether a timed member did I/O in this direction, a draw on a small mix
        boolean compareSamples =
            sections.stream().map(sec -> measured(sec, kind)).distinct().count() == 1;
        String fp =
            (compareSamples && f.path("N").asLong() > 0)
                + "/"
                + (comparePercentiles && f.has("percentile"));
        String op =
            (compareSamples && o.path("N").asLong() > 0)
                + "/"
                + (comparePercentiles && o.has("percentile"));
        if (!fp.equals(op)) {
          out.add(
              at
                  + ": "
                  + dir
                  + "."
                  + kind
                  + " has samples/percentiles fio "
                  + fp
                  + ", fsbench "
                  + op);
        }
      }
    }
    boolean fioBuckets =
        filled(fio.path("latency_us"))
            || filled(fio.path("latency_ns"))
            || filled(fio.path("latency_ms"));
    boolean ownBuckets =
        filled(own.path("latency_us"))
            || filled(own.path("latency_ns"))
            || filled(own.path("latency_ms"));
    boolean bothDidIo = ios(fio) > 0 && ios(own) > 0;
    if (bothDidIo && fioBuckets != ownBuckets) {
      out.add(at + ": latency buckets filled fio " + fioBuckets + ", fsbench " + ownBuckets);
    }
  }

  /**
   * The bytes a sequential mix's draws move its total by: each direction keeps its own offset, so a
   * file is done when one direction reaches its end, and how many I/Os the other did on the way is
   * a draw (four standard deviations of it, in the largest block). A random mix shares one map and
   * its total is fixed.
   */
  private static long sequentialMixDraw(List<FioCase.Section> sections, Io fio) {
    if (sections.stream().noneMatch(s -> s.mixed() && !s.rw().startsWith("rand"))) {
      return 0;
    }
    double p = readMix(sections);
    double n = fio.readIos + fio.writeIos;
    return Math.round(4 * Math.sqrt(n * p * (1 - p))) * maxBlock(sections);
  }

  /**
   * fio's filecreate, filestat and filedelete time one operation per file each time they open it,
   * as clat of the job's direction: as many in each direction on both sides, when every job of the
   * report runs one of them (else the other jobs' I/Os are in the same counts). Under number_ios
   * how many files a pass reaches is fio's random stream's, and in a random job of several block
   * sizes how many passes there are.
   */
  private static void fileOperations(
      String at, List<FioCase.Section> sections, JsonNode fio, JsonNode own, List<String> out) {
    boolean all =
        sections.stream().allMatch(s -> FILE_OPERATIONS.contains(s.option("ioengine", "psync")));
    // nor where how many passes fio makes is its map's: a random job of several block sizes
    // (seed 2029 case 152), whose passes each re-open the files
    if (!all
        || sections.stream()
            .anyMatch(s -> s.options().containsKey("number_ios") || randomSizes(s))) {
      return;
    }
    for (String dir : List.of("read", "write")) {
      exact(
          at,
          dir + ".clat_ns.N (file operations)",
          fio.path(dir).path("clat_ns").path("N").asLong(),
          own.path(dir).path("clat_ns").path("N").asLong(),
          out);
    }
  }

  private static final java.util.Set<String> FILE_OPERATIONS =
      java.util.Set.of("filecreate", "filestat", "filedelete");

  /** Whether a section's effective options leave completion latency unmeasured. */
  private static boolean clatOff(FioCase.Section s) {
    boolean off = false;
    for (java.util.Map.Entry<String, String> e : s.options().entrySet()) {
      if (e.getKey().equals("gtod_reduce") && !e.getValue().equals("0")) {
        off = true;
      } else if (e.getKey().equals("disable_clat")) {
        off = !e.getValue().equals("0");
      }
    }
    return off;
  }

  /**
   * Whether a section times slat_ns, clat_ns or lat_ns: its disable_* and gtod_reduce, in order.
   */
  private static boolean measured(FioCase.Section s, String kind) {
    String prefix = kind.substring(0, kind.indexOf('_'));
    boolean measured = true;
    for (java.util.Map.Entry<String, String> e : s.options().entrySet()) {
      if (e.getKey().equals("gtod_reduce") && !e.getValue().equals("0")) {
        measured = false;
      } else if (e.getKey().equals("disable_" + prefix)) {
        measured = e.getValue().equals("0");
      }
    }
    return measured;
  }

  /** A section's effective *_percentiles for slat_ns, clat_ns or lat_ns, options in order. */
  private static boolean percentiles(FioCase.Section s, String kind) {
    String prefix = kind.substring(0, kind.indexOf('_'));
    String name = prefix + "_percentiles";
    boolean on = name.equals("clat_percentiles");
    boolean measured = true;
    for (java.util.Map.Entry<String, String> e : s.options().entrySet()) {
      if (e.getKey().equals("gtod_reduce") && !e.getValue().equals("0")) {
        on = false;
        measured = false;
      } else if (e.getKey().equals(name)) {
        on = !e.getValue().equals("0");
      } else if (e.getKey().equals("disable_" + prefix)) {
        measured = e.getValue().equals("0");
      }
    }
    return on && measured; // fio drops the percentiles of a latency it does not measure
  }

  private static long ios(JsonNode job) {
    return job.path("read").path("total_ios").asLong()
        + job.path("write").path("total_ios").asLong();
  }

  private static boolean filled(JsonNode buckets) {
    for (JsonNode v : buckets) {
      if (v.asDouble() > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * The log files each side wrote, by name, and their lines: the same files, and, where the case's
   * I/O counts are compared exactly, as many lines in each (the generator asks only for per-I/O
   * logs, whose lines are the I/Os).
   */
  static List<String> compareLogs(
      FioCase c, java.util.Map<String, Long> fio, java.util.Map<String, Long> own) {
    List<String> out = new ArrayList<>();
    if (!fio.keySet().equals(own.keySet())) {
      out.add("log files: fio " + fio.keySet() + ", fsbench " + own.keySet());
      return out;
    }
    // lines are I/Os: compared only where the I/O counts are (fixed directions and sizes, and
    // no verify after random writes that may hit a block twice: how many distinct blocks they
    // hit, each read back once, is the random stream's; seed 2033 case 139)
    boolean exactCounts =
        c.sections().stream()
            .noneMatch(
                s ->
                    s.mixed() || s.variableBlockSize() || randomSizes(s) || Verifies.overwrites(s));
    if (!exactCounts) {
      return out;
    }
    fio.forEach(
        (name, lines) -> {
          if (!lines.equals(own.get(name))) {
            out.add("log " + name + ": lines fio " + lines + ", fsbench " + own.get(name));
          }
        });
    return out;
  }

  private static boolean syncs(FioCase.Section s) {
    return s.writes() && (s.options().containsKey("fsync") || s.options().containsKey("fdatasync"));
  }

  /** A section that syncs every N writes with several I/Os in flight. */
  private static boolean asyncSyncs(FioCase.Section s) {
    boolean async =
        !s.option("ioengine", "psync").equals("psync")
            && Integer.parseInt(s.option("iodepth", "1")) > 1;
    return syncs(s) && async;
  }

  /** Passes over the files: the loops, or as many as an io_size above the files needs. */
  private static long passes(FioCase.Section s) {
    long loops = Long.parseLong(s.option("loops", "1"));
    long files = s.options().containsKey("filename") ? 1 : Long.parseLong(s.option("nrfiles", "1"));
    long perPass = Math.max(1, s.fileBytes() * files);
    return Math.max(loops, (s.limitBytes() + perPass - 1) / perPass);
  }

  /** The I/Os number_ios allows one clone of a section: number_ios times loops. */
  private static long numberIosCap(FioCase.Section s) {
    long perClone =
        Long.parseLong(s.option("number_ios", "0")) * Long.parseLong(s.option("loops", "1"));
    return perClone == 0 ? Long.MAX_VALUE / 4096 : perClone;
  }

  /** A section that syncs every N writes and also reads. */
  private static boolean mixedSyncs(FioCase.Section s) {
    return syncs(s) && s.mixed();
  }

  /** The read share a mixed job asks for. */
  private static double readMix(List<FioCase.Section> sections) {
    FioCase.Section s = sections.stream().filter(FioCase.Section::mixed).findFirst().orElseThrow();
    if (s.options().containsKey("rwmixread")) {
      return Integer.parseInt(s.options().get("rwmixread")) / 100.0;
    }
    return s.options().containsKey("rwmixwrite")
        ? 1 - Integer.parseInt(s.options().get("rwmixwrite")) / 100.0
        : 0.5;
  }

  /** Whether a "fio-3.33" version string is older than major.minor. */
  static boolean olderThan(String version, int major, int minor) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("fio-(\\d+)\\.(\\d+)").matcher(version);
    if (!m.find()) {
      return false;
    }
    int a = Integer.parseInt(m.group(1));
    int b = Integer.parseInt(m.group(2));
    return a < major || (a == major && b < minor);
  }

  /** Per-direction counts of one reported job. */
  private record Io(
      long readBytes, long readIos, long writeBytes, long writeIos, long syncIos, long syncN) {

    /** The counts less one read per write: what is left of the reads is the mix's own. */
    Io withoutVerifyReads() {
      return new Io(
          readBytes - writeBytes, readIos - writeIos, writeBytes, writeIos, syncIos, syncN);
    }

    static Io of(JsonNode job) {
      return new Io(
          job.path("read").path("io_bytes").asLong(),
          job.path("read").path("total_ios").asLong(),
          job.path("write").path("io_bytes").asLong(),
          job.path("write").path("total_ios").asLong(),
          job.path("sync").path("total_ios").asLong(),
          job.path("sync").path("lat_ns").path("N").asLong());
    }
  }

  private static void exact(String at, String field, long fio, long own, List<String> out) {
    within(at, field, fio, own, 0, out);
  }

  private static void within(
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

  private static double share(long reads, long writes) {
    return reads + writes == 0 ? 0 : (double) reads / (reads + writes);
  }

  private static int clones(List<FioCase.Section> sections, JsonNode fio) {
    if (sections.size() == 1 && !sections.get(0).groupReporting()) {
      return 1;
    }
    return sections.stream().mapToInt(FioCase.Section::numJobs).sum();
  }

  private static int minSyncEvery(List<FioCase.Section> sections) {
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
  private static boolean randomSizes(FioCase.Section s) {
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
  private static boolean partialRegion(FioCase.Section s, long block) {
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
  private static boolean partialZone(FioCase.Section s) {
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
  private static boolean shiftingLoops(FioCase.Section s) {
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
  private static boolean steadyState(FioCase.Section s) {
    return s.options().containsKey("ss") || s.options().containsKey("steadystate");
  }

  /**
   * A sequential writer on a queueing engine whose io_size exceeds its region: fio before 3.38
   * (commit d782b76f) ends each pass at the job's size rather than at io_size, so it does less per
   * pass and more passes than fsbench and fio since.
   */
  private static boolean shortSequentialWritePasses(FioCase.Section s) {
    return queues(s)
        && s.writes()
        && !s.rw().startsWith("rand")
        && s.options().containsKey("io_size");
  }

  /**
   * Whether a group's slat samples in a direction depend on the direction draws: only queueing
   * engines record slat, and one with a mixed direction may draw none of a direction that a
   * synchronous member of its group does.
   */
  private static boolean slatDrawn(List<FioCase.Section> sections) {
    return sections.size() > 1
        && sections.stream().anyMatch(s -> queues(s) && s.mixed())
        && sections.stream().anyMatch(s -> !queues(s));
  }

  /**
   * Whether the section's engine queues I/Os ({@code FIO_Q_QUEUED}) rather than completing them.
   */
  private static boolean queues(FioCase.Section s) {
    String engine = s.option("ioengine", "psync");
    return engine.equals("io_uring")
        || engine.equals("libaio")
        || (engine.equals("null") && !s.option("iodepth", "1").equals("1"));
  }

  /** The bytes the sections of a reported job are asked to move. */
  private static long limitBytes(List<FioCase.Section> sections, JsonNode fio) {
    if (sections.size() == 1 && !sections.get(0).groupReporting()) {
      return sections.get(0).limitBytes();
    }
    return sections.stream().mapToLong(s -> s.limitBytes() * s.numJobs()).sum();
  }

  private static void atMost(String at, String field, long value, long limit, List<String> out) {
    if (value > limit) {
      out.add(at + ": " + field + " " + value + " is more than the job asks for (" + limit + ")");
    }
  }

  /**
   * With sizes drawn, each file of each pass of each clone ends at a draw that does not fit (fio's
   * {@code get_next_buflen}: the covering entry and those after it that fit, else the file is
   * done), so each tool may stop up to one largest block short of each file's end, by its own draws
   * (seed 2047 case 968: four files of 2048k, fio's ended 4 to 64 KiB short, a total 87 KiB apart).
   */
  private static long drawnEndsSlack(List<FioCase.Section> sections, int clones) {
    long ends = 0;
    for (FioCase.Section s : sections) {
      ends += s.files() * Long.parseLong(s.option("loops", "1")) * (clones == 1 ? 1 : s.numJobs());
    }
    return maxBlock(sections) * Math.max(clones, ends);
  }

  private static long maxBlock(List<FioCase.Section> sections) {
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
  private static long countTolerance(List<FioCase.Section> sections, long ios) {
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
}
