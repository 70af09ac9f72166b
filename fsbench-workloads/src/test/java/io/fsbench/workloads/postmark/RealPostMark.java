package io.fsbench.workloads.postmark;

import io.fsbench.api.PostMarkSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs the real {@code postmark} on a spec's settings and reads its report's counts. */
final class RealPostMark {

  static final Path BINARY = Path.of("/usr/bin/postmark");

  private RealPostMark() {}

  static boolean installed() {
    return Files.isExecutable(BINARY);
  }

  /**
   * Runs the spec once with the verbose report (for the counts) and once with the terse one (for
   * exact byte counts when the run took at most a second, which PostMark then divides by 1).
   */
  static Map<String, Long> run(PostMarkSpec spec, Path location) throws Exception {
    String settings =
        "set location "
            + location
            + "\nset number "
            + spec.files()
            + "\nset transactions "
            + spec.transactions()
            + "\nset size "
            + spec.sizeLow().bytes()
            + " "
            + spec.sizeHigh().bytes()
            + "\nset read "
            + spec.readBlockSize().bytes()
            + "\nset write "
            + spec.writeBlockSize().bytes()
            + "\nset bias read "
            + spec.biasRead()
            + "\nset bias create "
            + spec.biasCreate()
            + "\nset buffering "
            + spec.buffering()
            + (spec.subdirectories() > 0 ? "\nset subdirectories " + spec.subdirectories() : "")
            + "\nset seed "
            + spec.seed()
            + "\nrun\nset report terse\nrun\nquit\n";
    Path config = Files.createTempFile("fsbench-postmark", ".cfg");
    try {
      Files.writeString(config, settings);
      Process process =
          new ProcessBuilder(BINARY.toString(), config.toString())
              .redirectErrorStream(true)
              .start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
        throw new IOException("postmark failed: " + out);
      }
      return parse(out);
    } finally {
      Files.deleteIfExists(config);
    }
  }

  private static Map<String, Long> parse(String out) throws IOException {
    Map<String, Long> counts = new HashMap<>();
    counts.put("created", number(out, "\\t(\\d+) created"));
    counts.put("createdAlone", number(out, "Creation alone: (\\d+) files"));
    counts.put("read", number(out, "\\t(\\d+) read \\("));
    counts.put("appended", number(out, "\\t(\\d+) appended"));
    counts.put("deleted", number(out, "\\t(\\d+) deleted"));
    counts.put("deletedAlone", number(out, "Deletion alone: (\\d+) files"));
    Matcher terse =
        Pattern.compile("(?m)^(\\d+) \\d+ [\\d.]+( [\\d.]+){8} ([\\d.]+) ([\\d.]+)$").matcher(out);
    if (terse.find() && terse.group(1).equals("1")) {
      counts.put("bytesRead", Math.round(Double.parseDouble(terse.group(3))));
      counts.put("bytesWritten", Math.round(Double.parseDouble(terse.group(4))));
    }
    if (out.contains("out of files")) {
      counts.put("outOfFiles", 1L);
    }
    return counts;
  }

  private static long number(String out, String regex) throws IOException {
    Matcher m = Pattern.compile(regex).matcher(out);
    if (!m.find()) {
      return -1;
    }
    return Long.parseLong(m.group(1));
  }
}
