package io.fsbench.bench;

import io.fsbench.api.BonnieSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Debian's bonnie++ 2.00a run as a {@link BonnieSpec} describes it, in bonnie++'s units: {@code -s
 * MiB:chunk:seeks:procs}, {@code -n num:max:min:dirs[:chunk]}, {@code -f} or {@code -fMiB}, {@code
 * -b}, {@code -D}, {@code -r MiB}, {@code -z seed}, {@code -m name}, {@code -q} (the table on
 * stderr, the CSV line on stdout), {@code -u root} when run as root, as bonnie++ requires.
 */
final class BonnieCpp {

  static final Path BONNIE = Path.of("/usr/sbin/bonnie++");

  private BonnieCpp() {}

  /** Why bonnie++ cannot run here, or null. */
  static String missing() {
    return Files.isExecutable(BONNIE)
        ? null
        : "bonnie++ is not installed (" + BONNIE + "); apt-get install bonnie++";
  }

  /** bonnie++'s command line for {@code spec}, whose size, RAM and seed must be given. */
  static List<String> command(BonnieSpec spec, Path dir) {
    List<String> c = new ArrayList<>();
    c.add(BONNIE.toString());
    c.add("-d");
    c.add(dir.toString());
    if (ProcessHandle.current().info().user().map("root"::equals).orElse(false)) {
      c.add("-u");
      c.add("root");
    }
    c.add("-q");
    spec.machine().ifPresent(m -> add(c, "-m", m));
    spec.seed().ifPresent(s -> add(c, "-z", Long.toString(s)));
    spec.ram().ifPresent(r -> add(c, "-r", Long.toString(r.mib())));
    long size = spec.fileSize().orElseThrow().mib();
    add(
        c,
        "-s",
        size + ":" + spec.chunkSize().bytes() + ":" + spec.seeks() + ":" + spec.seekProcs());
    String files = Integer.toString(spec.files());
    if (spec.files() > 0) {
      files += ":" + spec.maxFileSize() + ":" + spec.minFileSize() + ":" + spec.directories();
      if (spec.fileChunkSize().bytes() != BonnieSpec.DEFAULT_CHUNK.bytes()) {
        files += ":" + spec.fileChunkSize().bytes();
      }
    }
    add(c, "-n", files);
    if (!spec.perCharTests()) {
      c.add("-f");
    } else if (!spec.perCharSize().equals(BonnieSpec.DEFAULT_PER_CHAR)) {
      c.add("-f" + spec.perCharSize().mib()); // getopt's optional argument must be attached
    }
    if (spec.fsync()) {
      c.add("-b");
    }
    if (spec.direct()) {
      c.add("-D");
    }
    return c;
  }

  /** Runs bonnie++ in {@code dir}; its output, the table then the CSV line. */
  static String run(BonnieSpec spec, Path dir) {
    return CTools.run(command(spec, dir), dir);
  }

  /** The CSV line in bonnie++'s output. */
  static String csvLine(String output) {
    return output
        .lines()
        .filter(l -> l.startsWith("1.98,"))
        .findFirst()
        .orElseThrow(
            () -> new IllegalStateException("no CSV line in bonnie++'s output:\n" + output));
  }

  private static void add(List<String> c, String option, String value) {
    c.add(option);
    c.add(value);
  }
}
