package io.fsbench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The cases of the filebench harness: six shipped personalities with small datasets, and random
 * scripts from a seed drawn only from flowops both sides run, in sequences that never run out of
 * files (every createfile follows a deletefile in the same loop, and such filesets keep entries
 * missing), so that filebench's default timeout mode runs them to the end.
 */
final class FilebenchCases {

  /** The personalities, with the variables that make them small. */
  static final Map<String, Map<String, String>> PERSONALITIES =
      Map.of(
          "varmail", Map.of("nfiles", "200", "nthreads", "4"),
          "webserver", Map.of("nfiles", "200", "nthreads", "8"),
          "webproxy", Map.of("nfiles", "2000", "nthreads", "4"),
          "fileserver", Map.of("nfiles", "4000", "nthreads", "4", "filesize", "16k"),
          "randomread", Map.of("filesize", "16m", "nthreads", "2"),
          "randomwrite", Map.of("filesize", "16m", "nthreads", "2"));

  static final List<String> PERSONALITY_ORDER =
      List.of("varmail", "webserver", "webproxy", "fileserver", "randomread", "randomwrite");

  private FilebenchCases() {}

  /** The shipped personality {@code name} from {@code workloads}, small, for {@code runtime}. */
  static FilebenchCase personality(Path workloads, String name, Duration runtime) {
    try {
      String text = Files.readString(workloads.resolve(name + ".f"));
      return new FilebenchCase(name, text, PERSONALITIES.get(name), runtime);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * {@code count} random scripts for {@code seed}: one fileset of 20 to 300 entries, dirwidth 2 to
   * 40, a constant size of 1 to 64 KiB or a cvar-gamma of that mean, prealloc 50 to 100 (at most 90
   * with createfile); one process of 1 to 4 threads looping over 1 to 4 blocks.
   */
  static List<FilebenchCase> random(long seed, int count, Duration runtime) {
    SplittableRandom random = new SplittableRandom(seed);
    List<FilebenchCase> cases = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      cases.add(new FilebenchCase("random-" + i, script(random), Map.of(), runtime));
    }
    return cases;
  }

  private static String script(SplittableRandom random) {
    int entries = 20 + random.nextInt(281);
    int width = 2 + random.nextInt(39);
    long mean = 1024L << random.nextInt(7);
    boolean cvar = random.nextBoolean();
    StringBuilder body = new StringBuilder();
    int blocks = 1 + random.nextInt(4);
    boolean churn = false;
    int[] n = {0};
    for (int b = 0; b < blocks; b++) {
      switch (random.nextInt(3)) {
        case 0 -> body.append(ioBlock(random, n, cvar ? 0 : mean));
        case 1 -> body.append(flowop("statfile", n, "filesetname=fs1"));
        default -> {
          churn = true;
          body.append(churnBlock(random, n));
        }
      }
    }
    int prealloc = churn ? 50 + random.nextInt(41) : 50 + random.nextInt(51);
    StringBuilder s = new StringBuilder("set $dir=/tmp\n");
    s.append(
        cvar
            ? "set $filesize=cvar(type=cvar-gamma,parameters=mean:" + mean + ";gamma:1.5)\n"
            : "set $filesize=" + mean + "\n");
    s.append("define fileset name=fs1,path=$dir,size=$filesize,entries=")
        .append(entries)
        .append(",dirwidth=")
        .append(width)
        .append(",prealloc=")
        .append(prealloc)
        .append('\n');
    // one thread with createfile: another thread's open file makes deletefile skip and
    // createfile then runs out of missing files, which stops filebench without a report
    int threads = 1 + random.nextInt(4);
    s.append("define process name=p1,instances=1\n{\n  thread name=t1,memsize=1m,instances=")
        .append(churn ? 1 : threads)
        .append("\n  {\n")
        .append(body)
        .append("  }\n}\n");
    return s.toString();
  }

  /**
   * openfile, one or two data flowops on its fd (optionally an fsync), closefile. Random reads and
   * writes only with an iosize up to {@code fixedSize} (0 for drawn sizes): filebench fails the run
   * on a random I/O bigger than the file's size.
   */
  private static String ioBlock(SplittableRandom random, int[] n, long fixedSize) {
    StringBuilder b = new StringBuilder(flowop("openfile", n, "filesetname=fs1,fd=1"));
    int ops = 1 + random.nextInt(2);
    boolean wrote = false;
    for (int i = 0; i < ops; i++) {
      int iosize = 512 << random.nextInt(5);
      String io = "iosize=" + iosize + ",fd=1";
      String randomly = iosize <= fixedSize ? ",random" : "";
      switch (random.nextInt(7)) {
        case 0 -> b.append(flowop("read", n, io + randomly));
        case 1 -> b.append(flowop("read", n, io));
        case 2 -> b.append(flowop("readwholefile", n, io));
        case 3 -> {
          wrote = true;
          b.append(flowop("write", n, io + randomly));
        }
        case 4 -> {
          wrote = true;
          b.append(flowop("write", n, io));
        }
        case 5 -> {
          wrote = true;
          b.append(flowop("appendfile", n, io));
        }
        default -> {
          wrote = true;
          b.append(flowop("appendfilerand", n, io));
        }
      }
    }
    if (wrote && random.nextBoolean()) {
      b.append(flowop("fsync", n, "fd=1"));
    }
    return b.append(flowop("closefile", n, "fd=1")).toString();
  }

  /** deletefile, createfile, optionally writewholefile or appendfile on it, closefile. */
  private static String churnBlock(SplittableRandom random, int[] n) {
    StringBuilder b = new StringBuilder(flowop("deletefile", n, "filesetname=fs1"));
    b.append(flowop("createfile", n, "filesetname=fs1,fd=1"));
    String io = "iosize=" + (1024 << random.nextInt(4)) + ",fd=1";
    switch (random.nextInt(3)) {
      case 0 -> b.append(flowop("writewholefile", n, io));
      case 1 -> b.append(flowop("appendfile", n, io));
      default -> {}
    }
    return b.append(flowop("closefile", n, "fd=1")).toString();
  }

  private static String flowop(String type, int[] n, String attributes) {
    return "    flowop " + type + " name=" + type + ++n[0] + "," + attributes + "\n";
  }
}
