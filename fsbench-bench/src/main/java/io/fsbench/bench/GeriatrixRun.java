package io.fsbench.bench;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One run of a Geriatrix binary (built by hand; none of its code is in fsbench) on a directory, and
 * what it reports: the workload it wrote, its operations, why it stopped, and the final age, size
 * and depth distributions it dumps with {@code -x}, {@code -y} and {@code -z}.
 *
 * @param command the command line as run
 * @param workloadMib Geriatrix's "Total aging workload created", in MiB (it prints whole MiB)
 * @param operations its "Total number of operations"
 * @param stopReason its "Aging stopped ..." line, or empty
 * @param ageDistance total variation distance of its final age buckets from the profile
 * @param sizeDistance the same for its size buckets
 * @param depthDistance the same for its depth buckets
 */
record GeriatrixRun(
    List<String> command,
    long workloadMib,
    long operations,
    String stopReason,
    double ageDistance,
    double sizeDistance,
    double depthDistance) {

  GeriatrixRun {
    command = List.copyOf(command);
  }

  /**
   * Geriatrix could not finish the case: it filled its volume (or ran past its time), which says
   * nothing about fsbench; the harness reports such a case apart from a disagreement.
   */
  static final class Unfinished extends FsBenchException {
    Unfinished(String message) {
      super(FsBenchException.Kind.RUN_FAILED, message);
    }
  }

  /** What the harness asks of Geriatrix for one case. */
  record Request(
      Path binary,
      Path profile,
      Path mountPoint,
      long diskBytes,
      double fullness,
      int overwrite,
      long seed,
      Duration timeLimit) {}

  /** The process running now, so that a shutdown hook can end it first; null when none. */
  private static volatile Process running;

  /** Ends the Geriatrix process this harness started, if one runs, and waits for it. */
  static void stopRunning() {
    Process p = running;
    if (p != null && p.isAlive()) {
      p.destroy();
      try {
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
          p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Runs Geriatrix with one thread, no fake mode, no idle time, convergence mode {@code -c 0}, no
   * question before quitting. Geriatrix retries a failed fallocate forever (a full volume), so the
   * process is ended at the time limit plus a minute and that is reported as a failure.
   *
   * @param scratch where its three output files and its log go
   */
  static GeriatrixRun run(Request r, Path scratch) {
    return run(r, r.mountPoint(), r.overwrite(), false, scratch);
  }

  /**
   * The operations Geriatrix's fill takes for the request, from a run in its fake mode ({@code -f
   * 1}: no file is made) with {@code -i 0}, which stops one operation after the fill. Its fill
   * draws sizes from a generator seeded with the profile's total weight, not {@code -r}, so this is
   * the fill of every seed.
   */
  static long fillOperations(Request r, Path scratch) {
    try {
      Path fake = Files.createDirectories(scratch);
      return run(r, fake, 0, true, fake).operations() - 1;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static GeriatrixRun run(
      Request r, Path mountPoint, int runs, boolean fake, Path scratch) {
    Path ages = scratch.resolve("age.out");
    Path sizes = scratch.resolve("size.out");
    Path depths = scratch.resolve("dir.out");
    Path log = scratch.resolve("geriatrix.log");
    long minutes = Math.max(1, (r.timeLimit().toSeconds() + 59) / 60);
    List<String> command =
        List.of(
            r.binary().toString(),
            "-n",
            Long.toString(r.diskBytes()),
            "-u",
            String.format(Locale.ROOT, "%.4f", r.fullness()),
            "-r",
            Long.toString(r.seed()),
            "-m",
            mountPoint.toString(),
            "-a",
            r.profile().resolve(GeriatrixProfile.AGES).toString(),
            "-s",
            r.profile().resolve(GeriatrixProfile.SIZES).toString(),
            "-d",
            r.profile().resolve(GeriatrixProfile.DEPTHS).toString(),
            "-x",
            ages.toString(),
            "-y",
            sizes.toString(),
            "-z",
            depths.toString(),
            "-t",
            "1",
            "-i",
            Integer.toString(runs),
            "-f",
            fake ? "1" : "0",
            "-p",
            "0",
            "-c",
            "0",
            "-q",
            "0",
            "-w",
            Long.toString(minutes),
            "-b",
            "posix");
    String out;
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      running = p;
      String hang = awaitEnd(p, log, minutes * 60 + 60);
      if (hang != null) {
        stopRunning();
        throw new Unfinished(hang + "; its log: " + log);
      }
      running = null;
      out = Files.readString(log);
      if (p.exitValue() != 0) {
        throw new FsBenchException(
            FsBenchException.Kind.RUN_FAILED,
            "Geriatrix exited with " + p.exitValue() + "; its log: " + log + "\n" + tail(out));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stopRunning();
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "interrupted", e);
    }
    return parse(command, out, read(ages), read(sizes), read(depths));
  }

  /**
   * Waits for Geriatrix to exit; null when it did, else why it was stopped. Its worker thread
   * retries a failed fallocate forever, once a second, while the main thread goes on to the end and
   * prints its statistics, then waits for the worker: a process alive a minute after printing them
   * has filled its volume.
   */
  private static String awaitEnd(Process p, Path log, long limitSeconds)
      throws IOException, InterruptedException {
    long printedAt = -1;
    for (long second = 0; second < limitSeconds; second++) {
      if (p.waitFor(1, TimeUnit.SECONDS)) {
        return null;
      }
      if (printedAt < 0 && Files.readString(log).contains("Age distribution dumped in")) {
        printedAt = second;
      }
      if (printedAt >= 0 && second - printedAt >= 60) {
        return "Geriatrix printed its end but did not exit within a minute: its file thread"
            + " retries a failed fallocate forever, so the volume is full (Geriatrix's live bytes"
            + " rose above the volume; see docs/aging.md, \"Against Geriatrix\")";
      }
    }
    return "Geriatrix did not end within its time limit plus a minute";
  }

  static GeriatrixRun parse(
      List<String> command, String out, String ages, String sizes, String depths) {
    return new GeriatrixRun(
        command,
        number(out, "Total aging workload created = (\\d+) MB"),
        number(out, "Total number of operations = (\\d+)"),
        find(out, "(Aging stopped[^\\n]*)").orElse(""),
        distance(ages),
        distance(sizes),
        distance(depths));
  }

  /**
   * The total variation distance of a Geriatrix distribution dump: a header, then per bucket a line
   * {@code ID FRACTION IDEAL} and one {@code ID FRACTION ACTUAL}.
   */
  static double distance(String dump) {
    List<Double> ideal = new ArrayList<>();
    List<Double> actual = new ArrayList<>();
    for (String line : dump.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length == 3 && f[2].equals("IDEAL")) {
        ideal.add(Double.parseDouble(f[1]));
      } else if (f.length == 3 && f[2].equals("ACTUAL")) {
        actual.add(Double.parseDouble(f[1]));
      }
    }
    if (ideal.isEmpty() || ideal.size() != actual.size()) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED,
          "a Geriatrix distribution dump has no IDEAL/ACTUAL pairs: " + tail(dump));
    }
    double sum = 0;
    for (int i = 0; i < ideal.size(); i++) {
      sum += Math.abs(actual.get(i) - ideal.get(i));
    }
    return sum / 2;
  }

  private static long number(String out, String regex) {
    return find(out, regex)
        .map(Long::parseLong)
        .orElseThrow(
            () ->
                new FsBenchException(
                    FsBenchException.Kind.RUN_FAILED,
                    "Geriatrix's output lacks /" + regex + "/: " + tail(out)));
  }

  private static Optional<String> find(String out, String regex) {
    Matcher m = Pattern.compile(regex).matcher(out);
    String last = null;
    while (m.find()) {
      last = m.group(1);
    }
    return Optional.ofNullable(last);
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new InvalidInputException("Geriatrix wrote no " + file + ": " + e.getMessage());
    }
  }

  private static String tail(String text) {
    return text.length() <= 800 ? text : "..." + text.substring(text.length() - 800);
  }
}
