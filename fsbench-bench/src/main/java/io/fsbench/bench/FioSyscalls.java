package io.fsbench.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The system calls fio and fsbench make on a job's files, from {@code strace -f -y}: which calls,
 * with which open flags, fadvise advice and fallocate modes, and how many of each. This is how a
 * missing fadvise, a different open flag or a different layout shows up when the JSON's byte counts
 * agree.
 *
 * <p>Only calls on files under the run's directory count, and of those only the job's own files:
 * fsbench's run directories ({@code fsbench-*}) and the JVM's own files are not the job's.
 */
final class FioSyscalls {

  /** The calls traced: everything fio's psync, sync, libaio and io_uring paths make on files. */
  static final String CALLS =
      "openat,open,creat,read,write,pread64,pwrite64,readv,writev,preadv,pwritev,preadv2,"
          + "pwritev2,lseek,fsync,fdatasync,fadvise64,fallocate,ftruncate,sync_file_range,"
          + "io_submit,io_uring_enter,unlink,unlinkat";

  private static final Set<String> SYNCS = Set.of("fsync", "fdatasync", "sync_file_range");

  private static final Set<String> DATA =
      Set.of(
          "read",
          "write",
          "pread64",
          "pwrite64",
          "readv",
          "writev",
          "preadv",
          "pwritev",
          "preadv2",
          "pwritev2");

  // 1234  name(args) = result   or   1234  name(args <unfinished ...>
  private static final Pattern CALL = Pattern.compile("^\\d+\\s+(\\w+)\\((.*)$");
  private static final Pattern FD_PATH = Pattern.compile("^-?\\w+<([^>]*)>");
  private static final Pattern QUOTED = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

  private FioSyscalls() {}

  /** {@code command} run under strace, the trace written to {@code trace}. */
  static List<String> traced(List<String> command, Path trace) {
    return traced(command, trace, CALLS);
  }

  /**
   * {@code command} run under strace tracing {@code calls} (strace's {@code -e trace=} list), its
   * children followed and descriptors shown with their paths, the trace written to {@code trace}.
   */
  static List<String> traced(List<String> command, Path trace, String calls) {
    List<String> traced =
        new ArrayList<>(
            List.of(
                "strace",
                "-f",
                "-qq",
                "-y",
                "--seccomp-bpf",
                "-e",
                "trace=" + calls,
                "-o",
                trace.toString()));
    traced.addAll(command);
    return traced;
  }

  /** Whether strace can be run here, or why not. */
  static String straceMissing() {
    try {
      Process p = new ProcessBuilder("strace", "-V").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor() == 0 ? null : "strace -V failed";
    } catch (IOException e) {
      return "strace is not installed (apt-get install strace, or scripts/setup)";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  /**
   * Counts per call of a trace, on the job's files under {@code dir}: keys are the call's name,
   * with the open flags, advice or fallocate mode where the call has one, e.g. {@code
   * openat(O_RDONLY)}, {@code fadvise64(POSIX_FADV_RANDOM)}.
   */
  static Map<String, Long> count(Path trace, Path dir) throws IOException {
    Map<String, Long> counts = new TreeMap<>();
    String root = dir.toAbsolutePath().normalize().toString();
    try (Stream<String> lines = Files.lines(trace, StandardCharsets.UTF_8)) {
      lines.forEach(
          line -> {
            String key = key(line, root);
            if (key != null) {
              counts.merge(key, 1L, Long::sum);
            }
          });
    }
    return counts;
  }

  /** The call's key, or null when the line is not a call on one of the job's files. */
  static String key(String line, String root) {
    Matcher m = CALL.matcher(line);
    if (!m.find() || line.contains("resumed>")) {
      return null;
    }
    String name = m.group(1);
    if (name.equals("unlinkat")) {
      return null; // fsbench removing its run directory; fio's layout unlinks with unlink(2)
    }
    List<String> args = arguments(m.group(2).replace(" <unfinished ...>", ""));
    if (args.isEmpty()) {
      return null;
    }
    String path = path(name, args);
    if (path == null || !isJobFile(path, root)) {
      return null;
    }
    return switch (name) {
      case "openat" -> name + "(" + flags(args.size() > 2 ? args.get(2) : "") + ")";
      case "open" -> name + "(" + flags(args.size() > 1 ? args.get(1) : "") + ")";
      case "fadvise64" -> name + "(" + args.get(args.size() - 1).strip() + ")";
      case "fallocate" -> name + "(" + args.get(1).strip() + ")";
      default -> name;
    };
  }

  /** The path a call works on: its fd's path (strace -y) or its path argument. */
  static String path(String name, List<String> args) {
    String first = args.get(0).strip();
    Matcher fd = FD_PATH.matcher(first);
    String base = fd.find() ? fd.group(1) : null;
    boolean atCall = name.equals("openat") || name.equals("unlinkat");
    if (atCall || name.equals("open") || name.equals("creat") || name.equals("unlink")) {
      String nameArg = atCall ? (args.size() > 1 ? args.get(1) : "") : first;
      Matcher q = QUOTED.matcher(nameArg);
      if (!q.find()) {
        return null;
      }
      String file = q.group(1);
      if (file.startsWith("/") || !atCall) {
        return file;
      }
      return base == null ? null : base + "/" + file;
    }
    return base;
  }

  /** A file of the job's: under the run's directory, and not one of fsbench's own directories. */
  private static boolean isJobFile(String path, String root) {
    if (!path.startsWith(root + "/")) {
      return false;
    }
    String name = path.substring(path.lastIndexOf('/') + 1);
    return !name.startsWith("fsbench-") && !name.isEmpty();
  }

  /** Open flags without those that do not change the I/O: the JVM's O_CLOEXEC, O_LARGEFILE. */
  private static String flags(String text) {
    Set<String> flags = new TreeSet<>(Arrays.asList(text.strip().split("\\|")));
    flags.remove("O_CLOEXEC");
    flags.remove("O_LARGEFILE");
    return String.join("|", flags);
  }

  /** The top-level comma-separated arguments, with quotes and brackets respected. */
  static List<String> arguments(String text) {
    List<String> args = new ArrayList<>();
    int depth = 0;
    boolean quoted = false;
    StringBuilder current = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quoted) {
        current.append(c);
        if (c == '\\' && i + 1 < text.length()) {
          current.append(text.charAt(++i));
        } else if (c == '"') {
          quoted = false;
        }
        continue;
      }
      if (c == '"') {
        quoted = true;
      } else if (c == '(' || c == '[' || c == '{' || c == '<') {
        depth++;
      } else if (c == ']' || c == '}' || c == '>') {
        depth--;
      } else if (c == ')') {
        if (depth == 0) {
          break;
        }
        depth--;
      } else if (c == ',' && depth == 0) {
        args.add(current.toString());
        current.setLength(0);
        continue;
      }
      current.append(c);
    }
    if (!current.isEmpty()) {
      args.add(current.toString());
    }
    return args;
  }

