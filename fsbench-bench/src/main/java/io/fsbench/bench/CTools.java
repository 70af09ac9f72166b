package io.fsbench.bench;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.ToolMissingException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The C tools as the benchmark runs them, with their output parsed. Invocations, read from the
 * tools' sources:
 *
 * <ul>
 *   <li>{@code fs_mark -d DIR -n N -s 0 -S 0|1 -L 1 -l LOG}: one process (-t 1), 16 KiB writes (-w
 *       default), no subdirectories; -L 1 keeps the files (its -k), which are removed untimed. DIR
 *       is relative to the volume's root, the working directory, as Debian's fs_mark takes at most
 *       39 bytes; its paths are thus shorter to resolve than fsbench's absolute ones. Files/sec is
 *       N over its loop time (gettimeofday around the create loop, unlink excluded). Besides
 *       fs_mark's calls it makes one mkdir(DIR/) per file, failing with EEXIST.
 *   <li>{@code postmark} with its settings on stdin, every one set explicitly from the spec.
 *       "transactions per second" is transactions over whole seconds from time(2); the precise time
 *       is taken from when its own progress output arrives: it flushes "Performing transactions"
 *       just before reading the clock and "Deleting files..." just after.
 *   <li>{@code tar -xf ARCHIVE -C DIR}, GNU tar's defaults: as root (this benchmark's user) owners,
 *       exact modes and modification times restored, which is what fsbench's extract restores by
 *       default ({@code same_owner}, {@code same_permissions}; {@code TarRestoreTest} compares the
 *       two entry by entry).
 * </ul>
 */
final class CTools {

  private static final Pattern FS_MARK_ROW =
      Pattern.compile("(?m)^\\s*\\d+\\s+\\d+\\s+\\d+\\s+([0-9.]+)\\s+\\d+\\s*$");
  private static final Pattern POSTMARK_RATE =
      Pattern.compile("(\\d+) seconds of transactions \\((\\d+) per second\\)");

  private CTools() {}

  /** Fails with the package to install when a tool is missing. */
  static void requireInstalled() {
    require("fs_mark", "fsmark");
    require("postmark", "postmark");
    require("tar", "tar");
  }

  private static void require(String tool, String debianPackage) {
    for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
        return;
      }
    }
    throw new ToolMissingException(tool, "apt-get install " + debianPackage + " (scripts/setup)");
  }

  /** fs_mark's Files/sec for {@code files} empty files in {@code dir}. */
  static double fsMark(Path dir, long files, int syncMethod, Path logDir) {
    String out =
        run(
            List.of(
                "fs_mark",
                "-d",
                dir.getFileName().toString(),
                "-n",
                Long.toString(files),
                "-s",
                "0",
                "-S",
                Integer.toString(syncMethod),
                "-L",
                "1",
                "-l",
                logDir.resolve("fs_mark.log").toString()),
            dir.getParent());
    return fsMarkRate(out);
  }

  /** The Files/sec column of fs_mark's result row. */
  static double fsMarkRate(String output) {
    Matcher row = FS_MARK_ROW.matcher(output);
    if (!row.find()) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "fs_mark printed no result row:\n" + output);
    }
    return Double.parseDouble(row.group(1));
  }

  /** What PostMark reported, and the transaction time read from its output's arrival. */
  record PostMarkRun(int wholeSeconds, int reportedRate, double seconds) {}

  static PostMarkRun postMark(Path dir, PostMarkSpec spec, Path logDir) {
    String settings =
        String.join(
            "\n",
            "set location " + dir,
            "set number " + spec.files(),
            "set transactions " + spec.transactions(),
            "set size " + spec.sizeLow().bytes() + " " + spec.sizeHigh().bytes(),
            "set read " + spec.readBlockSize().bytes(),
            "set write " + spec.writeBlockSize().bytes(),
            "set bias read " + spec.biasRead(),
            "set bias create " + spec.biasCreate(),
            "set buffering " + spec.buffering(),
            // "set subdirectories 0" is refused as invalid; 0 is the default
            spec.subdirectories() > 0 ? "set subdirectories " + spec.subdirectories() : "",
            "set seed " + spec.seed(),
            "run",
            "quit",
            "");
    return postMarkRun(runTimed(List.of("postmark"), logDir, settings));
  }

  /**
   * PostMark's report and its transaction time: from the arrival of "Performing transactions",
   * flushed just before it reads the clock, to that of "Deleting files", flushed just after.
   */
  static PostMarkRun postMarkRun(TimedOutput output) {
    Matcher rate = POSTMARK_RATE.matcher(output.text());
    int start = output.text().indexOf("Performing transactions");
    int end = output.text().indexOf("Deleting files");
    if (!rate.find() || start < 0 || end < 0 || output.text().contains("Error:")) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "postmark refused a setting or printed no report:\n" + output.text());
    }
    double seconds = (output.arrival(end) - output.arrival(start)) / 1e9;
    return new PostMarkRun(
        Integer.parseInt(rate.group(1)), Integer.parseInt(rate.group(2)), seconds);
  }

  static void tarExtract(Path archive, Path into) {
    run(List.of("tar", "-xf", archive.toString(), "-C", into.toString()), into);
  }

  static void removeTree(Path tree) {
    run(List.of("rm", "-rf", tree.toString()), tree.getParent());
  }

  /** The number of entries {@code tar -tf} lists, as extracting the archive makes them. */
  static long entries(Path archive) {
    return run(List.of("tar", "-tf", archive.toString()), archive.getParent())
        .lines()
        .filter(line -> !line.equals("./"))
        .count();
  }

  /** Runs a command to its end and returns its output (stdout and stderr). */
  static String run(List<String> command, Path workDir) {
    return runTimed(command, workDir, null).text();
  }

  /**
   * Output and when it arrived: piece {@code i} ended at byte {@code ends[i]} and was read at
   * {@code nanos[i]} (System.nanoTime).
   */
  record TimedOutput(String text, long[] ends, long[] nanos) {
    /** When the byte at {@code index} arrived. */
    long arrival(int index) {
      for (int i = 0; i < ends.length; i++) {
        if (ends[i] > index) {
          return nanos[i];
        }
      }
      throw new IllegalArgumentException("no output at " + index);
    }
  }

  private static TimedOutput runTimed(List<String> command, Path workDir, String input) {
    try {
      Process process =
          new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true).start();
      try (OutputStream stdin = process.getOutputStream()) {
        if (input != null) {
          stdin.write(input.getBytes(StandardCharsets.UTF_8));
        }
      }
      ByteArrayOutputStream text = new ByteArrayOutputStream();
      List<long[]> pieces = new ArrayList<>();
      byte[] buffer = new byte[1 << 16];
      try (InputStream out = process.getInputStream()) {
        int n;
        while ((n = out.read(buffer)) > 0) {
          long now = System.nanoTime();
          text.write(buffer, 0, n);
          pieces.add(new long[] {text.size(), now});
        }
      }
      int status = process.waitFor();
      String output = text.toString(StandardCharsets.UTF_8);
      if (status != 0) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            String.join(" ", command) + " failed with status " + status + ":\n" + output);
      }
      long[] ends = new long[pieces.size()];
      long[] nanos = new long[pieces.size()];
      for (int i = 0; i < ends.length; i++) {
        ends[i] = pieces.get(i)[0];
        nanos[i] = pieces.get(i)[1];
      }
      return new TimedOutput(output, ends, nanos);
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "cannot run " + command.get(0) + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, command.get(0) + " interrupted");
    }
  }
}
