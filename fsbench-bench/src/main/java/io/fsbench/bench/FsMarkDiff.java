package io.fsbench.bench;

import io.fsbench.api.FsBenchException;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * fs_mark 3.3 against fsbench's fsmark on random cases ({@link FsMarkCase}): each case run by
 * fs_mark and by fsbench in a JVM of its own, both under {@code strace -f -y}, in fresh scratch
 * directories; compared field by field on what does not depend on timing: the result row's Count
 * and Size, the tree left behind ({@link FsMarkTree}), and per creating process or thread the calls
 * on the files in order ({@link FsMarkTrace}): creates, write sizes, fsyncs before close or after
 * the loop and in which order, sync(), closes, unlinks.
 *
 * <pre>
 * bench/vs-fsmark.sh [--dir /var/tmp] [--seed 7] [--count 100]
 * </pre>
 */
public final class FsMarkDiff {

  private static final Pattern ROW =
      Pattern.compile("^\\s*\\d+\\s+(\\d+)\\s+(\\d+)\\s+[\\d.]+\\s+\\d+\\s*$");
  private static final long TIMEOUT_SECONDS = 120;

  private final ScratchDirs scratch;
  private final PrintStream log;

  FsMarkDiff(Path parent, PrintStream log) {
    this.scratch = new ScratchDirs(parent, "fsbench-fsmarkdiff");
    this.log = log;
  }

  public static void main(String[] args) {
    try {
      System.exit(run(args));
    } catch (FsBenchException e) {
      System.err.println("vs-fsmark: " + e.getMessage());
      System.exit(e.kind().exitCode());
    }
  }

  private static int run(String[] args) {
    Map<String, String> options =
        HarnessArgs.parse(
            args,
            List.of("--dir", "--seed", "--count"),
            "vs-fsmark.sh takes --dir PATH, --seed N, --count N");
    String missing = missing();
    if (missing != null) {
      throw new FsBenchException(FsBenchException.Kind.ENVIRONMENT, missing);
    }
    Path dir = Path.of(options.getOrDefault("--dir", "/var/tmp"));
    DiffSummary<FsMarkCase> summary =
        new FsMarkDiff(dir, System.err)
            .agreement(
                HarnessArgs.number(options, "--seed", 7),
                HarnessArgs.number(options, "--count", 100));
    System.out.println(summary);
    return summary.problems().isEmpty() ? 0 : 1;
  }

  /** Why the harness cannot run here (fs_mark or strace missing), or null. */
  static String missing() {
    if (!onPath("fs_mark")) {
      return "fs_mark is not installed (apt-get install fsmark)";
    }
    return FioSyscalls.straceMissing();
  }

