package io.fsbench.cli.bench;

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
    List<String> out = new ArrayList<>();
    JsonNode fioJobs = fio.path("jobs");
    JsonNode ownJobs = own.path("jobs");
    if (fioJobs.size() != ownJobs.size()) {
      out.add("jobs reported: fio " + fioJobs.size() + ", fsbench " + ownJobs.size());
      return out;
    }
    for (int i = 0; i < fioJobs.size(); i++) {
      compareJob(i, c.reportedAs(i), fioJobs.get(i), ownJobs.get(i), out);
    }
    return out;
  }

  private static void compareJob(
      int index, List<FioCase.Section> sections, JsonNode fio, JsonNode own, List<String> out) {
    String at = "job " + index + " (" + fio.path("jobname").asText() + ")";
    if (!fio.path("jobname").asText().equals(own.path("jobname").asText())) {
      out.add(at + ": jobname fio " + fio.path("jobname") + ", fsbench " + own.path("jobname"));
    }
    Io f = Io.of(fio);
    Io o = Io.of(own);
    boolean mixed = sections.stream().anyMatch(FioCase.Section::mixed);
    boolean variable = sections.stream().anyMatch(FioCase.Section::variableBlockSize);
    int clones = clones(sections, fio);
    long slack = variable || !oneBlockSize(sections) ? maxBlock(sections) * clones : 0;
    long writeIosSlack = 0;
    if (!mixed && !variable) {
      exact(at, "read.io_bytes", f.readBytes, o.readBytes, out);
      exact(at, "read.total_ios", f.readIos, o.readIos, out);
      exact(at, "write.io_bytes", f.writeBytes, o.writeBytes, out);
      exact(at, "write.total_ios", f.writeIos, o.writeIos, out);
    } else {
      within(
          at,
          "read+write io_bytes",
          f.readBytes + f.writeBytes,
          o.readBytes + o.writeBytes,
          slack,
          out);
      if (mixed) {
        double pf = share(f.readIos, f.writeIos);
        double po = share(o.readIos, o.writeIos);
        double n1 = Math.max(1, f.readIos + f.writeIos);
        double n2 = Math.max(1, o.readIos + o.writeIos);
        double sd = Math.sqrt(pf * (1 - pf) * (1 / n1 + 1 / n2));
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
      } else {
        within(at, "read.io_bytes", f.readBytes, o.readBytes, slack, out);
        within(at, "write.io_bytes", f.writeBytes, o.writeBytes, slack, out);
        long readTol = countTolerance(sections, f.readIos, true);
        writeIosSlack = countTolerance(sections, f.writeIos, false);
        within(at, "read.total_ios", f.readIos, o.readIos, readTol, out);
        within(at, "write.total_ios", f.writeIos, o.writeIos, writeIosSlack, out);
      }
    }
    long syncTol = writeIosSlack == 0 ? 0 : writeIosSlack / minSyncEvery(sections) + clones;
    boolean fdatasync = sections.stream().anyMatch(s -> s.options().containsKey("fdatasync"));
    if (!fdatasync) {
      within(at, "sync.total_ios", f.syncIos, o.syncIos, syncTol, out);
    }
    within(at, "sync.total_ios against fio's timed syncs", f.syncN, o.syncIos, syncTol, out);
    within(at, "sync.lat_ns.N", f.syncN, o.syncN, syncTol, out);
  }

  /** Per-direction counts of one reported job. */
  private record Io(
      long readBytes, long readIos, long writeBytes, long writeIos, long syncIos, long syncN) {
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

  /** Whether every section uses one fixed block size for reads and writes. */
  private static boolean oneBlockSize(List<FioCase.Section> sections) {
    for (FioCase.Section s : sections) {
      List<Long> sizes = blockSizes(s);
      if (sizes.stream().distinct().count() > 1) {
        return false;
      }
    }
    return true;
  }

  private static long maxBlock(List<FioCase.Section> sections) {
    return sections.stream()
        .flatMap(s -> blockSizes(s).stream())
        .mapToLong(Long::longValue)
        .max()
        .orElse(4096);
  }

  /** The block sizes a section can use, in bytes, both directions. */
  static List<Long> blockSizes(FioCase.Section s) {
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
    if (out.size() == 2 && !s.mixed()) {
      out.remove(s.reads() ? 1 : 0); // only the direction the job does counts
    }
    return out;
  }

  /**
   * Four standard deviations of the number of I/Os that move a fixed amount of bytes with sizes
   * drawn from the bssplit: about {@code sqrt(n) * cv} for n I/Os and the sizes' coefficient of
   * variation, for each of fio's and fsbench's draws.
   */
  private static long countTolerance(List<FioCase.Section> sections, long ios, boolean read) {
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
    return Math.round(4 * Math.sqrt(2.0 * Math.max(1, ios)) * cv) + 1;
  }
}
