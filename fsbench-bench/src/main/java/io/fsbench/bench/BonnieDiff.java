package io.fsbench.bench;

import io.fsbench.api.BonnieResult;
import io.fsbench.api.BonnieSpec;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.Size;
import io.fsbench.core.engine.RunContext;
import io.fsbench.workloads.bonnie.BonnieRunner;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * Debian's bonnie++ 2.00a against fsbench's bonnie in the same directory: random parameter sets
 * from a seed (size, chunk, seeks and seek threads, per-char size or {@code -f}, {@code -n
 * num:max:min:dirs[:chunk]}, {@code -b}, {@code -D}), each run by both with the same {@code -z}
 * seed and {@code -r} RAM, compared field by field where the result does not depend on timing
 * ({@link BonnieAgreement}); and with {@code --ratios}, ABBA runs, the ratio of the rates and of
 * the CPU time per KiB or file (bonnie++'s CPU percentages over its rates). {@code --self} puts
 * bonnie++ on both sides, for how far the C tool's rates differ from its own on this machine.
 *
 * <pre>
 * bench/vs-bonnie.sh [--dir /var/tmp] [--seed 7] [--count 50]
 * bench/vs-bonnie.sh --ratios [--self] [--dir /var/tmp] [--rounds 2] [--warmups 1] [--size 1g]
 *     [--files 16]
 * </pre>
 */
public final class BonnieDiff {

  /** The machine name both sides print, so that the name fields compare. */
  static final String MACHINE = "fsbench-bonniediff";

  private final ScratchDirs scratch;
  private final PrintStream log;

  BonnieDiff(Path parent, PrintStream log) {
    this.scratch = new ScratchDirs(parent, "fsbench-bonniediff");
    this.log = log;
  }

  public static void main(String[] args) {
    try {
      System.exit(run(args));
    } catch (FsBenchException e) {
      System.err.println("vs-bonnie: " + e.getMessage());
      System.exit(e.kind().exitCode());
    }
  }

  private static int run(String[] args) {
    Map<String, String> options = options(args);
    String missing = BonnieCpp.missing();
    if (missing != null) {
      throw new FsBenchException(FsBenchException.Kind.ENVIRONMENT, missing);
    }
    BonnieDiff diff =
        new BonnieDiff(Path.of(options.getOrDefault("--dir", "/var/tmp")), System.err);
    if (options.containsKey("--ratios")) {
      Size size = Size.parse(options.getOrDefault("--size", "1g"));
      int files = HarnessArgs.number(options, "--files", 16);
      boolean self = options.containsKey("--self");
      System.out.print(
          diff.ratios(
                  HarnessArgs.number(options, "--rounds", 2),
                  HarnessArgs.number(options, "--warmups", 1),
                  size,
                  files,
                  self)
              .render());
      return 0;
    }
    DiffSummary<BonnieSpec> summary =
        diff.agreement(
            HarnessArgs.number(options, "--seed", 7), HarnessArgs.number(options, "--count", 50));
    System.out.println(summary);
    return summary.problems().isEmpty() ? 0 : 1;
  }

  /**
   * The random cases for {@code seed}, small enough for seconds each: files of 1 to 24 MiB (or
   * none), chunks of 256 B to 64 KiB, up to 2000 seeks by 1 to 8 threads, per-char tests of 1 MiB
   * in a quarter of the cases, up to 2 × 1024 files of up to 16 KiB in up to 8 directories.
   */
  static List<BonnieSpec> cases(long seed, int count) {
    SplittableRandom random = new SplittableRandom(seed);
    List<BonnieSpec> cases = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      cases.add(randomCase(random, i));
    }
    return cases;
  }

  /** A case; its index cycles -f, per-char and -D, so that a few cases cover all three. */
  private static BonnieSpec randomCase(SplittableRandom random, int index) {
    boolean io = random.nextInt(6) != 0;
    long size = io ? 1 + random.nextInt(24) : 0;
    int files = !io || random.nextInt(3) != 0 ? 1 + random.nextInt(2) : 0;
    boolean fsync = random.nextInt(4) == 0;
    if (fsync) {
      // -b syncs every file and directory change: 1024 files are thousands of fsyncs a side.
      files = io ? 0 : Math.min(files, 1);
    }
    BonnieSpec.Builder b =
        BonnieSpec.builder()
            .fileSize(Size.mib(size))
            .chunkSize(Size.bytes(256L << random.nextInt(9)))
            .seeks(1 + random.nextInt(2000))
            .seekProcs(1 + random.nextInt(8))
            .files(files)
            .machine(MACHINE)
            .seed(random.nextLong(1L << 32))
            .fsync(fsync);
    // -r: none, or exactly half the file (bonnie++'s smallest RAM for it)
    b.ram(random.nextBoolean() || size < 2 ? Size.ZERO : Size.mib(size / 2));
    boolean perChar = io && index % 3 == 1;
    if (perChar) {
      b.perCharSize(Size.mib(1));
    } else {
      b.fast();
    }
    boolean direct = index % 3 == 2;
    b.direct(direct);
    if (direct && io) {
      b.chunkSize(Size.bytes(512L << random.nextInt(8))); // O_DIRECT takes whole sectors
    }
    if (files > 0) {
      long max = random.nextInt(3) == 0 ? 0 : random.nextInt(16 << 10);
      long min = max == 0 || random.nextBoolean() ? 0 : random.nextLong(max + 1);
      b.maxFileSize(max).minFileSize(min).directories(1 + random.nextInt(8));
      // bonnie++ 2.00a's -n ...:chunk frees the buffer its I/O tests use: only without them.
      if (!io && random.nextBoolean()) {
        b.fileChunkSize(Size.bytes(256L << random.nextInt(7)));
      }
    }
    return b.build();
  }

  /** Runs every case of {@code seed} on both sides and compares them. */
  DiffSummary<BonnieSpec> agreement(long seed, int count) {
    List<DiffSummary.Case<BonnieSpec>> results = new ArrayList<>();
    for (BonnieSpec spec : cases(seed, count)) {
      DiffSummary.Case<BonnieSpec> result = compare(spec);
      List<String> command = BonnieCpp.command(spec, Path.of("DIR"));
      log.println(result.logLine(command.subList(1, command.size())));
      results.add(result);
    }
    return new DiffSummary<>(seed, "bonnie++", results);
  }

  /** One case on both sides, each in a fresh scratch directory removed afterwards. */
  DiffSummary.Case<BonnieSpec> compare(BonnieSpec spec) {
    String bonnie;
    BonnieResult fsbench;
    Path dir = scratch.make("bonnie");
    try {
      bonnie = BonnieCpp.run(spec, dir);
      requireEmpty(dir, "bonnie++");
    } catch (FsBenchException e) {
      return new DiffSummary.Case<>(spec, List.of("bonnie++ failed: " + e.getMessage()));
    } finally {
      ScratchDirs.remove(dir);
    }
    dir = scratch.make("fsbench");
    try {
      fsbench = fsbench(spec, dir);
      requireEmpty(dir, "fsbench");
    } catch (FsBenchException e) {
      return new DiffSummary.Case<>(spec, List.of("fsbench failed: " + e.getMessage()));
    } finally {
      ScratchDirs.remove(dir);
    }
    return new DiffSummary.Case<>(spec, BonnieAgreement.compare(spec, bonnie, fsbench));
  }

  static BonnieResult fsbench(BonnieSpec spec, Path dir) {
    return new BonnieRunner().run(spec, new RunContext(dir, null, f -> {}, new AtomicBoolean()));
  }

  /**
   * The classic rows, ABBA per round, with bonnie++'s rates (KiB/s, seeks/s and files/s) and CPU
   * seconds per KiB, seek or file; with {@code self}, bonnie++ on both sides. Each side first runs
   * {@code warmups} times unmeasured: fsbench's side runs in this JVM, whose first run would also
   * time the JIT compiling its loops.
   */
  RatioTable ratios(int rounds, int warmups, Size size, int files, boolean self) {
    BonnieSpec spec =
        BonnieSpec.builder()
            .fileSize(size)
            .ram(Size.mib(size.mib() / 2))
            .files(files)
            .fast()
            .machine(MACHINE)
            .seed(4242)
            .build();
    for (int w = 0; w < warmups; w++) {
      for (boolean cTool : new boolean[] {true, false}) {
        runOnce(spec, cTool || self);
      }
    }
    RatioTable table = new RatioTable();
    for (int round = 0; round < rounds; round++) {
      for (boolean cTool : new boolean[] {true, false, false, true}) {
        String[] csv = runOnce(spec, cTool || self);
        for (Map.Entry<String, Integer> row : BonnieAgreement.RATE_ROWS.entrySet()) {
          String value = csv[row.getValue()];
          if (!value.isEmpty() && !value.startsWith("+")) {
            String unit =
                row.getValue() < 20 ? (row.getValue() == 19 ? "seeks/s" : "KiB/s") : "files/s";
            String cpu = csv[row.getValue() + 1];
            log.printf(
                "%s %s: %s %s, %s%% CPU%n",
                row.getKey(),
                cTool ? "bonnie++" : self ? "bonnie++ (fsbench's place)" : "fsbench",
                value,
                unit,
                cpu);
            double rate = Double.parseDouble(value);
            table.add(
                new RatioTable.Run(
                    row.getKey(),
                    unit,
                    scratch.parent().toString(),
                    cTool,
                    rate,
                    cpuPerUnit(cpu, rate)));
          }
        }
      }
    }
    return table;
  }

  /** One run of bonnie++ or of fsbench's bonnie in a scratch directory: its CSV line's fields. */
  private String[] runOnce(BonnieSpec spec, boolean bonnie) {
    Path dir = scratch.make(bonnie ? "bonnie" : "fsbench");
    try {
      return (bonnie ? BonnieCpp.csvLine(BonnieCpp.run(spec, dir)) : fsbench(spec, dir).csv())
          .strip()
          .split(",", -1);
    } finally {
      ScratchDirs.remove(dir);
    }
  }

  /** bonnie++'s CPU column is (user + system) / elapsed in percent; over the rate, CPU per unit. */
  static double cpuPerUnit(String cpuPercent, double rate) {
    if (cpuPercent.isEmpty() || cpuPercent.startsWith("+") || rate <= 0) {
      return Double.NaN;
    }
    return Double.parseDouble(cpuPercent) / 100 / rate;
  }

  private static void requireEmpty(Path dir, String side) {
    try (Stream<Path> left = Files.list(dir)) {
      List<Path> files = left.toList();
      if (!files.isEmpty()) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED, side + " left " + files + " behind");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<String, String> options(String[] args) {
    return HarnessArgs.parse(
        args,
        List.of(
            "--dir", "--seed", "--count", "--rounds", "--warmups", "--size", "--files", "--self"),
        "vs-bonnie.sh takes --dir PATH, --seed N, --count N, --ratios, --self, --rounds N,"
            + " --warmups N, --size S, --files N");
  }
}
