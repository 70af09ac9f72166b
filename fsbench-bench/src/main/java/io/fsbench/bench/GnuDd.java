package io.fsbench.bench;

import io.fsbench.api.DdSpec;
import io.fsbench.api.ToolMissingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * GNU dd run as a {@link DdSpec} describes it, in the C locale so that its summary parses: {@code
 * dd if=/dev/zero of=FILE bs=B count=N [conv=..] [oflag=..]} for a write, {@code dd if=FILE
 * of=/dev/null bs=B count=N [iflag=direct]} for a read. A read's file is laid out as fsbench lays
 * it out (zeros, fdatasync; here by dd itself, in blocks of bs) and, when the spec invalidates, its
 * pages are dropped with {@code dd if=FILE iflag=nocache count=0}, which is posix_fadvise(DONTNEED)
 * over the file, the call fsbench makes.
 */
final class GnuDd {

  private GnuDd() {}

  /** Why GNU dd cannot run here, or null when it can. */
  static String missing() {
    for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "dd"))) {
        return null;
      }
    }
    return new ToolMissingException("dd", "apt-get install coreutils").getMessage();
  }

  /** Runs {@code spec} on {@code file}, untimed setup first, and parses dd's summary. */
  static DdSummary run(DdSpec spec, Path file) {
    Path dir = file.getParent();
    if (spec.mode() == DdSpec.Mode.READ) {
      CTools.run(
          List.of(
              "dd",
              "if=/dev/zero",
              "of=" + file,
              "bs=" + spec.blockSize().bytes(),
              "count=" + spec.count(),
              "conv=fdatasync",
              "status=none"),
          dir);
      if (spec.invalidate()) {
        CTools.run(List.of("dd", "if=" + file, "iflag=nocache", "count=0", "status=none"), dir);
      }
    }
    return DdSummary.parse(CTools.run(command(spec, file), dir));
  }

  /** The dd command line for {@code spec}. */
  static List<String> command(DdSpec spec, Path file) {
    boolean write = spec.mode() == DdSpec.Mode.WRITE;
    List<String> command = new ArrayList<>(List.of("env", "LC_ALL=C", "dd"));
    command.add("if=" + (write ? "/dev/zero" : file));
    command.add("of=" + (write ? file : "/dev/null"));
    command.add("bs=" + spec.blockSize().bytes());
    command.add("count=" + spec.count());
    List<String> conv = new ArrayList<>();
    if (spec.fdatasync()) {
      conv.add("fdatasync");
    }
    if (spec.fsync()) {
      conv.add("fsync");
    }
    if (!conv.isEmpty()) {
      command.add("conv=" + String.join(",", conv));
    }
    List<String> flags = new ArrayList<>();
    if (spec.direct()) {
      flags.add("direct");
    }
    if (spec.dsync()) {
      flags.add("dsync");
    }
    if (!flags.isEmpty()) {
      command.add((write ? "oflag=" : "iflag=") + String.join(",", flags));
    }
    return command;
  }
}
