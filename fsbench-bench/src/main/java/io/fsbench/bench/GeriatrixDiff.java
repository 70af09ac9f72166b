package io.fsbench.bench;

import io.fsbench.FsBench;
import io.fsbench.api.AgingResult;
import io.fsbench.api.AgingSpec;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import io.fsbench.api.Target;
import io.fsbench.api.Tuning;
import io.fsbench.api.Volume;
import io.fsbench.core.engine.RunContext;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.FileSystemStats;
import io.fsbench.core.volume.RestorableVolume;
import io.fsbench.workloads.aging.AgingRunner;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Geriatrix (Kadekodi et al., ATC '18; built by hand, its path given) against fsbench's aging: per
 * case two fresh loop volumes of one filesystem, one aged by Geriatrix with its profile files, the
 * other by fsbench with the same distributions ({@link GeriatrixProfile#toAgingProfile}), and the
 * two compared field by field ({@link GeriatrixAgreement}).
 *
 * <pre>
 * bench/vs-geriatrix.sh --geriatrix /tmp/geriatrix/build/geriatrix [--profile DIR]
 *     [--fs ext4 --size 512m --fullness 80% --overwrite 2 --seed 42] [--time-limit 10m]
 * bench/vs-geriatrix.sh --geriatrix PATH --seed 7 --count 5     (cases drawn from the seed)
 * </pre>
 */
public final class GeriatrixDiff {

  private static final String USAGE =
      "vs-geriatrix.sh takes --geriatrix PATH, --profile DIR, --fs ext4|xfs|btrfs, --size SIZE,"
          + " --fullness PCT, --overwrite N, --seed N, --count N, --time-limit DURATION, --dir PATH,"
          + " --converge yes|no";

  /** Set when the harness is stopped: the aging cancels, no further case starts. */
  private static final AtomicBoolean CANCEL = new AtomicBoolean();

  private static final Thread MAIN = Thread.currentThread();

  /** Volumes open now, closed by the shutdown hook when the harness is stopped (Ctrl-C). */
  private static final Deque<Volume> OPEN = new ConcurrentLinkedDeque<>();

  private final Path binary;
  private final Path profileDir;
  private final GeriatrixProfile profile;
  private final Duration timeLimit;
  private final Path scratch;
  private final PrintStream log;
  private final boolean converge;

  GeriatrixDiff(
      Path binary,
      Path profileDir,
      Duration timeLimit,
      boolean converge,
      Path scratch,
      PrintStream log) {
    this.converge = converge;
    this.binary = binary;
    this.profileDir = profileDir;
    this.profile = GeriatrixProfile.read(profileDir);
    this.timeLimit = timeLimit;
    this.scratch = scratch;
    this.log = log;
  }

  public static void main(String[] args) {
    int code;
    try {
      code = run(args);
    } catch (RuntimeException e) {
      if (CANCEL.get()) {
        return; // stopped: the shutdown hook waits for this thread, then releases what is left
      }
      if (!(e instanceof FsBenchException f)) {
        throw e;
      }
      System.err.println("vs-geriatrix: " + f.getMessage());
      code = f.kind().exitCode();
    }
    if (!CANCEL.get()) {
      System.exit(code); // System.exit during a shutdown would block for ever
    }
  }

  private static int run(String[] args) {
    Map<String, String> options =
        HarnessArgs.parse(
            args,
            List.of(
                "--geriatrix",
                "--profile",
                "--fs",
                "--size",
                "--fullness",
                "--overwrite",
                "--seed",
                "--count",
                "--time-limit",
                "--dir",
                "--converge"),
            USAGE);
    String given = options.get("--geriatrix");
    if (given == null) {
      System.err.println(
          "vs-geriatrix: skipped: no Geriatrix binary given. Build it by hand (git clone"
              + " https://github.com/saurabhkadekodi/geriatrix /tmp/geriatrix; cmake and make in"
              + " /tmp/geriatrix/build) and pass --geriatrix /tmp/geriatrix/build/geriatrix");
      return 0;
    }
    Path binary = Path.of(given).toAbsolutePath();
    if (!Files.isExecutable(binary)) {
      throw new InvalidInputException(
          "--geriatrix "
              + binary
              + " is not an executable file; give the path of the built binary");
    }
    Path profileDir =
        Optional.ofNullable(options.get("--profile"))
            .map(Path::of)
            .orElseGet(() -> defaultProfile(binary));
    Duration limit = parseDuration(options.getOrDefault("--time-limit", "10m"));
    Path dir = Path.of(options.getOrDefault("--dir", "/var/tmp"));
    List<GeriatrixCase> cases = cases(options);
    Path scratch;
    try {
      scratch = Files.createTempDirectory(dir, "fsbench-geriatrix-");
    } catch (IOException e) {
      throw new InvalidInputException(
          "--dir " + dir + ": cannot make a directory: " + e.getMessage());
    }
    Runtime.getRuntime()
        .addShutdownHook(new Thread(GeriatrixDiff::releaseAll, "fsbench-geriatrix-release"));
    String converge = options.getOrDefault("--converge", "no");
    if (!converge.equals("yes") && !converge.equals("no")) {
      throw new InvalidInputException("--converge " + converge + " must be yes or no");
    }
    GeriatrixDiff diff =
        new GeriatrixDiff(binary, profileDir, limit, converge.equals("yes"), scratch, System.err);
    List<DiffSummary.Case<GeriatrixCase>> results = new ArrayList<>();
    List<String> unfinished = new ArrayList<>();
    for (GeriatrixCase c : cases) {
      if (CANCEL.get()) {
        System.err.println("vs-geriatrix: stopped; releasing the volumes");
        return 130;
      }
      List<String> problems;
      try {
        List<GeriatrixAgreement.Row> rows = diff.compare(c);
        System.out.println(GeriatrixAgreement.table(c, rows));
        problems = GeriatrixAgreement.problems(rows);
      } catch (GeriatrixRun.Unfinished e) {
        if (CANCEL.get()) {
          System.err.println("vs-geriatrix: stopped; releasing the volumes");
          return 130;
        }
        // Geriatrix could not finish: no evidence either way about fsbench, so not a disagreement.
        System.out.println("GERIATRIX COULD NOT FINISH  " + c.options() + "\n  " + e.getMessage());
        unfinished.add(c.options());
        continue;
      } catch (FsBenchException | UncheckedIOException e) {
        if (CANCEL.get()) {
          System.err.println("vs-geriatrix: stopped; releasing the volumes");
          return 130;
        }
        problems = List.of("failed: " + e.getMessage());
      }
      DiffSummary.Case<GeriatrixCase> result = new DiffSummary.Case<>(c, problems);
      System.out.println(result.logLine(List.of(c.options())));
      results.add(result);
    }
    DiffSummary<GeriatrixCase> summary =
        new DiffSummary<>(HarnessArgs.number(options, "--seed", 42), "Geriatrix", results);
    System.out.println(
        summary
            + (unfinished.isEmpty()
                ? ""
                : "; "
                    + unfinished.size()
                    + " more Geriatrix could not finish (its volume full or its time up)"));
    System.out.println("logs and Geriatrix's dumps: " + scratch);
    return summary.problems().isEmpty() ? 0 : 1;
  }

  private static List<GeriatrixCase> cases(Map<String, String> options) {
    long seed = HarnessArgs.number(options, "--seed", 42);
    if (options.containsKey("--count")) {
      for (String single : List.of("--fs", "--size", "--fullness", "--overwrite")) {
        if (options.containsKey(single)) {
          throw new InvalidInputException(
              single
                  + " is for one case; --count draws its cases from --seed, so give one or the"
                  + " other");
        }
      }
      return GeriatrixCase.draw(seed, HarnessArgs.number(options, "--count", 1));
    }
    return List.of(
        new GeriatrixCase(
            options.getOrDefault("--fs", "ext4"),
            Size.parse(options.getOrDefault("--size", "512m")),
            parseFullness(options.getOrDefault("--fullness", "80%")),
            HarnessArgs.number(options, "--overwrite", 2),
            seed));
  }

  /** Geriatrix's own profiles/agrawal beside its build directory (build/geriatrix or bin/). */
  private static Path defaultProfile(Path binary) {
    for (Path up = binary.getParent(); up != null; up = up.getParent()) {
      Path candidate = up.resolve("profiles/agrawal");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new InvalidInputException(
        "no profiles/agrawal above "
            + binary
            + "; give --profile PATH/TO/geriatrix/profiles/agrawal");
  }

  private static double parseFullness(String text) {
    try {
      String t = text.strip();
      return t.endsWith("%")
          ? Double.parseDouble(t.substring(0, t.length() - 1)) / 100
          : Double.parseDouble(t);
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          "--fullness " + text + " must be a percentage (80%) or a fraction (0.8)");
    }
  }

  private static Duration parseDuration(String text) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(\\d+)(s|m|h)").matcher(text.strip());
    if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
      throw new InvalidInputException(
          "--time-limit " + text + " must be a positive duration like 90s, 10m or 1h");
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "s" -> Duration.ofSeconds(n);
      case "m" -> Duration.ofMinutes(n);
      default -> Duration.ofHours(n);
    };
  }

  /** Ends Geriatrix if it runs, then closes (unmounts, detaches, deletes) every open volume. */
  static void releaseAll() {
    CANCEL.set(true);
    GeriatrixRun.stopRunning();
    // The harness's own thread stops at the aging's next check or as Geriatrix ends, and closes
    // its case's volumes itself; wait for it rather than unmount under its feet.
    try {
      MAIN.join(Duration.ofSeconds(60).toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Volume v;
    while ((v = OPEN.pollLast()) != null) {
      try {
        v.close();
      } catch (RuntimeException e) {
        System.err.println(
            "vs-geriatrix: could not release " + v.mountPoint() + ": " + e.getMessage());
      }
    }
  }

  List<GeriatrixAgreement.Row> compare(GeriatrixCase c) {
    log.println("vs-geriatrix: " + c.options());
    Path caseDir = scratchFor(c);
    try (Volume g = open(c);
        Volume f = open(c)) {
      AgedSide geriatrix = ageWithGeriatrix(c, g, caseDir);
      AgedSide fsbench = ageWithFsbench(c, f);
      return GeriatrixAgreement.rows(c, profile, geriatrix, fsbench, converge);
    } finally {
      OPEN.clear(); // the try closed them
    }
  }

  private Path scratchFor(GeriatrixCase c) {
    try {
      return Files.createDirectories(
          scratch.resolve(c.fileSystem() + "-" + (c.size().bytes() >> 20) + "m-" + c.seed()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Volume open(GeriatrixCase c) {
    Volume v = FsBench.defaults().volume(c.fileSystem(), Target.loop(c.size()), Tuning.defaults());
    OPEN.add(v);
    return v;
  }

  private AgedSide ageWithGeriatrix(GeriatrixCase c, Volume volume, Path caseDir) {
    Path root = directory(volume, "fsbench-geriatrix");
    long total = stats(root).totalBytes();
    log.println("vs-geriatrix:   geriatrix on " + volume.mountPoint());
    GeriatrixRun.Request request =
        new GeriatrixRun.Request(
            binary, profileDir, root, total, c.fullness(), c.overwrite(), c.seed(), timeLimit);
    GeriatrixRun run = GeriatrixRun.run(request, caseDir);
    requireNotStopped();
    long fill = GeriatrixRun.fillOperations(request, caseDir.resolve("fill"));
    log.println("vs-geriatrix:   " + String.join(" ", run.command()));
    double fullness = quiescedFullness(root);
    return new AgedSide(
        "geriatrix",
        total,
        run.operations(),
        fill,
        fullness,
        (run.workloadMib() << 20) / (double) total,
        run.ageDistance(),
        run.sizeDistance(),
        run.depthDistance(),
        run.stopReason() + " (" + run.operations() + " ops)",
        AgedCensus.of(root, profile.sizes(), profile.depths()),
        ((RestorableVolume) volume).fragmentation());
  }

  private AgedSide ageWithFsbench(GeriatrixCase c, Volume volume) {
    Path root = directory(volume, "fsbench-aging");
    log.println("vs-geriatrix:   fsbench on " + volume.mountPoint());
    AgingSpec spec =
        AgingSpec.builder()
            .profile(profile.toAgingProfile())
            .fullness(c.fullness())
            .overwrite(c.overwrite())
            .seed(c.seed())
            .convergence(converge ? AgingSpec.builder().build().convergence() : 1.0)
            .timeLimit(timeLimit)
            .build();
    AgingResult result =
        new AgingRunner().run(spec, new RunContext(root, volume, fraction -> {}, CANCEL));
    long total = stats(root).totalBytes();
    double fullness = quiescedFullness(root);
    return new AgedSide(
        "fsbench",
        total,
        result.created() + result.deleted() + result.modified() + result.renamed(),
        0,
        fullness,
        result.bytesWritten() / (double) total,
        result.ageDistance(),
        result.sizeDistance(),
        result.depthDistance(),
        result.stopReason(),
        AgedCensus.of(root, profile.sizes(), profile.depths()),
        ((RestorableVolume) volume).fragmentation());
  }

  /** Geriatrix exits cleanly on the Ctrl-C that stops the harness: go no further then. */
  private static void requireNotStopped() {
    if (CANCEL.get()) {
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "stopped");
    }
  }

  private static Path directory(Volume volume, String name) {
    try {
      return Files.createDirectory(volume.mountPoint().resolve(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** statfs after a sync and a freeze and thaw, as fsbench's aging reads its end. */
  private static double quiescedFullness(Path root) {
    try {
      FileCalls.syncfs(root);
      FileCalls.freezeAndThaw(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    FileSystemStats s = stats(root);
    return s.usedBytes() / (double) s.totalBytes();
  }

  private static FileSystemStats stats(Path root) {
    try {
      return FileSystemStats.of(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
