package io.fsbench.core.workload.filebench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.api.FsBenchException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * filebench's own 47 shipped workload files, read where the workplace keeps them (never copied into
 * the project): every one parses. Skipped, with the reason, where they are not at hand; {@code
 * FSBENCH_FILEBENCH_WORKLOADS} names another folder.
 */
class WmlShippedFilesTest {

  static Path shippedWorkloads() {
    String given = System.getenv("FSBENCH_FILEBENCH_WORKLOADS");
    if (given != null) {
      return Path.of(given);
    }
    Path here = Path.of("").toAbsolutePath();
    for (Path p = here; p != null; p = p.getParent()) {
      Path candidate = p.resolve("shared/reference/filebench/workloads");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    return here.resolve("../shared/reference/filebench/workloads").normalize();
  }

  static List<Path> shippedFiles() throws IOException {
    Path dir = shippedWorkloads();
    Assumptions.assumeTrue(
        Files.isDirectory(dir),
        "filebench's shipped workloads are not at "
            + dir
            + ": set FSBENCH_FILEBENCH_WORKLOADS to the folder of its .f files");
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.toString().endsWith(".f")).sorted().toList();
    }
  }

  @Test
  void everyShippedWorkloadFileParses() throws IOException {
    List<Path> files = shippedFiles();
    Map<String, String> refused = new TreeMap<>();
    List<WmlScript> parsed = new ArrayList<>();
    for (Path f : files) {
      try {
        parsed.add(
            WmlParser.parse(
                f.getFileName().toString(), Files.readString(f, StandardCharsets.UTF_8)));
      } catch (FsBenchException e) {
        refused.put(f.getFileName().toString(), e.getMessage());
      }
    }

    assertThat(files).hasSize(47);
    // networkfs.f multiplies two variables (set $totalfiles=$nfiles * $eventrate): filebench's
    // lexer has no rule for '*' either, so filebench 1.5 refuses its own file there
    assertThat(refused).containsOnlyKeys("networkfs.f");
    assertThat(refused.get("networkfs.f")).isEqualTo("networkfs.f:36:25: illegal character '*'");
    assertThat(parsed).allSatisfy(s -> assertThat(s.commands()).isNotEmpty());
  }
}
