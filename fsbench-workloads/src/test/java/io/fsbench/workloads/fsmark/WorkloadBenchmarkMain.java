package io.fsbench.workloads.fsmark;

import io.fsbench.api.FsMarkSpec;
import io.fsbench.api.LargeFileSpec;
import io.fsbench.api.Metric;
import io.fsbench.api.PostMarkResult;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.TreeSpec;
import io.fsbench.api.WorkloadResult;
import io.fsbench.core.engine.DirectoryContext;
import io.fsbench.workloads.postmark.PostMarkRunner;
import io.fsbench.workloads.tree.LargeFileRunner;
import io.fsbench.workloads.tree.TreeRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A throwaway benchmark driver, not a test: {@code WorkloadBenchmarkMain DIR WORKLOAD key=value...}
 * runs one workload in a fresh subdirectory of DIR and prints its metrics, for comparing by hand
 * with fs_mark, postmark and tar. WORKLOAD is fsmark, postmark, largefile, tree or tree-PHASE.
 * {@code -Druns=N} repeats the run N times in the same JVM (the first warms the JIT up).
 */
public final class WorkloadBenchmarkMain {

  private WorkloadBenchmarkMain() {}

  public static void main(String[] args) throws Exception {
    Path base = Path.of(args[0]);
    String workload = args[1];
    Map<String, String> params = new LinkedHashMap<>();
    for (int i = 2; i < args.length; i++) {
      int eq = args[i].indexOf('=');
      params.put(args[i].substring(0, eq), args[i].substring(eq + 1));
    }
    int runs = Integer.parseInt(System.getProperty("runs", "1"));
    for (int run = 1; run <= runs; run++) {
      System.out.println("== run " + run + " of " + runs);
      runOnce(base, workload, params);
    }
  }

  /** utime and stime of the calling thread in clock ticks (1/100 s), from /proc. */
  private static long[] threadCpuTicks() throws java.io.IOException {
    String stat = Files.readString(Path.of("/proc/thread-self/stat"));
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12])};
  }

  private static void runOnce(Path base, String workload, Map<String, String> params)
      throws Exception {
    Path dir = Files.createTempDirectory(base, "fsbench-bench-");
    DirectoryContext context = new DirectoryContext(dir);
    long[] cpuBefore = threadCpuTicks();
    long wallBefore = System.nanoTime();
    WorkloadResult result;
    switch (workload) {
      case "fsmark" -> result = new FsMarkRunner().run(FsMarkSpec.fromParams(params), context);
      case "postmark" -> {
        PostMarkResult r = new PostMarkRunner().run(PostMarkSpec.fromParams(params), context);
        System.out.print(r.report());
        result = r;
      }
      case "largefile" ->
          result = new LargeFileRunner().run(LargeFileSpec.fromParams(params), context);
      default -> result = new TreeRunner().run(TreeSpec.fromParams(workload, params), context);
    }
    long[] cpuAfter = threadCpuTicks();
    System.out.printf(
        Locale.ROOT,
        "calling thread: %.2f s wall, %.2f s user, %.2f s sys%n",
        (System.nanoTime() - wallBefore) / 1e9,
        (cpuAfter[0] - cpuBefore[0]) / 100.0,
        (cpuAfter[1] - cpuBefore[1]) / 100.0);
    for (Metric m : result.metrics()) {
      if (!m.name().contains(".lat.")
          || m.name().endsWith("p50")
          || m.name().endsWith("p99")
          || m.name().endsWith("mean")
          || m.name().endsWith("max")) {
        System.out.printf(Locale.ROOT, "%-45s %,18.3f %s%n", m.name(), m.value(), m.unit().key());
      }
    }
    System.out.println("headline " + result.headline());
    Files.walk(dir).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
  }
}
