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
 *
 * <p>The tolerances of each rule are in {@link FioTolerances}; what the latency switches and the
 * submission options decide is compared by {@link FioLatencyAgreement} and {@link
 * FioPriorityAgreement}, the per-I/O logs by {@link FioLogAgreement}.
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

  static void compareJob(
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
    FioLatencyAgreement.measurements(at, sections, fio, own, out);
    steadyState(at, fio.path("steadystate"), own.path("steadystate"), out);
    FioLatencyAgreement.fileOperations(at, sections, fio, own, out);
    FioPriorityAgreement.submission(at, sections, fio, own, out);
    Io f = Io.of(fio);
    Io o = Io.of(own);
    boolean mixed = sections.stream().anyMatch(FioCase.Section::mixed);
    boolean variable = sections.stream().anyMatch(FioCase.Section::variableBlockSize);
    boolean randomSizes =
        sections.stream()
            .anyMatch(
                s ->
                    FioTolerances.randomSizes(s)
                        || FioTolerances.detectsSteadyState(s)
                        || Verifies.backlogTimed(s)
                        || (oldFio && FioTolerances.shortSequentialWritePasses(s)));
    if (mixed && sections.stream().anyMatch(s -> s.mixed() && Verifies.readsBack(s))) {
      if (Verifies.eachWriteReadBackOnce(sections)) {
        // a verifying mix reads back each of its writes once (the reads of fio's verify list),
        // on top of the reads its mix draws: the draws are compared as any mix's
        FioTolerances.atMost(at, "fio's verify reads", f.writeIos, f.readIos, out);
        FioTolerances.atMost(at, "verify reads", o.writeIos, o.readIos, out);
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
    boolean syncTurnsDrawn =
        oldFio
            && sections.stream()
                .anyMatch(
                    s -> FioTolerances.asyncSyncs(s) && Verifies.readsBack(s) && s.files() > 1);
    int clones = FioTolerances.clones(sections, fio);
    long slack =
        variable
            ? FioTolerances.drawnEndsSlack(sections, clones)
            : FioTolerances.maxBlock(sections) * clones;
    if (sections.stream()
        .anyMatch(
            s ->
                (FioTolerances.asyncSyncs(s) || s.variableBlockSize() || s.mixed())
                    && s.options().containsKey("number_ios"))) {
      // fio counts the I/Os in flight against number_ios, syncs included: how many writes a
      // queue of them leaves room for depends on when each completes. With several block sizes,
      // or a mix whose directions have their own (bs=4k,16k), the bytes of number_ios I/Os are a
      // sum of random draws: a handful of them is no sample to compare shares on
      long cap =
          sections.size() == 1 && !sections.get(0).groupReporting()
              ? FioTolerances.numberIosCap(sections.get(0))
              : sections.stream().mapToLong(s -> FioTolerances.numberIosCap(s) * s.numJobs()).sum();
      FioTolerances.atMost(at, "fio's read+write total_ios", f.readIos + f.writeIos, cap, out);
      FioTolerances.atMost(at, "read+write total_ios", o.readIos + o.writeIos, cap, out);
      return;
    }
    long writeIosSlack = 0;
    if (!mixed
        && !variable
        && !randomSizes
        && (syncTurnsDrawn || sections.stream().anyMatch(Verifies::overwrites))) {
      // the verify reads are the blocks written, each once: how many distinct blocks random
      // writes without a map hit is the random stream's. A sync takes a turn of the files' round
      // robin, so which file the writes land in follows which syncs are due, with fio 3.33's
      // libaio and io_uring a matter of when completions are reaped (seed 2051 case 492: 1023
      // writes in one file and 1 in the other; fsbench, as later fio, all in the first)
      FioTolerances.exact(at, "write.io_bytes", f.writeBytes, o.writeBytes, out);
      FioTolerances.exact(at, "write.total_ios", f.writeIos, o.writeIos, out);
      FioTolerances.atMost(at, "fio's verify read.io_bytes", f.readBytes, f.writeBytes, out);
      FioTolerances.atMost(at, "verify read.io_bytes", o.readBytes, o.writeBytes, out);
    } else if (!mixed && !variable && !randomSizes) {
      // a section without size (sizeFromFiles) lands here too: the file it takes its size from
      // was laid out or preallocated by an earlier section, so its bytes are certain
      FioTolerances.exact(at, "read.io_bytes", f.readBytes, o.readBytes, out);
      FioTolerances.exact(at, "read.total_ios", f.readIos, o.readIos, out);
      FioTolerances.exact(at, "write.io_bytes", f.writeBytes, o.writeBytes, out);
      FioTolerances.exact(at, "write.total_ios", f.writeIos, o.writeIos, out);
    } else if (randomSizes) {
      // fio may end such a job early (a drawn size that does not fit before the file's end, a
      // fragmented random map); neither may do more than asked, plus one block per clone
      // a verifying job reads back at most what it wrote, and fio counts those reads too
      long verifies = sections.stream().anyMatch(Verifies::readsBack) ? 2 : 1;
      long limit = FioTolerances.limitBytes(sections, fio) * verifies + slack * verifies;
      FioTolerances.atMost(at, "fio's read+write io_bytes", f.readBytes + f.writeBytes, limit, out);
      FioTolerances.atMost(at, "read+write io_bytes", o.readBytes + o.writeBytes, limit, out);
      writeIosSlack = Math.max(f.writeIos, o.writeIos);
    } else {
      FioTolerances.within(
          at,
          "read+write io_bytes",
          f.readBytes + f.writeBytes,
          o.readBytes + o.writeBytes,
          slack + FioTolerances.sequentialMixDraw(sections, f),
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
        double pf = FioTolerances.share(f.readIos, f.writeIos);
        double po = FioTolerances.share(o.readIos, o.writeIos);
        double p = FioTolerances.readMix(sections);
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
        FioTolerances.within(at, "read.io_bytes", f.readBytes, o.readBytes, slack, out);
        FioTolerances.within(at, "write.io_bytes", f.writeBytes, o.writeBytes, slack, out);
        long readTol = FioTolerances.countTolerance(sections, f.readIos);
        writeIosSlack = FioTolerances.countTolerance(sections, f.writeIos);
        FioTolerances.within(at, "read.total_ios", f.readIos, o.readIos, readTol, out);
        FioTolerances.within(at, "write.total_ios", f.writeIos, o.writeIos, writeIosSlack, out);
      }
    }
    long syncTol =
        writeIosSlack == 0 ? 0 : writeIosSlack / FioTolerances.minSyncEvery(sections) + clones;
    boolean fdatasync = sections.stream().anyMatch(s -> s.options().containsKey("fdatasync"));
    if (oldFio && sections.stream().anyMatch(FioTolerances::asyncSyncs)) {
      // fio before 3.38 decides whether a sync is due from when the last write completed rather
      // than when it was issued (fio commit 673159e6): with I/Os in flight its count is neither
      // fsync=N's nor fixed; fsbench syncs as fio does since
      return;
    }
    if (oldFio && sections.stream().anyMatch(FioTolerances::mixedSyncs)) {
      // the same fio bug repeats a due sync before each read that follows the write: fio syncs
      // at least as often as fsbench, which syncs once after every N writes
      if (o.syncN > f.syncN + syncTol) {
        out.add(at + ": sync.lat_ns.N fio " + f.syncN + ", fsbench " + o.syncN + " (more)");
      }
      return;
    }
    if (oldFio
        && sections.stream().anyMatch(s -> FioTolerances.syncs(s) && FioTolerances.passes(s) > 1)) {
      // fio 3.33 issues up to two more syncs per loop after the first (observed: 16 writes,
      // fsync=4 gives 3, 8 and 13 syncs for 1, 2 and 3 loops; fsync=5 gives 3, 6, 9), from the
      // same state that commit 673159e6 rewrote, and its clear_io_state forgets that the last
      // I/O was a sync, so a pass that ended on a multiple of N syncs again first (commit
      // e11046bf, fio 3.38, keeps last_ddir_issued; seed 2054 case 164: a second pass that
      // io_size asks of a region the offset shortened). fsbench syncs as fio 3.38 does
      long extra =
          sections.stream().mapToLong(s -> 2L * (FioTolerances.passes(s) - 1) * s.numJobs()).sum();
      if (o.syncN > f.syncN + syncTol || f.syncN > o.syncN + syncTol + extra) {
        out.add(
            at + ": sync.lat_ns.N fio " + f.syncN + ", fsbench " + o.syncN + " (loops, fio 3.33)");
      }
      return;
    }
    if (!fdatasync) {
      FioTolerances.within(at, "sync.total_ios", f.syncIos, o.syncIos, syncTol, out);
    }
    long untimed = sections.stream().filter(FioLatencyAgreement::clatOff).count();
    if (untimed > 0) {
      // with disable_clat neither times its syncs; fio 3.33 then counts fdatasyncs nowhere
      if (untimed == sections.size()) {
        FioTolerances.exact(at, "sync.lat_ns.N (disable_clat)", f.syncN, o.syncN, out);
      }
      return;
    }
    FioTolerances.within(
        at, "sync.total_ios against fio's timed syncs", f.syncN, o.syncIos, syncTol, out);
    FioTolerances.within(at, "sync.lat_ns.N", f.syncN, o.syncN, syncTol, out);
  }

  /**
   * The {@code steadystate} object: there on both sides or neither, with fio's keys (and those of
   * its {@code data}), its criterion and limit ({@code ss}), its window ({@code duration}) and as
   * many samples. Whether it was attained and the samples themselves follow the clock: which
   * one-second ticks a sub-second job spans.
   */
  static void steadyState(String at, JsonNode fio, JsonNode own, List<String> out) {
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
  static void errorsAndTrims(
      String at, List<FioCase.Section> sections, JsonNode fio, JsonNode own, List<String> out) {
    // a verifying reader of fresh files counts a bad block per read: where its reads are only
    // bounded, so is that count (seed 2042 case 681: percentage_random=50, 100 and 92)
    boolean countsDrawn =
        sections.stream()
            .anyMatch(
                s ->
                    s.reads()
                        && !s.writes()
                        && Verifies.readsBack(s)
                        && FioTolerances.randomSizes(s));
    // a filedelete job whose pass may end short at a drawn block (two block sizes, an LFSR block
    // past the region) goes on to a second pass when the first did some I/O, and that pass's open
    // deletes the file again: ENOENT, error 2, or none when the first draw ended it at once (seed
    // 2053 case 206: fio 1 read then error 2; alone, fio's first block lies past the region)
    boolean deletesAgainDrawn =
        sections.stream()
            .anyMatch(
                s -> s.option("ioengine", "").equals("filedelete") && FioTolerances.randomSizes(s));
    for (String field : List.of("error", "total_err", "first_error")) {
      if (field.equals("total_err") && (countsDrawn || deletesAgainDrawn)) {
        continue;
      }
      if (deletesAgainDrawn
          && List.of(0, 2).contains(fio.path(field).asInt())
          && List.of(0, 2).contains(own.path(field).asInt())) {
        continue;
      }
      if (!fio.path(field).equals(own.path(field))) {
        out.add(at + ": " + field + " fio " + fio.path(field) + ", fsbench " + own.path(field));
      }
    }
    if (sections.stream().noneMatch(s -> s.rw().contains("trim"))) {
      return;
    }
    if (sections.stream().anyMatch(s -> s.rw().contains("trim") && FioTolerances.randomSizes(s))) {
      // a random trimmer whose later loop starts further in (a percentage offset of a file that
      // did not exist when it was set up) ends that loop at the first block drawn past the file:
      // how many it trims first is a draw (seed 2044 case 311: fio 66, fsbench 68 of 64 + 48)
      long bound =
          sections.stream()
              .filter(s -> s.rw().contains("trim"))
              .mapToLong(s -> s.fileBytes() * s.numJobs() * Long.parseLong(s.option("loops", "1")))
              .sum();
      FioTolerances.atMost(
          at, "fio's trim.io_bytes", fio.path("trim").path("io_bytes").asLong(), bound, out);
      FioTolerances.atMost(
          at, "trim.io_bytes", own.path("trim").path("io_bytes").asLong(), bound, out);
      return;
    }
    for (String field : List.of("io_bytes", "total_ios")) {
      FioTolerances.exact(
          at,
          "trim." + field,
          fio.path("trim").path(field).asLong(),
          own.path("trim").path(field).asLong(),
          out);
    }
  }

  static List<String> names(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
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
  record Io(
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
}
