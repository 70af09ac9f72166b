package io.fsbench.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What one side of {@link FsMarkDiff} did to its files, from {@code strace -f -y}: per process
 * (fs_mark) or thread (fsbench) that created files, the calls on them in order, each file named by
 * its number among that creator's files. Names, and which process or thread is which, do not depend
 * on the tool: {@code C0 W0:5 F0 X0 C1 ... S O0 F0 X0} is the same for fs_mark and fsbench when
 * both make the same calls in the same order.
 *
 * <p>Tokens: {@code C} open with O_CREAT, {@code O} open without, {@code W:n} write of n bytes,
 * {@code F} fsync, {@code D} fdatasync, {@code X} close, {@code U} unlink, each followed by the
 * file's number; {@code S} sync(2) and {@code Y} syncfs(2) by the creator. An unlink belongs to the
 * file's creator even when another thread makes it (fsbench's delete phase runs threads of its
 * own). Left out by rule: mkdir (fs_mark calls it before every file, fsbench once per directory),
 * and fsbench's warm-up directory {@code .fsbench-warm-up}.
 */
final class FsMarkTrace {

  /** The calls traced. */
  static final String CALLS =
      "openat,open,creat,write,fsync,fdatasync,sync,syncfs,close,mkdir,unlink,unlinkat";

  static final String WARM_UP = ".fsbench-warm-up";

  // 1234  name(args = result   or   1234  name(args <unfinished ...>
  private static final Pattern CALL = Pattern.compile("^(\\d+)\\s+(\\w+)\\((.*)$");

  private static final Pattern DOUBLE_SLASH = Pattern.compile("/{2,}");

  private FsMarkTrace() {}

  /** {@code command} run under strace, the trace written to {@code trace}. */
  static List<String> traced(List<String> command, Path trace) {
    return FioSyscalls.traced(command, trace, CALLS);
  }

  /**
   * The per-creator call sequences of {@code trace} on files under {@code root}, sorted; relative
   * paths (fs_mark's, its {@code -d} is relative) are resolved against {@code cwd}, where the side
   * ran.
   */
  static List<String> sequences(Path trace, Path root, Path cwd) throws IOException {
    try (Stream<String> lines = Files.lines(trace, StandardCharsets.UTF_8)) {
      return sequences(
          lines.toList(),
          root.toAbsolutePath().normalize().toString(),
          cwd.toAbsolutePath().normalize().toString());
    }
  }

  static List<String> sequences(List<String> lines, String root, String cwd) {
    Map<String, List<String>> byCreator = new LinkedHashMap<>();
    Map<String, String[]> files = new HashMap<>(); // path -> {creator, number}
    Map<String, Integer> created = new HashMap<>();
    for (String line : lines) {
      Matcher m = CALL.matcher(line);
      if (!m.find() || line.contains("resumed>")) {
        continue;
      }
      String tid = m.group(1);
      String name = m.group(2);
      String text = m.group(3).replace(" <unfinished ...>", "");
      if (name.equals("sync") || name.equals("syncfs")) {
        byCreator.computeIfAbsent(tid, k -> new ArrayList<>()).add(name.equals("sync") ? "S" : "Y");
        continue;
      }
      if (name.equals("mkdir")) {
        continue;
      }
      List<String> args = FioSyscalls.arguments(text);
      if (args.isEmpty()) {
        continue;
      }
      String path = FioSyscalls.path(name, args);
      if (path != null) {
        path = path.startsWith("/") ? path : cwd + "/" + path;
        path = DOUBLE_SLASH.matcher(path).replaceAll("/"); // fs_mark's "DIR//NAME" without -D
      }
      if (path == null || !path.startsWith(root + "/") || path.startsWith(root + "/" + WARM_UP)) {
        continue;
      }
      String token = token(name, args);
      if (token == null) {
        continue;
      }
      String[] file = files.get(path);
      if (token.equals("C") && file == null) {
        int number = created.merge(tid, 1, Integer::sum) - 1;
        file = new String[] {tid, Integer.toString(number)};
        files.put(path, file);
      }
      String creator = file == null ? "?" + tid : file[0];
      String number = file == null ? "?" : file[1];
      String call = token.startsWith("W:") ? "W" + number + token.substring(1) : token + number;
      byCreator.computeIfAbsent(creator, k -> new ArrayList<>()).add(call);
    }
    return byCreator.values().stream().map(calls -> String.join(" ", calls)).sorted().toList();
  }

  /** The files created in {@code sequences}: their {@code C} calls. */
  static long creates(List<String> sequences) {
    return sequences.stream()
        .flatMap(s -> Arrays.stream(s.split(" ")))
        .filter(t -> t.startsWith("C"))
        .count();
  }

  private static String token(String name, List<String> args) {
    return switch (name) {
      case "openat" -> args.size() > 2 && args.get(2).contains("O_CREAT") ? "C" : "O";
      case "open" -> args.size() > 1 && args.get(1).contains("O_CREAT") ? "C" : "O";
      case "creat" -> "C";
      case "write" -> "W:" + args.get(args.size() - 1).strip();
      case "fsync" -> "F";
      case "fdatasync" -> "D";
      case "close" -> "X";
      case "unlink" -> "U";
      case "unlinkat" -> args.size() > 2 && args.get(2).contains("AT_REMOVEDIR") ? null : "U";
      default -> null;
    };
  }

  /** Where two sides' sequences first differ, for a disagreement's message. */
  static String firstDifference(List<String> fsbench, List<String> fsMark) {
    if (fsbench.size() != fsMark.size()) {
      return "creators: fsbench " + fsbench.size() + ", fs_mark " + fsMark.size();
    }
    for (int i = 0; i < fsbench.size(); i++) {
      String[] a = fsbench.get(i).split(" ");
      String[] b = fsMark.get(i).split(" ");
      for (int j = 0; j < Math.max(a.length, b.length); j++) {
        String x = j < a.length ? a[j] : "(end)";
        String y = j < b.length ? b[j] : "(end)";
        if (!x.equals(y)) {
          return "creator "
              + i
              + ", call "
              + j
              + ": fsbench "
              + x
              + ", fs_mark "
              + y
              + " (calls: fsbench "
              + a.length
              + ", fs_mark "
              + b.length
              + ")";
        }
      }
    }
    return "none";
  }
}
