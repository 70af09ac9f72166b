package io.fsbench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What the latency switches decide, compared for {@link FioAgreement}: which latency objects hold
 * samples and percentiles, whether the latency buckets are filled, and the file engines' timed
 * operations.
 */
final class FioLatencyAgreement {

  private FioLatencyAgreement() {}

  /**
   * Which latency objects hold samples and which have percentiles, per direction that did I/O, and
   * whether the {@code latency_*} buckets are filled: what the latency switches decide.
   */
  static void measurements(
      String at, List<FioCase.Section> sections, JsonNode fio, JsonNode own, List<String> out) {
    for (String dir : List.of("read", "write")) {
      if (fio.path(dir).path("total_ios").asLong() == 0
          || own.path(dir).path("total_ios").asLong() == 0) {
        continue;
      }
      for (String kind : List.of("slat_ns", "clat_ns", "lat_ns")) {
        if (kind.equals("slat_ns") && FioTolerances.slatDrawn(sections)) {
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
    // fio's file engines fill no bucket: in a group that mixes them with I/O jobs, the buckets
    // are filled when an I/O job did I/O, which the bytes compare where they are not a draw
    // (seed 2051 case 23: a pareto job whose first block fio draws past the file's end)
    boolean mixed =
        sections.stream()
                .map(s -> FILE_OPERATIONS.contains(s.option("ioengine", "psync")))
                .distinct()
                .count()
            > 1;
    if (bothDidIo && !mixed && fioBuckets != ownBuckets) {
      out.add(at + ": latency buckets filled fio " + fioBuckets + ", fsbench " + ownBuckets);
    }
  }

  /**
   * fio's filecreate, filestat and filedelete time one operation per file each time they open it,
   * as clat of the job's direction: as many in each direction on both sides, when every job of the
   * report runs one of them (else the other jobs' I/Os are in the same counts). Under number_ios
   * how many files a pass reaches is fio's random stream's, and in a random job of several block
   * sizes how many passes there are.
   */
  static void fileOperations(
      String at, List<FioCase.Section> sections, JsonNode fio, JsonNode own, List<String> out) {
    boolean all =
        sections.stream().allMatch(s -> FILE_OPERATIONS.contains(s.option("ioengine", "psync")));
    // nor where how many passes fio makes is its map's: a random job of several block sizes
    // (seed 2029 case 152), whose passes each re-open the files
    if (!all
        || sections.stream()
            .anyMatch(s -> s.options().containsKey("number_ios") || FioTolerances.randomSizes(s))) {
      return;
    }
    for (String dir : List.of("read", "write")) {
      FioTolerances.exact(
          at,
          dir + ".clat_ns.N (file operations)",
          fio.path(dir).path("clat_ns").path("N").asLong(),
          own.path(dir).path("clat_ns").path("N").asLong(),
          out);
    }
  }

  static final java.util.Set<String> FILE_OPERATIONS =
      java.util.Set.of("filecreate", "filestat", "filedelete");

  /** Whether a section's effective options leave completion latency unmeasured. */
  static boolean clatOff(FioCase.Section s) {
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
  static boolean measured(FioCase.Section s, String kind) {
    String prefix = kind.substring(0, kind.indexOf('_'));
    if (!prefix.equals("clat")
        && List.of("filecreate", "filestat", "filedelete")
            .contains(s.option("ioengine", "psync"))) {
      // fio's file engines time each file operation as clat only (seed 2050 case 122: beside a
      // small read/write mix, whether the group's reads have lat is whether the mix drew one)
      return false;
    }
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
  static boolean percentiles(FioCase.Section s, String kind) {
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

  static long ios(JsonNode job) {
    return job.path("read").path("total_ios").asLong()
        + job.path("write").path("total_ios").asLong();
  }

  static boolean filled(JsonNode buckets) {
    for (JsonNode v : buckets) {
      if (v.asDouble() > 0) {
        return true;
      }
    }
    return false;
  }
}
