package io.fsbench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.FsBench;
import io.fsbench.api.JobResult;
import io.fsbench.api.PluginInfo;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import io.fsbench.core.engine.RunContext;
import io.fsbench.core.engine.block.BlockEngine;
import io.fsbench.core.jobfile.JobFile;
import io.fsbench.core.nativeio.Caches;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * fsbench's engine against fio on the same volume in the same run: per filesystem one loop volume;
 * per workload the same fio job file run by fio and by fsbench, alternately (ABBA), with caches
 * dropped before each run; then the fsbench/fio ratios of bandwidth, IOPS and p99 completion
 * latency (for latency fio/fsbench, so that above 1 means fsbench is better everywhere).
 *
 * <pre>
 * bench/vs-fio.sh [--fs ext4,xfs,btrfs,zfs] [--runtime 8] [--rounds 2] [--workloads a,b]
 *                  [--job-extra 'cpus_allowed=1'] [--fio-vs-fio] [--warmups 1]
 * </pre>
 *
 * <p>A ratio of medians says little on its own on a shared 2-core machine: each row also says
 * whether the two sides' runs overlap ({@code ≈}: some fsbench run is within the range of fio's
 * runs, so the difference is within fio's own run-to-run spread), or are apart ({@code <}: every
 * fsbench run slower than every fio run; {@code >}: faster). {@code --job-extra} adds option lines
 * to every job, for both tools (e.g. {@code cpus_allowed=1} to pin both to one CPU). {@code
 * --fio-vs-fio} runs fio on both sides: the ratios then show how far fio differs from itself here
 * from run to run, the floor any fsbench/fio ratio is read against. Before the rounds each side
 * runs {@code --warmups} times (default 1) unmeasured.
 */
public final class VsFio {

  /**
   * The classic comparison's jobs, direct 4k random reads at depth 1 and 32, and the shapes real
   * job files add: several clones on one group, a read/write mix, a block-size mix and a sync after
   * every write.
   */
  static final Map<String, String> WORKLOADS =
      orderedMap(
          "seqwrite-128k",
          "rw=write\nbs=128k\nsize=200m\n",
          "seqread-128k",
          "rw=read\nbs=128k\nsize=200m\n",
          "randwrite-4k",
          "rw=randwrite\nbs=4k\nsize=200m\n",
          "randread-4k-direct-qd1",
          "rw=randread\nbs=4k\nsize=200m\ndirect=1\nioengine=psync\n",
          "randread-4k-direct-qd32",
          "rw=randread\nbs=4k\nsize=200m\ndirect=1\nioengine=io_uring\niodepth=32\n",
          "randread-4k-numjobs4",
          "rw=randread\nbs=4k\nsize=64m\nnumjobs=4\ngroup_reporting\n",
          "randrw-4k-mix70",
          "rw=randrw\nrwmixread=70\nbs=4k\nsize=200m\n",
          "randrw-bssplit",
          // norandommap: with the map, fio shortens an I/O to the untouched blocks at its offset
          // (axmap_set_nr), so its sizes drift below the mix as the map fills and the two would
          // not do the same work (docs/measurement.md)
          "rw=randrw\nbssplit=4k/50:16k/30:64k/20\nsize=200m\nnorandommap\n",
          "randwrite-4k-fsync1",
          "rw=randwrite\nbs=4k\nsize=64m\nfsync=1\n");

  private final ObjectMapper json = new ObjectMapper();
  private final int runtime;
  private final String jobExtra;
  private final boolean fioVsFio;
  private final int warmups;

  private VsFio(int runtime, String jobExtra, boolean fioVsFio, int warmups) {
    this.runtime = runtime;
    this.jobExtra = jobExtra;
    this.fioVsFio = fioVsFio;
    this.warmups = warmups;
  }

