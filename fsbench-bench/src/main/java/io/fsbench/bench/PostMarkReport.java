package io.fsbench.bench;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.PostMarkResult;
import io.fsbench.api.PostMarkSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Debian's PostMark printed for one run: the counts of its verbose report and its data read
 * and written, in the unit it chose. Counts are exact; PostMark prints data as {@code %f bytes}
 * below a kibibyte and with two decimals in kilo-, mega- or gigabytes (powers of 1024) above, so
 * fsbench's exact byte count must lie within half of the last printed digit.
 *
 * @param counts the file counts by the report's words (created, created alone, read, ...)
 * @param read data read, in bytes as printed (rounded)
 * @param readUnit the unit the read figure was printed in, in bytes
 * @param written data written, in bytes as printed (rounded)
 * @param writtenUnit the unit the written figure was printed in, in bytes
 */
record PostMarkReport(
    Map<String, Long> counts, double read, double readUnit, double written, double writtenUnit) {

  static final Path POSTMARK = Path.of("/usr/bin/postmark");

  private static final Pattern COUNT =
      Pattern.compile(
          "(?s)\\s(\\d+) created .*?Creation alone: (\\d+) files.*?Mixed with transactions: (\\d+)"
              + " files.*?\\s(\\d+) read .*?\\s(\\d+) appended .*?\\s(\\d+) deleted .*?Deletion"
              + " alone: (\\d+) files.*?Mixed with transactions: (\\d+) files");
  private static final Pattern DATA =
      Pattern.compile("([0-9.]+) (bytes|kilobytes|megabytes|gigabytes) (read|written) \\(");
  private static final List<String> FIELDS =
      List.of(
          "created",
          "created alone",
          "created mixed",
          "read",
          "appended",
          "deleted",
          "deleted alone",
          "deleted mixed");

  static String missing() {
    return Files.isExecutable(POSTMARK)
        ? null
        : "PostMark is not installed (" + POSTMARK + "); apt-get install postmark";
  }

  /** PostMark's commands for {@code spec} in {@code dir}, as given on its standard input. */
  static List<String> settings(PostMarkSpec spec, Path dir) {
    List<String> lines = new ArrayList<>();
    lines.add("set location " + dir);
    lines.add("set number " + spec.files());
    lines.add("set transactions " + spec.transactions());
    lines.add("set size " + spec.sizeLow().bytes() + " " + spec.sizeHigh().bytes());
    lines.add("set read " + spec.readBlockSize().bytes());
    lines.add("set write " + spec.writeBlockSize().bytes());
    lines.add("set bias read " + spec.biasRead());
    lines.add("set bias create " + spec.biasCreate());
    lines.add("set buffering " + spec.buffering());
    if (spec.subdirectories() > 0) {
      // PostMark refuses "set subdirectories 0" as invalid; 0 is its default
      lines.add("set subdirectories " + spec.subdirectories());
    }
    lines.add("set seed " + spec.seed());
    return lines;
  }

  /** Runs PostMark on {@code spec} in {@code dir} and reads its report. */
  static PostMarkReport run(PostMarkSpec spec, Path dir) {
    List<String> input = new ArrayList<>(settings(spec, dir));
    input.add("run");
    input.add("quit");
    String output;
    try {
      Process process =
          new ProcessBuilder(POSTMARK.toString())
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .start();
      try (OutputStream stdin = process.getOutputStream()) {
        stdin.write((String.join("\n", input) + "\n").getBytes(StandardCharsets.UTF_8));
      }
      try (InputStream out = process.getInputStream()) {
        output = new String(out.readAllBytes(), StandardCharsets.UTF_8);
      }
      process.waitFor();
    } catch (IOException e) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "postmark could not run: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FsBenchException(FsBenchException.Kind.RUN_FAILED, "interrupted");
    }
    return parse(output);
  }

  /** PostMark's output read; a run that ended "out of files!" or printed no report fails. */
  static PostMarkReport parse(String output) {
    if (output.contains("out of files!")) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "PostMark ran out of files (\"out of files!\")");
    }
    Matcher counts = COUNT.matcher(output);
    if (!counts.find()) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "postmark printed no report:\n" + output);
    }
    Map<String, Long> values = new java.util.LinkedHashMap<>();
    for (int i = 0; i < FIELDS.size(); i++) {
      values.put(FIELDS.get(i), Long.parseLong(counts.group(i + 1)));
    }
    double[] data = new double[4];
    Matcher figures = DATA.matcher(output);
    while (figures.find()) {
      int at = figures.group(3).equals("read") ? 0 : 2;
      double unit = unit(figures.group(2));
      data[at] = Double.parseDouble(figures.group(1)) * unit;
      data[at + 1] = unit;
    }
    if (data[1] == 0 || data[3] == 0) {
      throw new FsBenchException(
          FsBenchException.Kind.RUN_FAILED, "postmark printed no data figures:\n" + output);
    }
    return new PostMarkReport(values, data[0], data[1], data[2], data[3]);
  }

  private static double unit(String word) {
    return switch (word) {
      case "bytes" -> 1;
      case "kilobytes" -> 1024;
      case "megabytes" -> 1024.0 * 1024;
      default -> 1024.0 * 1024 * 1024;
    };
  }

  /** fsbench's result's counts by the report's words. */
  static Map<String, Long> counts(PostMarkResult r) {
    Map<String, Long> values = new java.util.LinkedHashMap<>();
    values.put("created", r.filesCreated());
    values.put("created alone", r.filesCreatedAlone());
    values.put("created mixed", r.filesCreated() - r.filesCreatedAlone());
    values.put("read", r.filesRead());
    values.put("appended", r.filesAppended());
    values.put("deleted", r.filesDeleted());
    values.put("deleted alone", r.filesDeletedAlone());
    values.put("deleted mixed", r.filesDeleted() - r.filesDeletedAlone());
    return values;
  }

  /** Where fsbench's {@code result} differs from this report; empty when it agrees. */
  List<String> disagreements(PostMarkResult result) {
    List<String> problems = new ArrayList<>();
    Map<String, Long> ours = counts(result);
    for (String field : FIELDS) {
      if (!ours.get(field).equals(counts.get(field))) {
        problems.add(field + ": fsbench " + ours.get(field) + ", PostMark " + counts.get(field));
      }
    }
    PostMarkSpec spec = result.spec();
    long readAdds = result.filesRead() + result.bytesRead() / spec.readBlockSize().bytes();
    long writeAdds =
        result.filesCreated()
            + result.filesAppended()
            + result.bytesWritten() / spec.writeBlockSize().bytes();
    data("read", result.bytesRead(), read, readUnit, readAdds).ifPresent(problems::add);
    data("written", result.bytesWritten(), written, writtenUnit, writeAdds)
        .ifPresent(problems::add);
    return problems;
  }

  /**
   * Bytes as PostMark would print them: within half the last printed digit (0.005 of the unit, or
   * 0.0000005 bytes), plus what PostMark's float sum can drift. A float holds integers exactly up
   * to 2^24, so below 16 MiB the sum is exact; above, each of the at most {@code adds} additions
   * (one per file or per block, whichever PostMark sums) rounds by at most half a unit in the last
   * place of the running total.
   */
  static java.util.Optional<String> data(
      String what, long bytes, double printed, double unit, long adds) {
    double total = Math.max(bytes, printed);
    double drift = total < (1 << 24) ? 0 : adds * Math.ulp((float) total) / 2.0;
    double tolerance = (unit == 1 ? 0.0000005 : 0.005 * unit) + drift;
    if (Math.abs(bytes - printed) <= tolerance) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(
        "data "
            + what
            + ": fsbench "
            + bytes
            + " bytes, PostMark "
            + String.format(java.util.Locale.ROOT, "%.2f", printed)
            + " bytes as printed");
  }
}
