package io.fsbench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * What io_submit_mode, latency_target and cmdprio decide, compared for {@link FioAgreement}: the
 * latency target's fields and depth, and which priorities each direction's {@code prios} lists.
 */
final class FioPriorityAgreement {

  private FioPriorityAgreement() {}

  /**
   * What io_submit_mode, latency_target and cmdprio decide: the job's {@code latency_depth}, {@code
   * latency_target}, {@code latency_percentile} and {@code latency_window} (the target not where a
   * job has clones: fio 3.33 multiplies a clone's target by 1000 once more when it copies the job,
   * docs/measurement.md), and per direction with 40 I/Os or more on both sides, which priorities
   * its {@code prios} array lists (at 25 to 75 % each is there but for a chance below 1e-5).
   */
  static void submission(
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
  static int probedDepth(List<FioCase.Section> sections) {
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
      long largest =
          FioTolerances.blockSizes(s, true).stream().mapToLong(Long::longValue).max().orElse(4096);
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
  static String perDirection(String value, boolean read) {
    String[] parts = value.split(",", -1);
    return read || parts.length < 2 || parts[1].isEmpty() ? parts[0].strip() : parts[1].strip();
  }

  static List<String> priorities(JsonNode prios) {
    List<String> out = new ArrayList<>();
    prios.forEach(p -> out.add(p.path("prioclass").asInt() + "/" + p.path("prio").asInt()));
    return out;
  }
}