  public static void main(String[] args) throws Exception {
    List<String> fileSystems = List.of("ext4", "xfs", "btrfs", "zfs");
    List<String> workloads = new ArrayList<>(WORKLOADS.keySet());
    int runtime = 8;
    int rounds = 2;
    StringBuilder jobExtra = new StringBuilder();
    boolean fioVsFio = false;
    int warmups = 1;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--fs" -> fileSystems = Arrays.asList(args[++i].split(","));
        case "--workloads" -> workloads = Arrays.asList(args[++i].split(","));
        case "--runtime" -> runtime = Integer.parseInt(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--job-extra" -> jobExtra.append(args[++i].strip()).append('\n');
        case "--fio-vs-fio" -> fioVsFio = true;
        case "--warmups" -> warmups = Integer.parseInt(args[++i]);
        default -> {
          System.err.println(
              "usage: vs-fio [--fs ext4,xfs,btrfs,zfs] [--workloads "
                  + String.join(",", WORKLOADS.keySet())
                  + "] [--runtime SECONDS] [--rounds N] [--job-extra OPTION=VALUE] [--fio-vs-fio] [--warmups N]");
          System.exit(2);
        }
      }
    }
    for (String w : workloads) {
      if (!WORKLOADS.containsKey(w)) {
        System.err.println("vs-fio: unknown workload " + w + "; use " + WORKLOADS.keySet());
        System.exit(2);
      }
    }
    new VsFio(runtime, jobExtra.toString(), fioVsFio, warmups).run(fileSystems, workloads, rounds);
  }

  private void run(List<String> fileSystems, List<String> workloads, int rounds) throws Exception {
    FsBench fsbench = FsBench.defaults();
    List<Row> rows = new ArrayList<>();
    System.out.println("fio: " + command("fio", "--version").strip());
    for (String fs : fileSystems) {
      PluginInfo info =
          fsbench.plugins().stream().filter(p -> p.id().equals(fs)).findFirst().orElseThrow();
      if (!info.availability().isAvailable()) {
        System.out.println(fs + ": skipped, " + info.availability());
        continue;
      }
      // 2 GiB: btrfs ran out of room at 1 GiB for the bssplit mix after the jobs before it
      try (Volume volume = fsbench.volume(fs, Target.loop(Size.gib(2)), Tuning.defaults())) {
        for (String workload : workloads) {
          try {
            rows.add(compare(fs, volume, workload, rounds));
          } catch (IOException | RuntimeException e) {
            // one job that fails on one side is a row without ratios, not the end of the table
            rows.add(
                new Row(fs, workload, null, null, "", "", "failed: " + firstLine(e.getMessage())));
          }
        }
      }
    }
    print(rows);
  }

  private Row compare(String fs, Volume volume, String workload, int rounds) throws Exception {
    String jobText =
        "[global]\ntime_based\nruntime="
            + runtime
            + "\n\n["
            + workload
            + "]\n"
            + WORKLOADS.get(workload)
            + jobExtra;
    Path fioDir = Files.createDirectories(volume.mountPoint().resolve("fsbench-vsfio-fio"));
    Path ownDir = Files.createDirectories(volume.mountPoint().resolve("fsbench-vsfio-fsbench"));
    Path jobFile = Files.createTempFile("fsbench-vsfio-", ".fio");
    Files.writeString(jobFile, jobText);
    List<VsFioSample> fio = new ArrayList<>();
    List<VsFioSample> own = new ArrayList<>();
    try {
      // unmeasured runs first: a fresh filesystem (ext4's lazy inode-table init, a new journal)
      // and a cold JVM slow the first runs, and ABBA gives the second and third slots to fsbench
      for (int w = 0; w < warmups; w++) {
        dropCaches();
        System.err.printf(
            Locale.ROOT, "%s %s fio warm-up: %s%n", fs, workload, runFio(jobFile, fioDir));
        dropCaches();
        VsFioSample warm = fioVsFio ? runFio(jobFile, ownDir) : runFsbench(jobText, ownDir, volume);
        System.err.printf(Locale.ROOT, "%s %s fsbench warm-up: %s%n", fs, workload, warm);
      }
      for (int round = 0; round < rounds; round++) {
        // ABBA: fio first in even rounds, fsbench first in odd ones
        boolean fioFirst = round % 2 == 0;
        for (int k = 0; k < 2; k++) {
          boolean runFio = (k == 0) == fioFirst;
          dropCaches();
          if (runFio) {
            fio.add(runFio(jobFile, fioDir));
          } else {
            own.add(fioVsFio ? runFio(jobFile, ownDir) : runFsbench(jobText, ownDir, volume));
          }
          System.err.printf(
              Locale.ROOT,
              "%s %s %s: %s%n",
              fs,
              workload,
              runFio ? "fio" : fioVsFio ? "fio-b" : "fsbench",
              (runFio ? fio : own).get((runFio ? fio : own).size() - 1));
        }
      }
    } catch (DirectIoUnsupported e) {
      return new Row(fs, workload, null, null, "", "", e.getMessage());
    } finally {
      Files.deleteIfExists(jobFile);
      deleteTree(fioDir);
      deleteTree(ownDir);
    }
    return new Row(
        fs,
        workload,
        VsFioSample.median(fio),
        VsFioSample.median(own),
        VsFioSample.apart(fio, own),
        VsFioSample.p99Apart(fio, own),
        null);
  }

  private VsFioSample runFio(Path jobFile, Path dir) throws Exception {
    Process p =
        new ProcessBuilder("fio", "--output-format=json", "--directory=" + dir, jobFile.toString())
            .redirectErrorStream(false)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(600, TimeUnit.SECONDS) || p.exitValue() != 0) {
      if (err.contains("direct") || out.contains("Invalid argument")) {
        throw new DirectIoUnsupported("fio: " + err.strip());
      }
      throw new IOException("fio failed: " + err + out);
    }
    JsonNode root = json.readTree(out.substring(out.indexOf('{')));
    JsonNode job = root.path("jobs").get(0);
    JsonNode side =
        job.path("read").path("io_bytes").asLong() > 0 ? job.path("read") : job.path("write");
    return new VsFioSample(
        side.path("bw_bytes").asDouble(),
        side.path("iops").asDouble(),
        side.path("clat_ns").path("percentile").path("99.000000").asDouble());
  }

  private VsFioSample runFsbench(String jobText, Path dir, Volume volume) {
    JobFile jobFile = JobFile.parse(jobText, dir, Map.of());
    RunContext context = new RunContext(dir, volume, f -> {}, new AtomicBoolean());
    List<JobResult> results;
    try {
      results = new BlockEngine().run(jobFile.jobs(), context);
    } catch (RuntimeException e) {
      if (e.getMessage() != null && e.getMessage().contains("direct I/O")) {
        throw new DirectIoUnsupported("fsbench: " + e.getMessage());
      }
      throw e;
    }
    JobResult job = results.get(0);
    var d = job.read().hasIo() ? job.read() : job.write();
    return new VsFioSample(
        d.bwBytes(), d.iops(), d.clat().percentiles().getOrDefault(99.0, 0L).doubleValue());
  }

  private static void dropCaches() throws IOException {
    Caches.dropAll();
  }

  private void print(List<Row> rows) {
    System.out.println();
    System.out.println(
        (fioVsFio
                ? "fio vs fio (--fio-vs-fio: the fsb columns are fio's second side), "
                : "fsbench vs fio, ")
            + "same job file on the same loop volume, median of the runs; ratios"
            + " fsbench/fio for bw and iops, fio/fsbench for p99 clat (above 1 = fsbench better)");
    System.out.printf(
        Locale.ROOT,
        "%-6s %-24s %12s %12s %10s %10s %10s %10s %8s %4s %8s %8s %4s%n",
        "fs",
        "workload",
        "fio MiB/s",
        "fsb MiB/s",
        "fio iops",
        "fsb iops",
        "fio p99us",
        "fsb p99us",
        "bw",
        "runs",
        "iops",
        "p99",
        "runs");
    List<Double> ratios = new ArrayList<>();
    List<String> below = new ArrayList<>();
    for (Row r : rows) {
      if (r.note != null) {
        System.out.printf(Locale.ROOT, "%-6s %-24s n/a: %s%n", r.fs, r.workload, r.note);
        continue;
      }
      double bw = r.own.bw() / r.fio.bw();
      double iops = r.own.iops() / r.fio.iops();
      double p99 = r.fio.p99() / r.own.p99();
      ratios.addAll(List.of(bw, iops, p99));
      if (bw < 0.95) {
        below.add(String.format(Locale.ROOT, "%s %s bw %.3f %s", r.fs, r.workload, bw, r.apart));
      }
      if (p99 < 0.95) {
        below.add(
            String.format(Locale.ROOT, "%s %s p99 %.3f %s", r.fs, r.workload, p99, r.p99Apart));
      }
      System.out.printf(
          Locale.ROOT,
          "%-6s %-24s %12.1f %12.1f %10.0f %10.0f %10.1f %10.1f %8.3f %4s %8.3f %8.3f %4s%n",
          r.fs,
          r.workload,
          r.fio.bw() / 1048576,
          r.own.bw() / 1048576,
          r.fio.iops(),
          r.own.iops(),
          r.fio.p99() / 1000,
          r.own.p99() / 1000,
          bw,
          r.apart,
          iops,
          p99,
          r.p99Apart);
    }
    if (!ratios.isEmpty()) {
      List<Double> sorted = ratios.stream().sorted().toList();
      double median =
          sorted.size() % 2 == 1
              ? sorted.get(sorted.size() / 2)
              : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
      System.out.printf(
          Locale.ROOT,
          "ratios: min %.3f, median %.3f, max %.3f over %d%n",
          sorted.get(0),
          median,
          sorted.get(sorted.size() - 1),
          sorted.size());
      System.out.println(
          "bw and p99 ratios below 0.95 ("
              + below.size()
              + "; < every fsbench run worse than every fio run, ≈ runs overlap): "
              + (below.isEmpty() ? "none" : String.join(", ", below)));
    }
  }

  private static String firstLine(String message) {
    return message == null ? "?" : message.lines().findFirst().orElse("?");
  }

  private static String command(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    return out;
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  private static Map<String, String> orderedMap(String... pairs) {
    Map<String, String> map = new java.util.LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put(pairs[i], pairs[i + 1]);
    }
    return java.util.Collections.unmodifiableMap(map);
  }

  private record Row(
      String fs,
      String workload,
      VsFioSample fio,
      VsFioSample own,
      String apart,
      String p99Apart,
      String note) {}

  private static final class DirectIoUnsupported extends RuntimeException {
    DirectIoUnsupported(String message) {
      super(message);
    }
  }
}