  /**
   * The differences between fio's calls and fsbench's. With {@code exactData} false (the JSON's
   * counts are not deterministic for this job), data calls (ftruncate and fallocate included, the
   * data calls of fio's ftruncate and falloc engines) and syncs are not compared, and opens and
   * fadvise calls need only appear in both: which direction and size a random stream draws decides
   * how many there are (and how many passes fio makes, each re-opening the files), and the JSON's
   * counts are compared with the tolerance that needs. With {@code syncsElsewhere}, syncs are not
   * compared, the JSON's sync counts are: a job uses io_uring, where fio queues them to the ring
   * (IORING_OP_FSYNC) and strace does not see them, or fio decides them from completions (see
   * FioTolerances.syncsDrawn). With {@code sharedFiles} (clones or jobs share a {@code filename=}),
   * fio may open a file up to twice per clone where fsbench opens it once: a thread that finds the
   * file in fio's file hash, opened by another, opens it again. Passes, loops and verifies close
   * and open the files on both sides alike, and are compared call for call.
   */
  static List<String> compare(
      Map<String, Long> fio,
      Map<String, Long> own,
      boolean exactData,
      boolean syncsElsewhere,
      boolean sharedFiles,
      int loops) {
    return compare(fio, own, exactData, syncsElsewhere, sharedFiles, loops, 0);
  }

  /**
   * As above, with {@code untouched} the files a job may end before it uses: fsbench opens each of
   * a clone's files before its measured phase (invalidated and advised, outside runtime), fio when
   * the job first does I/O on it, so fsbench may open (and advise) that many more
   * (docs/measurement.md; seed 2040 case 860).
   */
  static List<String> compare(
      Map<String, Long> fio,
      Map<String, Long> own,
      boolean exactData,
      boolean syncsElsewhere,
      boolean sharedFiles,
      int loops,
      long untouched) {
    List<String> out = new ArrayList<>();
    Set<String> keys = new TreeSet<>(fio.keySet());
    keys.addAll(own.keySet());
    for (String key : keys) {
      long f = fio.getOrDefault(key, 0L);
      long o = own.getOrDefault(key, 0L);
      // ftruncate and fallocate are the data calls of fio's ftruncate and falloc engines
      boolean data =
          DATA.contains(key)
              || (!exactData && (key.equals("ftruncate") || key.startsWith("fallocate")));
      if (syncsElsewhere && SYNCS.contains(key)) {
        continue;
      }
      if (f == o || (!exactData && (data || SYNCS.contains(key)))) {
        continue; // the JSON's counts are compared with the tolerances a random stream needs
      }
      if (sharedFiles && key.startsWith("open") && f >= o && f <= 2 * o) {
        continue; // fio's threads re-open a file another thread of the job has open
      }
      boolean reopened = key.startsWith("open") || key.startsWith("fadvise64");
      if (reopened && o > f && o - f <= untouched) {
        continue; // files fsbench opened before the measured phase that fio never reached
      }
      if (!exactData && reopened && f > 0 && o > 0) {
        continue; // how many passes a random stream makes fio take, each re-opening the files
      }
      if (loops > 1 && reopened && Math.max(f, o) <= Math.min(f, o) * loops) {
        continue; // see above: re-opens between loops
      }
      out.add("syscall " + key + ": fio " + f + ", fsbench " + o);
    }
    return out;
  }
}