  private static boolean onPath(String program) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }

  /** Runs every case of {@code seed} on both sides and compares them. */
  DiffSummary<FsMarkCase> agreement(long seed, int count) {
    List<DiffSummary.Case<FsMarkCase>> results = new ArrayList<>();
    for (FsMarkCase c : FsMarkCase.cases(seed, count)) {
      DiffSummary.Case<FsMarkCase> result = compare(c);
      log.println(result.logLine(c.arguments(Path.of("DIR"))));
      results.add(result);
    }
    return new DiffSummary<>(seed, "fs_mark", results);
  }

  /** What one side did, or why it failed. */
  record Side(long count, long size, FsMarkTree tree, List<String> calls, String error) {
    static Side failed(String error) {
      return new Side(-1, -1, null, List.of(), error);
    }
  }

  /** One case on both sides. */
  DiffSummary.Case<FsMarkCase> compare(FsMarkCase c) {
    Side fsbench = side(c, false);
    Side fsMark = side(c, true);
    List<String> problems = new ArrayList<>();
    if (fsbench.error != null || fsMark.error != null) {
      if (fsbench.error == null || fsMark.error == null) {
        problems.add(
            "only one side failed: fsbench "
                + (fsbench.error == null ? "ran" : fsbench.error)
                + "; fs_mark "
                + (fsMark.error == null ? "ran" : fsMark.error));
      } else {
        log.println("  refused by both: fsbench " + fsbench.error + "; fs_mark " + fsMark.error);
      }
      return new DiffSummary.Case<>(c, problems);
    }
    problems.addAll(differences(fsbench, fsMark));
    return new DiffSummary.Case<>(c, problems);
  }

  /** The fields of two sides that differ. */
  static List<String> differences(Side fsbench, Side fsMark) {
    List<String> problems = new ArrayList<>();
    if (fsbench.count != fsMark.count || fsbench.size != fsMark.size) {
      problems.add(
          "Count Size: fsbench "
              + fsbench.count
              + " "
              + fsbench.size
              + ", fs_mark "
              + fsMark.count
              + " "
              + fsMark.size);
    }
    if (!fsbench.tree.equals(fsMark.tree)) {
      problems.add("tree: fsbench " + fsbench.tree + "; fs_mark " + fsMark.tree);
    }
    // the trace must see every file, or the comparison of calls would pass on too little
    for (Side side : List.of(fsbench, fsMark)) {
      long creates = FsMarkTrace.creates(side.calls);
      if (creates != side.count) {
        problems.add(
            (side == fsbench ? "fsbench" : "fs_mark")
                + "'s trace shows "
                + creates
                + " files created, its result "
                + side.count);
      }
    }
    if (!fsbench.calls.equals(fsMark.calls)) {
      problems.add("calls: " + FsMarkTrace.firstDifference(fsbench.calls, fsMark.calls));
    }
    return problems;
  }

  private Side side(FsMarkCase c, boolean reference) {
    Path dir = scratch.make(reference ? "fs_mark" : "fsbench");
    try {
      Path root = dir.resolve("t");
      Path trace = dir.resolve("strace.txt");
      Path out = dir.resolve("stdout.txt");
      Path err = dir.resolve("stderr.txt");
      List<String> command = new ArrayList<>();
      if (reference) {
        command.add("fs_mark");
        // relative: fs_mark keeps "DIR/xx" in 40 bytes (MAX_NAME_PATH) and overflows past that
        command.addAll(c.arguments(dir.relativize(root)));
      } else {
        Files.createDirectory(root);
        command.addAll(fsbenchCommand());
        command.addAll(c.sideArguments(root));
      }
      Process p =
          new ProcessBuilder(FsMarkTrace.traced(command, trace))
              .directory(dir.toFile()) // fs_mark writes fs_log.txt here, outside the tree
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        return Side.failed("did not finish in " + TIMEOUT_SECONDS + " s");
      }
      String output = Files.readString(out);
      if (p.exitValue() != 0) {
        return Side.failed(
            "exited " + p.exitValue() + ": " + (Files.readString(err) + output).strip());
      }
      long[] row = reference ? resultRow(output) : sideRow(output);
      if (row == null) {
        return Side.failed("printed no result row: " + output.strip());
      }
      return new Side(
          row[0], row[1], FsMarkTree.of(root), FsMarkTrace.sequences(trace, root, dir), null);
    } catch (IOException e) {
      return Side.failed(e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "vs-fsmark was interrupted");
    } finally {
      ScratchDirs.remove(dir);
    }
  }

  /** fs_mark's Count and Size from its result row, or null. */
  static long[] resultRow(String output) {
    long[] row = null;
    for (String line : output.split("\n")) {
      Matcher m = ROW.matcher(line);
      if (m.matches()) {
        row = new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
      }
    }
    return row;
  }

  private static long[] sideRow(String output) {
    String[] fields = output.strip().split("\\s+");
    if (fields.length != 2) {
      return null;
    }
    try {
      return new long[] {Long.parseLong(fields[0]), Long.parseLong(fields[1])};
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** fsbench's side in a JVM of its own, on this JVM's module path. */
  private static List<String> fsbenchCommand() {
    String modulePath = System.getProperty("jdk.module.path");
    if (modulePath == null || modulePath.isBlank()) {
      modulePath = "target/fsbench-bench.jar:target/lib"; // a test run in the module's directory
    }
    // the child runs in its scratch directory: a relative entry would not be found from there
    modulePath =
        Arrays.stream(modulePath.split(File.pathSeparator))
            .map(e -> Path.of(e).toAbsolutePath().toString())
            .collect(Collectors.joining(File.pathSeparator));
    return List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:TieredStopAtLevel=1",
        "-Xshare:auto",
        "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
        "--module-path",
        modulePath,
        "-m",
        "io.fsbench.bench/io.fsbench.bench.FsMarkSide");
  }
}
