package io.fsbench.bench;

import io.fsbench.spi.support.LinuxHost;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The reference filebench 1.5-alpha3, built from its tarball by {@code bench/filebench-build.sh}
 * into a cache directory, and run with address-space randomization off for its process ({@code
 * setarch -R}): filebench shares function pointers between its processes (filebench issue #112).
 */
final class FilebenchCpp {

  /** Whether filebench gets a private tmpfs on /tmp (see {@link #command}): root, with unshare. */
  static final boolean PRIVATE_TMP =
      LinuxHost.effectiveUid() == 0
          && (Files.isExecutable(Path.of("/usr/bin/unshare"))
              || Files.isExecutable(Path.of("/bin/unshare")));

  private static final int NO_TARBALL = 4;

  private static volatile Optional<Path> binary;
  private static volatile String reason;

  private FilebenchCpp() {}

  /** Why filebench cannot run here, or null when it can; builds it on first use. */
  static synchronized String missing() {
    if (binary == null) {
      locate();
    }
    return binary.isPresent() ? null : reason;
  }

  static Path binary() {
    String why = missing();
    if (why != null) {
      throw new IllegalStateException(why);
    }
    return binary.get();
  }

  /** {@code FSBENCH_FILEBENCH}, or the build script's output (found from the working directory). */
  private static void locate() {
    String given = System.getenv("FSBENCH_FILEBENCH");
    if (given != null && !given.isBlank()) {
      binary = Optional.of(Path.of(given));
      return;
    }
    Optional<Path> script = buildScript();
    if (script.isEmpty()) {
      binary = Optional.empty();
      reason = "bench/filebench-build.sh not found from " + Path.of("").toAbsolutePath();
      return;
    }
    try {
      Process p =
          new ProcessBuilder("bash", script.get().toString())
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      p.waitFor(30, TimeUnit.MINUTES);
      int rc = p.exitValue();
      if (rc == 0 && Files.isExecutable(Path.of(out))) {
        binary = Optional.of(Path.of(out));
      } else {
        binary = Optional.empty();
        reason =
            rc == NO_TARBALL
                ? "the filebench source tarball is absent (see the line above; FSBENCH_FILEBENCH_SOURCE)"
                : "bench/filebench-build.sh failed (exit " + rc + ", its log above)";
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while building filebench", e);
    }
  }

  /**
   * The folder of the tarball and {@code workloads/}: {@code FSBENCH_FILEBENCH_SOURCE}, or {@code
   * ../shared/reference/filebench} beside the repository.
   */
  static Path source() {
    String given = System.getenv("FSBENCH_FILEBENCH_SOURCE");
    if (given != null && !given.isBlank()) {
      return Path.of(given);
    }
    Path root = buildScript().map(s -> s.getParent().getParent()).orElse(Path.of(""));
    return root.toAbsolutePath().resolve("../shared/reference/filebench").normalize();
  }

  private static Optional<Path> buildScript() {
    String given = System.getenv("FSBENCH_FILEBENCH_BUILD");
    if (given != null && !given.isBlank()) {
      return Optional.of(Path.of(given));
    }
    Path dir = Path.of("").toAbsolutePath();
    for (int up = 0; dir != null && up < 3; up++, dir = dir.getParent()) {
      Path script = dir.resolve("bench/filebench-build.sh");
      if (Files.isRegularFile(script)) {
        return Optional.of(script);
      }
    }
    return Optional.empty();
  }

  /**
   * filebench's command line for a workload file, which must not be under /tmp. filebench keeps its
   * shared memory, every counter its threads update, in a {@code MAP_SHARED} file it makes in /tmp
   * ({@code ipc.c}); where /tmp is on the disk that holds the volume under test (this VM's loop
   * images and /tmp share one disk), the writeback of those pages and their mtime updates join the
   * volume's journal commits and flushes, and filebench's fsyncs got slower than fsbench's for a
   * reason that is not the filesystem's: varmail ran 35-50 % faster with /tmp on a tmpfs. So as
   * root filebench runs in a mount namespace of its own with a tmpfs on /tmp (gone with the
   * process); otherwise as it is.
   */
  static List<String> command(Path file) {
    if (file.toAbsolutePath().startsWith("/tmp")) {
      throw new IllegalArgumentException(
          "workload file (" + file + ") must not be under /tmp: filebench gets a tmpfs there");
    }
    List<String> filebench = List.of("setarch", "-R", binary().toString(), "-f", file.toString());
    if (!PRIVATE_TMP) {
      return filebench;
    }
    List<String> command =
        new ArrayList<>(
            List.of(
                "unshare",
                "--mount",
                "--propagation",
                "private",
                "sh",
                "-c",
                "mount -t tmpfs fsbench-filebench-tmp /tmp && exec \"$@\"",
                "sh"));
    command.addAll(filebench);
    return command;
  }
}
