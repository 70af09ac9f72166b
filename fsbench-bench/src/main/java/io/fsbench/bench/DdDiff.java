package io.fsbench.bench;

import io.fsbench.Workloads;
import io.fsbench.api.DdResult;
import io.fsbench.api.DdSpec;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.Size;
import io.fsbench.core.engine.RunContext;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.workloads.dd.DdRunner;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * GNU dd against fsbench's dd in the same directory: random cases (mode, bs, count, conv, oflag,
 * iflag) from a seed, each run by both, compared field by field (records in and out, full and
 * partial, bytes copied, and for a write the size of the file made); and with {@code --ratios}, the
 * classic rows (1k and 1m, write and read) in ABBA order with the ratio of the rates; {@code
 * --self} puts GNU dd on both sides, for how far dd's rates differ from its own on this machine.
 *
 * <pre>
 * bench/vs-dd.sh [--dir /var/tmp] [--seed 7] [--count 200]
 * bench/vs-dd.sh --ratios [--self] [--dir /var/tmp] [--rounds 2] [--warmups 1] [--size 256m]
 * </pre>
 */
public final class DdDiff {

  /** Bytes one random case copies at most, so a case takes well under a second. */
  static final long MAX_CASE_BYTES = 32L << 20;

  private static final long[] BLOCK_SIZES = {
    512, 1000, 1024, 4096, 4608, 8191, 65536, 131072, 1 << 20, 3 << 20
  };

  private final ScratchDirs scratch;
  private final PrintStream log;

  DdDiff(Path parent, PrintStream log) {
    this.scratch = new ScratchDirs(parent, "fsbench-dddiff");
    this.log = log;
  }

  public static void main(String[] args) {
    try {
      System.exit(run(args));
    } catch (FsBenchException e) {
      System.err.println("vs-dd: " + e.getMessage());
      System.exit(e.kind().exitCode());
    }
  }

  private static int run(String[] args) {
    Map<String, String> options = options(args);
    Path dir = Path.of(options.getOrDefault("--dir", "/var/tmp"));
    DdDiff diff = new DdDiff(dir, System.err);
    if (options.containsKey("--ratios")) {
      int rounds = HarnessArgs.number(options, "--rounds", 2);
      Size size = Size.parse(options.getOrDefault("--size", "256m"));
      int warmups = HarnessArgs.number(options, "--warmups", 1);
      System.out.print(diff.ratios(rounds, warmups, size, options.containsKey("--self")).render());
      return 0;
    }
    DiffSummary<DdSpec> summary =
        diff.agreement(
            HarnessArgs.number(options, "--seed", 7), HarnessArgs.number(options, "--count", 200));
    System.out.println(summary);
    return summary.problems().isEmpty() ? 0 : 1;
  }

