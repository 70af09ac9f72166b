package io.fsbench.bench;

import io.fsbench.api.FsBenchException;
import io.fsbench.filebench.FilebenchOptions;
import io.fsbench.filebench.FilebenchReport;
import io.fsbench.filebench.FilebenchRun;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * filebench 1.5-alpha3 against fsbench's filebench engine in the same directory: six shipped
 * personalities with small datasets and random scripts from a seed, each run by both for a short
 * time and compared where the model, not the timing, decides ({@link FilebenchAgreement}); and with
 * {@code --ratios}, the personalities in ABBA order and the ratio of their ops/s.
 *
 * <pre>
 * bench/vs-filebench.sh [--dir /var/tmp] [--seed 7] [--count 20] [--runtime 2]
 * bench/vs-filebench.sh --ratios [--dir /var/tmp] [--rounds 2] [--runtime 10] [--only NAME,..]
 * </pre>
 */
public final class FilebenchDiff {

  /** The seed fsbench's own generators get; filebench's come from its clock. */
  static final long FSBENCH_SEED = 1;

  private final ScratchDirs scratch;
  private final PrintStream log;
  private int scripts;

  FilebenchDiff(Path parent, PrintStream log) {
    this.scratch = new ScratchDirs(parent, "fsbench-fbdiff");
    this.log = log;
  }

  public static void main(String[] args) {
    try {
      System.exit(run(args));
    } catch (FsBenchException e) {
      System.err.println("vs-filebench: " + e.getMessage());
      System.exit(e.kind().exitCode());
    }
  }

  private static int run(String[] args) {
    Map<String, String> options =
        HarnessArgs.parse(
            args,
            List.of("--dir", "--seed", "--count", "--rounds", "--runtime", "--only"),
            "vs-filebench.sh takes --dir PATH, --seed N, --count N, --runtime SECONDS, --ratios,"
                + " --rounds N, --only NAME[,NAME...]");
    String missing = FilebenchCpp.missing();
    if (missing != null) {
      throw new FsBenchException(FsBenchException.Kind.ENVIRONMENT, missing);
    }
    FilebenchDiff diff =
        new FilebenchDiff(Path.of(options.getOrDefault("--dir", "/var/tmp")), System.err);
    boolean ratios = options.containsKey("--ratios");
    Duration runtime =
        Duration.ofSeconds(HarnessArgs.number(options, "--runtime", ratios ? 10 : 2));
    if (ratios) {
      List<String> only = personalities(options.get("--only"));
      System.out.print(diff.ratios(only, HarnessArgs.number(options, "--rounds", 2), runtime));
      return 0;
    }
    DiffSummary<FilebenchCase> summary =
        diff.agreement(
            HarnessArgs.number(options, "--seed", 7),
            HarnessArgs.number(options, "--count", 20),
            runtime,
            true);
    System.out.println(summary);
    return summary.problems().isEmpty() ? 0 : 1;
  }

  /**
   * The personalities (when {@code personalities}) and {@code count} random cases of {@code seed}.
   */
  DiffSummary<FilebenchCase> agreement(
      long seed, int count, Duration runtime, boolean personalities) {
    List<FilebenchCase> cases = new ArrayList<>();
    if (personalities) {
      Path workloads = FilebenchCpp.source().resolve("workloads");
      for (String name : FilebenchCases.PERSONALITY_ORDER) {
        cases.add(FilebenchCases.personality(workloads, name, runtime));
      }
    }
    cases.addAll(FilebenchCases.random(seed, count, runtime));
    List<DiffSummary.Case<FilebenchCase>> results = new ArrayList<>();
    for (FilebenchCase c : cases) {
      DiffSummary.Case<FilebenchCase> result = compare(c);
      log.println(result.logLine(List.of(c.name(), c.overrides().toString())));
      if (!result.problems().isEmpty() && c.overrides().isEmpty()) {
        log.print("  the script:\n    " + c.script().strip().replace("\n", "\n    ") + "\n");
      }
      results.add(result);
    }
    return new DiffSummary<>(seed, "filebench", results);
  }

  DiffSummary.Case<FilebenchCase> compare(FilebenchCase c) {
    FilebenchOutput filebench;
    FilebenchOutput fsbench;
    try {
      filebench = FilebenchOutput.parse(filebench(c));
    } catch (RuntimeException e) {
      return new DiffSummary.Case<>(c, List.of("filebench failed: " + e.getMessage()));
    }
    try {
      fsbench = FilebenchOutput.parse(fsbench(c));
    } catch (RuntimeException e) {
      return new DiffSummary.Case<>(c, List.of("fsbench failed: " + e.getMessage()));
    }
    return new DiffSummary.Case<>(c, FilebenchAgreement.compare(c, filebench, fsbench));
  }

