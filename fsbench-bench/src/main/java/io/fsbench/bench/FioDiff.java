package io.fsbench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The differential harness against fio: random job files ({@link FioJobGenerator}) run by fio and
 * by {@code fsbench fio} in scratch directories, compared by {@link FioAgreement}.
 *
 * <pre>
 * bench/fio-diff.sh [--seed 7] [--count 1000] [--dir /var/tmp] [--strace-every 10] [--verbose]
 * </pre>
 */
public final class FioDiff {

  /** One case's outcome and, unless it agreed, why. */
  record Result(FioCase fioCase, FioOutcome outcome, List<String> details) {}

  private final FioSides sides = new FioSides();
  private final Path scratchParent;
  private final PrintStream log;
  private int straceEvery;

  FioDiff(Path scratchParent, PrintStream log) {
    // absolute, so that the paths fio passes to unlink(2) read as the paths strace -y prints
    this.scratchParent = scratchParent.toAbsolutePath();
    this.log = log;
  }

  /**
   * Also compares the system calls on the job's files ({@link FioSyscalls}) of every {@code n}th
   * case, 0 for none: fsbench then runs in a JVM of its own, under strace as fio is.
   */
  FioDiff straceEvery(int n) {
    this.straceEvery = n;
    return this;
  }

  /** Runs {@code count} cases from {@code seed}. */
  FioDiffSummary run(long seed, int count, boolean verbose)
      throws IOException, InterruptedException {
    return run(seed, count, java.util.Set.of(), verbose);
  }

