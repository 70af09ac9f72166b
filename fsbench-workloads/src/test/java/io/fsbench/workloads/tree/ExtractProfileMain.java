package io.fsbench.workloads.tree;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Throwaway: extracts ARCHIVE into DIR and prints wall and thread CPU time of the extraction. */
public final class ExtractProfileMain {
  private ExtractProfileMain() {}

  public static void main(String[] args) throws Exception {
    int runs = Integer.getInteger("runs", 1);
    for (int run = 0; run < runs; run++) {
      Path dir = Path.of(args[1] + (run == 0 ? "" : "." + run));
      once(Path.of(args[0]), Files.createDirectory(dir), args);
    }
  }

  private static void once(Path archive, Path dir, String[] args) throws Exception {
    long[] before = ticks();
    String schedBefore = Files.readString(Path.of("/proc/thread-self/schedstat")).strip();
    long t0 = System.nanoTime();
    TreeCounts counts;
    try (InputStream in = ArchiveInput.open(archive)) {
      counts = new TarExtractor(dir, !"notimes".equals(args.length > 2 ? args[2] : "")).extract(in);
    }
    long t1 = System.nanoTime();
    long[] after = ticks();
    String schedAfter = Files.readString(Path.of("/proc/thread-self/schedstat")).strip();
    String[] b = schedBefore.split(" ");
    String[] a = schedAfter.split(" ");
    System.out.printf(
        "schedstat: on cpu %.3f s, waiting for a cpu %.3f s, %d timeslices%n",
        (Long.parseLong(a[0]) - Long.parseLong(b[0])) / 1e9,
        (Long.parseLong(a[1]) - Long.parseLong(b[1])) / 1e9,
        Long.parseLong(a[2]) - Long.parseLong(b[2]));
    System.out.printf(
        "extract: %.3f s wall, %.2f user, %.2f sys; %s%n",
        (t1 - t0) / 1e9, (after[0] - before[0]) / 100.0, (after[1] - before[1]) / 100.0, counts);
  }

  private static long[] ticks() throws java.io.IOException {
    String stat = Files.readString(Path.of("/proc/thread-self/stat"));
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12])};
  }
}
