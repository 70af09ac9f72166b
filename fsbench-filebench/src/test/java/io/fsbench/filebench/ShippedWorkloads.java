package io.fsbench.filebench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Where filebench's 47 shipped workload files are: {@code FSBENCH_FILEBENCH_WORKLOADS} (the folder
 * of the {@code .f} files), else {@code workloads/} in {@code FSBENCH_FILEBENCH_SOURCE} (the folder
 * of the tarball, as {@code bench/vs-filebench.sh} names it), else {@code
 * ../shared/reference/filebench/workloads} beside the repository. Tests that need them are skipped,
 * with the reason, where they are absent.
 */
final class ShippedWorkloads {

  private ShippedWorkloads() {}

  static Path folder() {
    Optional<Path> workloads = env("FSBENCH_FILEBENCH_WORKLOADS");
    if (workloads.isPresent()) {
      return workloads.get();
    }
    Path source =
        env("FSBENCH_FILEBENCH_SOURCE")
            .orElseGet(() -> repository().resolve("../shared/reference/filebench"));
    return source.resolve("workloads").toAbsolutePath().normalize();
  }

  /** The shipped {@code .f} files by name; skips the calling test when the folder is absent. */
  static List<Path> files() throws IOException {
    Path dir = folder();
    Assumptions.assumeTrue(
        Files.isDirectory(dir),
        "filebench's shipped workloads are not at "
            + dir
            + ": set FSBENCH_FILEBENCH_SOURCE to the folder of its tarball and workloads/");
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.toString().endsWith(".f")).sorted().toList();
    }
  }

  /** One shipped file; skips the calling test when it is absent. */
  static Path file(String name) {
    Path file = folder().resolve(name);
    Assumptions.assumeTrue(Files.isRegularFile(file), "filebench's " + name + " is not at " + file);
    return file;
  }

  /** The repository's root: the nearest folder up from here that holds bench/vs-filebench.sh. */
  private static Path repository() {
    Path here = Path.of("").toAbsolutePath();
    for (Path p = here; p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("bench/vs-filebench.sh"))) {
        return p;
      }
    }
    return here.getParent() == null ? here : here.getParent();
  }

  private static Optional<Path> env(String name) {
    String given = System.getenv(name);
    return given == null || given.isBlank() ? Optional.empty() : Optional.of(Path.of(given));
  }
}
