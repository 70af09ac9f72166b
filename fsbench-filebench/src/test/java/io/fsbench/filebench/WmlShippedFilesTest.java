package io.fsbench.filebench;

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
import org.junit.jupiter.api.Test;

/**
 * filebench's own 47 shipped workload files, read where the workplace keeps them (never copied into
 * the project): every one parses. Skipped, with the reason, where they are not at hand (see {@link
 * ShippedWorkloads}).
 */
class WmlShippedFilesTest {

  @Test
  void everyShippedWorkloadFileParses() throws IOException {
    List<Path> files = ShippedWorkloads.files();
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
    // networkfs.f multiplies two variables (set $totalfiles=$nfiles * $eventrate), filebench 1.4's
    // arithmetic, which 1.5's lexer refuses and fsbench takes
    assertThat(refused).isEmpty();
    assertThat(parsed).allSatisfy(s -> assertThat(s.commands()).isNotEmpty());
  }
}