  /** filebench's output for the case, in a fresh scratch directory removed afterwards. */
  String filebench(FilebenchCase c) {
    Path dir = scratch.make("filebench");
    // beside the scratch directory, not in /tmp: filebench's /tmp is a tmpfs of its own
    Path file =
        dir.resolveSibling(
            "fsbench-fbdiff-" + ProcessHandle.current().pid() + "-" + ++scripts + ".f");
    try {
      Files.writeString(file, c.filebenchScript(dir.toString()));
      Process p =
          new ProcessBuilder(FilebenchCpp.command(file))
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(c.runtime().toSeconds() + 120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("filebench did not end");
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } finally {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        log.println("vs-filebench: could not remove " + file + ": " + e.getMessage());
      }
      ScratchDirs.remove(dir);
    }
  }

  /** fsbench's report for the case: the script with --set and --runtime. */
  String fsbench(FilebenchCase c) {
    Path dir = scratch.make("fsbench");
    Path file =
        Path.of("/tmp", "fsbench-fbdiff-" + ProcessHandle.current().pid() + "-" + ++scripts + ".f");
    try {
      Files.writeString(file, c.script());
      FilebenchOptions options = FilebenchOptions.in(dir).runtime(c.runtime()).seed(FSBENCH_SEED);
      for (Map.Entry<String, String> e : c.overrides().entrySet()) {
        options = options.set(e.getKey(), e.getValue());
      }
      return FilebenchReport.text(FilebenchRun.run(file, options));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        log.println("vs-filebench: could not remove " + file + ": " + e.getMessage());
      }
      ScratchDirs.remove(dir);
    }
  }

  /** The personalities --only names (all six without it), refused when one is not among them. */
  private static List<String> personalities(String only) {
    if (only == null) {
      return FilebenchCases.PERSONALITY_ORDER;
    }
    List<String> names = List.of(only.split(","));
    for (String name : names) {
      if (!FilebenchCases.PERSONALITY_ORDER.contains(name)) {
        throw new FsBenchException(
            FsBenchException.Kind.BAD_INPUT,
            "--only ("
                + name
                + ") is not one of the personalities the ratios run: "
                + String.join(", ", FilebenchCases.PERSONALITY_ORDER));
      }
    }
    return names;
  }

  /** Each personality, ABBA per round; the ratio table and each personality's mix deviation. */
  String ratios(List<String> personalities, int rounds, Duration runtime) {
    Path workloads = FilebenchCpp.source().resolve("workloads");
    RatioTable table = new RatioTable();
    Map<String, Double> deviation = new LinkedHashMap<>();
    List<String> failures = new ArrayList<>();
    String fs = fileSystem(scratch.parent());
    for (String name : personalities) {
      FilebenchCase c = FilebenchCases.personality(workloads, name, runtime);
      for (int round = 0; round < rounds; round++) {
        FilebenchOutput lastC = null;
        FilebenchOutput lastF = null;
        for (boolean cTool : new boolean[] {true, false, false, true}) {
          FilebenchOutput out;
          try {
            out = FilebenchOutput.parse(cTool ? filebench(c) : fsbench(c));
          } catch (RuntimeException e) {
            // one failed run (filebench stopping early, say) is reported, and the table goes on
            String why = String.valueOf(e.getMessage()).strip().lines().findFirst().orElse("");
            String line = name + " " + (cTool ? "filebench" : "fsbench") + ": failed: " + why;
            log.println(line);
            failures.add(line);
            continue;
          }
          log.printf(
              Locale.ROOT,
              "%s %s: %.1f ops/s%n",
              name,
              cTool ? "filebench" : "fsbench",
              out.summary().opsPerSec());
          table.add(new RatioTable.Run(name, "ops/s", fs, cTool, out.summary().opsPerSec()));
          if (cTool) {
            lastC = out;
          } else {
            lastF = out;
          }
          if (lastC != null && lastF != null) {
            deviation.merge(name, FilebenchAgreement.mixDeviation(lastC, lastF), Math::max);
          }
        }
      }
    }
    StringBuilder out = new StringBuilder(table.render());
    if (!failures.isEmpty()) {
      out.append("failed runs (left out of the table):\n");
      failures.forEach(f -> out.append("  ").append(f).append('\n'));
    }
    out.append("flowop-mix deviation (max |share difference|, percentage points):\n");
    deviation.forEach((k, v) -> out.append(String.format(Locale.ROOT, "  %-12s %.3f%n", k, v)));
    return out.toString();
  }

  private static String fileSystem(Path dir) {
    try {
      return Files.getFileStore(dir).type();
    } catch (IOException e) {
      return dir.toString();
    }
  }
}