  /** The random cases for {@code seed}: sizes bounded by {@link #MAX_CASE_BYTES}. */
  static List<DdSpec> cases(long seed, int count) {
    SplittableRandom random = new SplittableRandom(seed);
    List<DdSpec> cases = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      boolean write = random.nextBoolean();
      boolean direct = random.nextInt(10) < 3;
      long bs =
          random.nextInt(4) == 0
              ? 1 + random.nextLong(2 << 20)
              : BLOCK_SIZES[random.nextInt(BLOCK_SIZES.length)];
      if (direct) {
        bs = Math.max(512, bs / 512 * 512);
      }
      boolean dsync = write && random.nextInt(8) == 0;
      // A synchronous write per block is slow on small blocks: fewer of them.
      long maxCount = Math.max(1, Math.min(dsync ? 256 : 8192, MAX_CASE_BYTES / bs));
      long blocks = 1 + random.nextLong(maxCount);
      DdSpec.Builder spec =
          write ? DdSpec.write(Size.bytes(bs), blocks) : DdSpec.read(Size.bytes(bs), blocks);
      spec.direct(direct);
      if (write) {
        spec.fdatasync(random.nextInt(3) == 0).fsync(random.nextInt(5) == 0).dsync(dsync);
      } else {
        spec.invalidate(random.nextInt(4) != 0);
      }
      cases.add(spec.build());
    }
    return cases;
  }

  /** Runs every case of {@code seed} on both sides and compares them. */
  DiffSummary<DdSpec> agreement(long seed, int count) {
    List<DiffSummary.Case<DdSpec>> results = new ArrayList<>();
    for (DdSpec spec : cases(seed, count)) {
      DiffSummary.Case<DdSpec> result = compare(spec);
      List<String> command = GnuDd.command(spec, Path.of("FILE"));
      log.println(result.logLine(command.subList(2, command.size())));
      results.add(result);
    }
    return new DiffSummary<>(seed, "GNU dd", results);
  }

  /** One case on both sides, each in a fresh scratch directory removed afterwards. */
  DiffSummary.Case<DdSpec> compare(DdSpec spec) {
    List<String> problems = new ArrayList<>();
    Side fsbench = side(spec, false);
    Side dd = side(spec, true);
    if (fsbench.error != null || dd.error != null) {
      if (fsbench.error == null || dd.error == null) {
        problems.add(
            "only one side failed: fsbench "
                + (fsbench.error == null ? "ran" : fsbench.error)
                + "; dd "
                + (dd.error == null ? "ran" : dd.error));
      }
      return new DiffSummary.Case<>(spec, problems);
    }
    if (!fsbench.summary.counts().equals(dd.summary.counts())) {
      problems.add("fsbench: " + fsbench.summary.counts() + "; dd: " + dd.summary.counts());
    }
    if (fsbench.fileSize != dd.fileSize) {
      problems.add("file size: fsbench " + fsbench.fileSize + ", dd " + dd.fileSize);
    }
    return new DiffSummary.Case<>(spec, problems);
  }

  /**
   * The classic rows of {@code size} each, ABBA per round, as rates in MB/s; with {@code self}, GNU
   * dd on both sides. Each side first runs each row {@code warmups} times unmeasured: fsbench's
   * side runs in this JVM, whose first run would also time the JIT compiling its loop.
   */
  RatioTable ratios(int rounds, int warmups, Size size, boolean self) {
    RatioTable table = new RatioTable();
    String where = scratch.parent().toString();
    for (String name : List.of("dd-write-1k", "dd-read-1k", "dd-write-1m", "dd-read-1m")) {
      long bs = name.endsWith("1k") ? 1024 : 1 << 20;
      DdSpec spec =
          (DdSpec) Workloads.named(name, Map.of("count", Long.toString(size.bytes() / bs)));
      for (int w = 0; w < warmups; w++) {
        side(spec, true);
        side(spec, self);
      }
      for (int round = 0; round < rounds; round++) {
        for (boolean cTool : new boolean[] {true, false, false, true}) {
          Side side = side(spec, cTool || self);
          if (side.error != null) {
            throw new FsBenchException(
                FsBenchException.Kind.RUN_FAILED, name + " failed: " + side.error);
          }
          double rate = side.summary.bytesPerSec() / 1e6;
          log.printf(
              "%s %s: %.1f MB/s%n",
              name, cTool ? "dd" : self ? "dd (fsbench's place)" : "fsbench", rate);
          table.add(new RatioTable.Run(name, "MB/s", where, cTool, rate));
        }
      }
    }
    return table;
  }

  /** What one side did: its summary and the size of the file it left, or why it failed. */
  private record Side(DdSummary summary, long fileSize, String error) {}

  private Side side(DdSpec spec, boolean gnu) {
    Path dir = scratch.make(gnu ? "dd" : "fsbench");
    try {
      Path file = dir.resolve("fsbench-dd.dat");
      DdSummary summary =
          gnu
              ? GnuDd.run(spec, file)
              : DdSummary.of(
                  (DdResult)
                      new DdRunner()
                          .run(spec, new RunContext(dir, null, f -> {}, new AtomicBoolean())));
      return new Side(summary, Files.size(file), null);
    } catch (FsBenchException | IOException e) {
      return new Side(null, -1, e.getMessage());
    } finally {
      remove(dir);
    }
  }

  /** Removes a scratch directory and flushes the removal, untimed, before the next run. */
  private static void remove(Path dir) {
    ScratchDirs.remove(dir);
    FileCalls.sync();
  }

  private static Map<String, String> options(String[] args) {
    return HarnessArgs.parse(
        args,
        List.of("--dir", "--seed", "--count", "--rounds", "--warmups", "--size", "--self"),
        "vs-dd.sh takes --dir PATH, --seed N, --count N, --ratios, --self, --rounds N, --warmups N,"
            + " --size S");
  }
}
