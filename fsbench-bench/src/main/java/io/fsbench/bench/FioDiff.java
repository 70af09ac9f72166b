package io.fsbench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.cli.Main;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
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

  /** How one case ended. */
  enum Outcome {
    AGREE,
    DISAGREE,
    FSBENCH_FAILED,
    FIO_FAILED,
    /** fio refused the job file, and fsbench refused it too (exit 2): they agree. */
    BOTH_REFUSED,
    /**
     * fio could not initialise its LFSR for a clone's seed (the seed's low bits all ones, which
     * {@code lfsr_reset} refuses) and ran that clone without I/O: nothing to compare.
     */
    FIO_LFSR_FAILED,
    /**
     * fio before 3.41 could not parse a per-direction zoned list ({@code zoned:R,W}): its option
     * parser took the value's prefix up to the first comma before the first colon, fixed by fio
     * commit 7d240881. fsbench runs it; there is no fio result to compare.
     */
    FIO_ZONED_PARSE,
    /**
     * fio 3.33 failed a mixed job's verify on header seeds alone ({@code bad header rand_seed}),
     * the data intact: its verify stream runs in another order than the writes drew it (a random
     * generator without a map, a later pass). fsbench runs it; fio's result is no reference
     * (docs/measurement.md).
     */
    FIO_FALSE_SEEDS
  }

  /** One case's outcome and, unless it agreed, why. */
  record Result(FioCase fioCase, Outcome outcome, List<String> details) {}

  /** Counts per outcome and the cases that did not agree. */
  record Summary(long seed, int count, List<Result> results) {
    long count(Outcome outcome) {
      return results.stream().filter(r -> r.outcome() == outcome).count();
    }

    List<Result> problems() {
      return results.stream()
          .filter(
              r ->
                  r.outcome() != Outcome.AGREE
                      && r.outcome() != Outcome.BOTH_REFUSED
                      && r.outcome() != Outcome.FIO_LFSR_FAILED
                      && r.outcome() != Outcome.FIO_ZONED_PARSE
                      && r.outcome() != Outcome.FIO_FALSE_SEEDS)
          .toList();
    }

    @Override
    public String toString() {
      return String.format(
              "seed %d, %d jobs: %d agree, %d disagree, %d fsbench failed, %d refused by fio only,"
                  + " %d refused by both, %d skipped (fio's LFSR failed)%s",
              seed,
              count,
              count(Outcome.AGREE),
              count(Outcome.DISAGREE),
              count(Outcome.FSBENCH_FAILED),
              count(Outcome.FIO_FAILED),
              count(Outcome.BOTH_REFUSED),
              count(Outcome.FIO_LFSR_FAILED),
              count(Outcome.FIO_ZONED_PARSE) == 0
                  ? ""
                  : ", "
                      + count(Outcome.FIO_ZONED_PARSE)
                      + " skipped (fio before 3.41 cannot parse zoned:R,W)")
          + (count(Outcome.FIO_FALSE_SEEDS) == 0
              ? ""
              : ", "
                  + count(Outcome.FIO_FALSE_SEEDS)
                  + " skipped (fio failed intact blocks on their header seeds)");
    }
  }

  private static final String LFSR_FAILED = "fio failed and went on: ";

  private final ObjectMapper json = new ObjectMapper();
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

  /** Whether fio can be run here, or why not. */
  static String fioMissing() {
    try {
      Process p = new ProcessBuilder("fio", "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor() == 0 ? null : "fio --version failed";
    } catch (IOException e) {
      return "fio is not installed (apt-get install fio, or scripts/setup)";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  /** Runs {@code count} cases from {@code seed}. */
  Summary run(long seed, int count, boolean verbose) throws IOException, InterruptedException {
    return run(seed, count, java.util.Set.of(), verbose);
  }

  /**
   * Runs the cases of {@code seed} below {@code count}, or only those in {@code only} when it is
   * not empty (the others are generated and skipped, so that each case is the one a full run
   * makes).
   */
  Summary run(long seed, int count, java.util.Set<Integer> only, boolean verbose)
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
      if (r.outcome() != Outcome.AGREE) {
        log.println("case " + i + ": " + r.outcome() + "\n" + r.fioCase().text());
        r.details().forEach(d -> log.println("  " + d));
      } else if (verbose) {
        log.println("case " + i + ": agree");
      }
    }
    return new Summary(seed, count, results);
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
      Ran fio = runFio(jobFile, fioDir, strace ? fioTrace : null);
      if (fio.json != null && falseSeedFailures(Files.readString(scratch.resolve("fio.err")))) {
        Ran ran = runFsBench(ownJobFile, ownDir);
        if (ran.json == null) {
          return new Result(c, Outcome.FSBENCH_FAILED, List.of(ran.error));
        }
        for (JsonNode job : ran.json.path("jobs")) {
          if (job.path("error").asInt() != 0) {
            // fsbench verifies the data fio's seed check never reached: bad data is a finding
            return new Result(
                c,
                Outcome.DISAGREE,
                List.of(
                    "fio failed on header seeds; fsbench's job "
                        + job.path("jobname")
                        + " ended with error "
                        + job.path("error")));
          }
        }
        return new Result(c, Outcome.FIO_FALSE_SEEDS, List.of("fio: bad header rand_seed"));
      }
      if (fio.json == null) {
        if (fio.error.startsWith(LFSR_FAILED)) {
          return new Result(c, Outcome.FIO_LFSR_FAILED, List.of(fio.error));
        }
        Ran refusal = runFsBench(ownJobFile, ownDir);
        if (refusal.json != null && zonedParseBug(fio.error) && fioBefore341()) {
          return new Result(c, Outcome.FIO_ZONED_PARSE, List.of(fio.error));
        }
        boolean bothRefused = refusal.json == null && refusal.error.startsWith("fsbench exited 2");
        return new Result(
            c,
            bothRefused ? Outcome.BOTH_REFUSED : Outcome.FIO_FAILED,
            List.of(fio.error, bothRefused ? refusal.error : "fsbench ran it"));
      }
      Ran own =
          strace ? runFsBenchTraced(ownJobFile, ownDir, ownTrace) : runFsBench(ownJobFile, ownDir);
      if (own.json == null) {
        if (own.error.contains("smaller than its smallest block size")
            && someJobMovedNothing(fio.json)) {
          // fsbench refuses a job whose files hold no block; fio runs it and does no I/O
          return new Result(
              c, Outcome.BOTH_REFUSED, List.of("fio ran a job that did no I/O", own.error));
        }
        if (verifyFailedAsFio(own.error, fio.json)) {
          // docs/measurement.md: fsbench fails the run where fio ends the job with EILSEQ (84)
          // and reports the others (seed 2043 case 117: a reader of a laid-out file, verify=md5)
          return new Result(c, Outcome.AGREE, List.of());
        }
        return new Result(c, Outcome.FSBENCH_FAILED, List.of(own.error));
      }
      List<String> diff = new ArrayList<>(FioAgreement.compare(c, fio.json, own.json));
      diff.addAll(FioLogAgreement.compareLogs(c, lineCounts(fioLogs), lineCounts(ownLogs)));
      diff.addAll(FioZoneShares.compare(c, fioLogs, ownLogs));
      if (strace) {
        diff.addAll(
            FioSyscalls.compare(
                FioSyscalls.count(fioTrace, fioDir),
                FioSyscalls.count(ownTrace, ownDir),
                // how many distinct blocks random writes without a map (or with a distribution)
                // hit decides how many verify reads follow, as in the JSON (seed 2032 case 174)
                FioAgreement.deterministic(c)
                    && !asyncVerify(c)
                    && !asyncTrimWrite(c)
                    && c.sections().stream().noneMatch(Verifies::overwrites),
                c.sections().stream()
                        .anyMatch(s -> s.option("ioengine", "psync").equals("io_uring"))
                    || FioAgreement.syncsDrawn(c, fio.json),
                c.sections().stream().anyMatch(s -> s.options().containsKey("filename")),
                c.sections().stream()
                    .mapToInt(s -> Integer.parseInt(s.option("loops", "1")))
                    .max()
                    .orElse(1),
                untouchedFiles(c)));
      }
      return new Result(c, diff.isEmpty() ? Outcome.AGREE : Outcome.DISAGREE, diff);
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

  private record Ran(JsonNode json, String error) {}

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
      // continue_on_error covers it (a trim's error is of the write type): fio never opens the
      // files after the first (seed 2045 case 520: randtrim nrfiles=2 continue_on_error=read)
      boolean endsAtFirstTrim =
          s.rw().contains("trim")
              && !s.option("ioengine", "psync").equals("falloc")
              && !List.of("write", "io", "all").contains(s.option("continue_on_error", "none"));
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

  /** Whether a job of fio's report moved no byte in either direction. */
  /**
   * Whether fio's error output reports verify failures, and each is a header's seed only ({@code
   * verify: bad header rand_seed X, wanted Y}): fio 3.33 checks a mixed job's seeds against a
   * verify stream that does not run in the writes' order (seed 2045 cases 250, 344, 516).
   */
  static boolean falseSeedFailures(String fioErr) {
    boolean seeds = false;
    for (String line : fioErr.split("\n")) {
      boolean failure =
          line.contains("verify: ") || line.contains("verify failed") || line.contains("bad ");
      if (failure && !line.contains("bad header rand_seed")) {
        return false;
      }
      seeds |= line.contains("bad header rand_seed");
    }
    return seeds;
  }

  private static final java.util.regex.Pattern VERIFY_FAILED =
      java.util.regex.Pattern.compile("verify failed for job '([^']+)'");

  /**
   * Whether fsbench failed the run for a bad block of a job (a verify failure nothing skipped) that
   * fio's report ends with error 84, EILSEQ: fio's way of saying the same (docs/measurement.md).
   */
  static boolean verifyFailedAsFio(String ownError, JsonNode fio) {
    java.util.regex.Matcher m = VERIFY_FAILED.matcher(ownError);
    if (!m.find()) {
      return false;
    }
    for (JsonNode job : fio.path("jobs")) {
      if (job.path("jobname").asText().equals(m.group(1)) && job.path("error").asInt() == 84) {
        return true;
      }
    }
    return false;
  }

  static boolean someJobMovedNothing(JsonNode fio) {
    for (JsonNode job : fio.path("jobs")) {
      if (job.path("read").path("io_bytes").asLong() == 0
          && job.path("write").path("io_bytes").asLong() == 0) {
        return true;
      }
    }
    return false;
  }

  private Boolean fioBefore341;

  private boolean fioBefore341() throws IOException, InterruptedException {
    if (fioBefore341 == null) {
      Process p = new ProcessBuilder("fio", "--version").redirectErrorStream(true).start();
      String version = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      p.waitFor();
      fioBefore341 = FioAgreement.olderThan(version, 3, 41);
    }
    return fioBefore341;
  }

  /** fio's refusal of a per-direction zoned list, which fio 3.41 parses (commit 7d240881). */
  static boolean zonedParseBug(String fioError) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("failed parsing random_distribution=(zoned(_abs)?:\\S*)")
            .matcher(fioError);
    return m.find() && m.group(1).contains(",");
  }

  private Ran runFio(Path jobFile, Path dir, Path trace) throws IOException, InterruptedException {
    Path out = dir.resolveSibling("fio.json");
    List<String> command =
        List.of(
            "fio",
            "--output-format=json",
            "--directory=" + dir.toAbsolutePath(),
            jobFile.toAbsolutePath().toString());
    Process p =
        new ProcessBuilder(trace == null ? command : FioSyscalls.traced(command, trace))
            // fio writes a verify job's state files (local-*-verify.state) where it runs
            .directory(dir.toAbsolutePath().getParent().toFile())
            .redirectOutput(out.toFile())
            .redirectError(dir.resolveSibling("fio.err").toFile())
            .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      // fio forks a process per job: they would outlive their killed parent
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly().waitFor();
      return new Ran(null, "fio did not finish in 120 s");
    }
    String text = Files.readString(out, StandardCharsets.UTF_8);
    String err = Files.readString(dir.resolveSibling("fio.err"), StandardCharsets.UTF_8);
    int brace = text.indexOf('{'); // fio may print warnings before its JSON
    if (p.exitValue() != 0 && brace >= 0) {
      // fio exits with the number of jobs an I/O error ended (fsbench with 1), and reports every
      // job: compared as a result
      JsonNode failed = jobErrorReport(text.substring(brace));
      if (failed != null) {
        return new Ran(failed, null);
      }
    }
    if (p.exitValue() != 0 || brace < 0) {
      return new Ran(null, "fio exited " + p.exitValue() + ": " + (err + text).strip());
    }
    if (err.contains("failed initializing LFSR")) {
      // fio 3.33 cannot set up its LFSR for some seeds, runs that clone with no I/O and exits 0
      return new Ran(null, LFSR_FAILED + err.strip());
    }
    return new Ran(json.readTree(text.substring(brace)), null);
  }

  private Ran runFsBench(Path jobFile, Path dir) throws IOException {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        Main.run(
            new String[] {
              "fio", jobFile.toString(), "--dir", dir.toString(), "--output-format", "json"
            },
            new PrintWriter(out, true),
            new PrintWriter(err, true));
    if (code == 1 && jobErrorReport(out.toString()) != null) {
      return new Ran(json.readTree(out.toString()), null); // a job ended by an error, as fio's
    }
    if (code != 0) {
      return new Ran(null, "fsbench exited " + code + ": " + err.toString().strip());
    }
    return new Ran(json.readTree(out.toString()), null);
  }

  /**
   * The report of a run that exited 1 because an I/O error ended a job (a job's {@code error} is
   * set), or null when the output is no such report.
   */
  private JsonNode jobErrorReport(String text) {
    try {
      JsonNode report = json.readTree(text);
      for (JsonNode job : report.path("jobs")) {
        if (job.path("error").asInt() != 0) {
          return report;
        }
      }
      return null;
    } catch (IOException e) {
      return null;
    }
  }

  /** fsbench in a JVM of its own, as the launcher runs it, under strace. */
  private Ran runFsBenchTraced(Path jobFile, Path dir, Path trace)
      throws IOException, InterruptedException {
    String modulePath = System.getProperty("jdk.module.path");
    if (modulePath == null || modulePath.isBlank()) {
      modulePath = "target/fsbench-bench.jar:target/lib"; // a test run in the module's directory
    }
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
            "--module-path",
            modulePath,
            "-m",
            "io.fsbench.cli/io.fsbench.cli.Main",
            "fio",
            jobFile.toString(),
            "--dir",
            dir.toString(),
            "--output-format",
            "json");
    Path out = dir.resolveSibling("fsbench.json");
    Path err = dir.resolveSibling("fsbench.err");
    Process p =
        new ProcessBuilder(FioSyscalls.traced(command, trace))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      return new Ran(null, "fsbench did not finish in 120 s");
    }
    if (p.exitValue() == 1 && jobErrorReport(Files.readString(out)) != null) {
      return new Ran(json.readTree(Files.readString(out)), null); // a job ended by an error
    }
    if (p.exitValue() != 0) {
      return new Ran(
          null, "fsbench exited " + p.exitValue() + ": " + Files.readString(err).strip());
    }
    return new Ran(json.readTree(Files.readString(out)), null);
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
    String missing = fioMissing();
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
    Summary summary =
        diff.straceEvery(straceEvery)
            .run(seed, only.isEmpty() ? count : Math.max(count, last(only) + 1), only, verbose);
    System.out.println(summary);
    System.exit(summary.problems().isEmpty() ? 0 : 1);
  }
}