  /**
   * Runs the cases of {@code seed} below {@code count}, or only those in {@code only} when it is
   * not empty (the others are generated and skipped, so that each case is the one a full run
   * makes).
   */
  FioDiffSummary run(long seed, int count, java.util.Set<Integer> only, boolean verbose)
      throws IOException, InterruptedException {
    FioJobGenerator generator = new FioJobGenerator(seed);
    List<Result> results = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      FioCase generated = generator.next(i);
      if (!only.isEmpty() && !only.contains(i)) {
        continue;
      }
      Result r = runCase(generated, straceEvery > 0 && i % straceEvery == 0);
      results.add(r);
      if (r.outcome() != FioOutcome.AGREE) {
        log.println("case " + i + ": " + r.outcome() + "\n" + r.fioCase().text());
        r.details().forEach(d -> log.println("  " + d));
      } else if (verbose) {
        log.println("case " + i + ": agree");
      }
    }
    return new FioDiffSummary(seed, count, results);
  }

  Result runCase(FioCase c) throws IOException, InterruptedException {
    return runCase(c, false);
  }

  Result runCase(FioCase c, boolean strace) throws IOException, InterruptedException {
    Path scratch;
    synchronized (this) {
      if (stopping) {
        // the JVM is on its way out (a signal): no case starts after the clean-up ran
        throw new InterruptedException("fio-diff is stopping");
      }
      scratch = Files.createTempDirectory(scratchParent, "fsbench-fiodiff-");
      current = scratch;
    }
    try {
      Path fioDir = Files.createDirectory(scratch.resolve("fio"));
      Path ownDir = Files.createDirectory(scratch.resolve("fsbench"));
      // log prefixes name each side's own directory, so that logs land in the scratch space
      Path fioLogs = Files.createDirectory(scratch.resolve("fio-logs"));
      Path ownLogs = Files.createDirectory(scratch.resolve("fsbench-logs"));
      Path jobFile = scratch.resolve("case.fio");
      Files.writeString(jobFile, c.text().replace(FioJobGenerator.LOG_DIR, fioLogs.toString()));
      Path ownJobFile = scratch.resolve("case-fsbench.fio");
      Files.writeString(ownJobFile, c.text().replace(FioJobGenerator.LOG_DIR, ownLogs.toString()));
      Path fioTrace = scratch.resolve("fio.strace");
      Path ownTrace = scratch.resolve("fsbench.strace");
      FioSides.Ran fio = sides.runFio(jobFile, fioDir, strace ? fioTrace : null);
      if (fio.json() != null
          && FioOutcomeRules.falseSeedFailures(Files.readString(scratch.resolve("fio.err")))) {
        FioSides.Ran ran = sides.runFsBench(ownJobFile, ownDir);
        if (ran.json() == null) {
          return new Result(c, FioOutcome.FSBENCH_FAILED, List.of(ran.error()));
        }
        for (JsonNode job : ran.json().path("jobs")) {
          if (job.path("error").asInt() != 0) {
            // fsbench verifies the data fio's seed check never reached: bad data is a finding
            return new Result(
                c,
                FioOutcome.DISAGREE,
                List.of(
                    "fio failed on header seeds; fsbench's job "
                        + job.path("jobname")
                        + " ended with error "
                        + job.path("error")));
          }
        }
        return new Result(c, FioOutcome.FIO_FALSE_SEEDS, List.of("fio: bad header rand_seed"));
      }
      if (fio.json() == null) {
        if (fio.error().startsWith(FioSides.LFSR_FAILED)) {
          return new Result(c, FioOutcome.FIO_LFSR_FAILED, List.of(fio.error()));
        }
        FioSides.Ran refusal = sides.runFsBench(ownJobFile, ownDir);
        if (refusal.json() != null
            && FioOutcomeRules.zonedParseBug(fio.error())
            && sides.fioBefore341()) {
          return new Result(c, FioOutcome.FIO_ZONED_PARSE, List.of(fio.error()));
        }
        boolean bothRefused =
            refusal.json() == null && refusal.error().startsWith("fsbench exited 2");
        return new Result(
            c,
            bothRefused ? FioOutcome.BOTH_REFUSED : FioOutcome.FIO_FAILED,
            List.of(fio.error(), bothRefused ? refusal.error() : "fsbench ran it"));
      }
      FioSides.Ran own =
          strace
              ? sides.runFsBenchTraced(ownJobFile, ownDir, ownTrace)
              : sides.runFsBench(ownJobFile, ownDir);
      if (own.json() == null) {
        if (own.error().contains("smaller than its smallest block size")
            && FioOutcomeRules.someJobMovedNothing(fio.json())) {
          // fsbench refuses a job whose files hold no block; fio runs it and does no I/O
          return new Result(
              c, FioOutcome.BOTH_REFUSED, List.of("fio ran a job that did no I/O", own.error()));
        }
        if (FioOutcomeRules.verifyFailedAsFio(own.error(), fio.json())) {
          // docs/measurement.md: fsbench fails the run where fio ends the job with EILSEQ (84)
          // and reports the others (seed 2043 case 117: a reader of a laid-out file, verify=md5)
          return new Result(c, FioOutcome.AGREE, List.of());
        }
        return new Result(c, FioOutcome.FSBENCH_FAILED, List.of(own.error()));
      }
      List<String> diff = new ArrayList<>(FioAgreement.compare(c, fio.json(), own.json()));
      diff.addAll(FioLogAgreement.compareLogs(c, lineCounts(fioLogs), lineCounts(ownLogs)));
      diff.addAll(FioZoneShares.compare(c, fioLogs, ownLogs));
      if (strace) {
        diff.addAll(
            FioSyscalls.compare(
                FioSyscalls.count(fioTrace, fioDir),
                FioSyscalls.count(ownTrace, ownDir),
                // how many distinct blocks random writes without a map (or with a distribution)
                // hit decides how many verify reads follow, as in the JSON (seed 2032 case 174)
                FioTolerances.deterministic(c)
                    && !asyncVerify(c)
                    && !asyncTrimWrite(c)
                    && c.sections().stream().noneMatch(Verifies::overwrites),
                c.sections().stream()
                        .anyMatch(s -> s.option("ioengine", "psync").equals("io_uring"))
                    || FioTolerances.syncsDrawn(c, fio.json()),
                c.sections().stream().anyMatch(s -> s.options().containsKey("filename")),
                c.sections().stream()
                    .mapToInt(s -> Integer.parseInt(s.option("loops", "1")))
                    .max()
                    .orElse(1),
                untouchedFiles(c)));
      }
      return new Result(c, diff.isEmpty() ? FioOutcome.AGREE : FioOutcome.DISAGREE, diff);
    } finally {
      delete(scratch);
      current = null;
    }
  }

  /** The case's scratch directory while it runs: what a signal's clean-up removes. */
  private volatile Path current;

  private boolean stopping;

  /**
   * On SIGTERM or SIGINT (the JVM's shutdown): stops fio (and its forked jobs, strace) and removes
   * the running case's scratch directory, so that a killed run leaves no {@code fsbench-fiodiff-*}
   * behind.
   */
  void cleanUpOnExit() {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  Path scratch;
                  synchronized (this) {
                    stopping = true; // first, so that no case starts while fio is stopped
                    scratch = current;
                  }
                  ProcessHandle.current()
                      .descendants()
                      .forEach(
                          child -> {
                            child.destroyForcibly();
                            child.onExit().join();
                          });
                  if (scratch != null) {
                    try {
                      delete(scratch);
                    } catch (IOException | UncheckedIOException e) {
                      System.err.println(
                          "fio-diff: could not remove " + scratch + " (" + e.getMessage() + ")");
                    }
                  }
                },
                "fio-diff clean-up"));
  }

  /**
   * How many files the case's jobs may end before using, each opened by fsbench before its measured
   * phase and by fio only when used: the files of every clone whose pass a budget ({@code io_size},
   * {@code number_ios}, a runtime) or a {@code size} below its files' total may end early.
   */
  static long untouchedFiles(FioCase c) {
    long files = 0;
    for (FioCase.Section s : c.sections()) {
      long perClone =
          s.options().containsKey("filename")
              ? s.option("filename", "").split(":").length
              : Long.parseLong(s.option("nrfiles", "1"));
      boolean budget =
          Stream.of("io_size", "number_ios", "runtime", "timeout")
              .anyMatch(k -> s.options().containsKey(k));
      boolean sizeBelowFiles =
          s.options().containsKey("size")
              && s.options().containsKey("filesize")
              && s.fileBytes() * perClone
                  > FioJobGenerator.bytes(
                      s.option("size", "0"), "1000".equals(s.options().get("kb_base")));
      // a trim on a file fails (ENOTTY, but with falloc) and ends the job unless
      // continue_on_error covers it (a trim's error is of the write type) and ignore_error makes
      // ENOTTY non-fatal (fio's own list holds only EIO and EILSEQ): fio never opens the files
      // after the first (seed 2045 case 520: randtrim nrfiles=2 continue_on_error=read; seed 2052
      // case 0: continue_on_error=write without ignore_error)
      boolean endsAtFirstTrim =
          s.rw().contains("trim") && !s.option("ioengine", "psync").equals("falloc");
      if (perClone > 1 && (budget || sizeBelowFiles || endsAtFirstTrim)) {
        files += perClone * s.numJobs();
      }
    }
    return files;
  }

  /**
   * Whether a job verifies on io_uring or libaio: fio reads back through the engine's queue,
   * fsbench with pread(2), so the data calls differ in kind though not in number (the JSON's read
   * counts are compared).
   */
  static boolean asyncVerify(FioCase c) {
    return c.sections().stream()
        .anyMatch(
            s ->
                s.options().containsKey("verify")
                    && !s.option("verify", "0").equals("0")
                    && List.of("io_uring", "libaio").contains(s.option("ioengine", "psync")));
  }

  /**
   * Whether a trimwrite job runs on io_uring or libaio: fio queues its writes (io_submit,
   * io_uring_enter), fsbench writes with pwrite(2) between its synchronous trims, as both trim.
   */
  static boolean asyncTrimWrite(FioCase c) {
    return c.sections().stream()
        .anyMatch(
            s ->
                s.rw().endsWith("trimwrite")
                    && List.of("io_uring", "libaio").contains(s.option("ioengine", "psync")));
  }

  /** Each log file's name and number of lines. */
  private static java.util.Map<String, Long> lineCounts(Path dir) throws IOException {
    java.util.Map<String, Long> counts = new java.util.TreeMap<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.toList()) {
        try (Stream<String> lines = Files.lines(f)) {
          counts.put(f.getFileName().toString(), lines.count());
        }
      }
    }
    return counts;
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  private static int last(java.util.Set<Integer> cases) {
    return cases.stream().mapToInt(Integer::intValue).max().orElse(0);
  }

  public static void main(String[] args) throws Exception {
    long seed = 7;
    int count = 100;
    Path dir = Path.of("/var/tmp");
    boolean verbose = false;
    int straceEvery = 0;
    java.util.Set<Integer> only = new java.util.TreeSet<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--seed" -> seed = Long.parseLong(args[++i]);
        case "--count" -> count = Integer.parseInt(args[++i]);
        case "--dir" -> dir = Path.of(args[++i]);
        case "--verbose" -> verbose = true;
        case "--strace-every" -> straceEvery = Integer.parseInt(args[++i]);
        case "--only" -> {
          for (String n : args[++i].split(",")) {
            only.add(Integer.parseInt(n.strip()));
          }
        }
        default -> {
          System.err.println(
              "usage: fio-diff [--seed N] [--count N] [--only N,M..] [--dir PATH] [--strace-every N]"
                  + " [--verbose]");
          System.exit(2);
        }
      }
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      System.err.println("fio-diff: cannot make --dir " + dir + " (" + e.getMessage() + ")");
      System.exit(2);
    }
    String missing = FioSides.fioMissing();
    if (missing != null) {
      System.err.println("fio-diff: " + missing);
      System.exit(3);
    }
    if (straceEvery > 0 && FioSyscalls.straceMissing() != null) {
      System.err.println("fio-diff: " + FioSyscalls.straceMissing());
      System.exit(3);
    }
    FioDiff diff = new FioDiff(dir, System.out);
    diff.cleanUpOnExit();
    FioDiffSummary summary =
        diff.straceEvery(straceEvery)
            .run(seed, only.isEmpty() ? count : Math.max(count, last(only) + 1), only, verbose);
    System.out.println(summary);
    System.exit(summary.problems().isEmpty() ? 0 : 1);
  }
}
