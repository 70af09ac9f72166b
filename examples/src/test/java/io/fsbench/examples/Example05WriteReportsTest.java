package io.fsbench.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.FsBench;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An embedder's reports: this test sits in the examples' module, which core does not export its
 * internals to, so it reaches the writers through the public API or not at all. The comparison is
 * real: PostMark runs in a real directory.
 */
class Example05WriteReportsTest {

  @TempDir Path temp;

  @Test
  void writesAnHtmlAndAJsonComparisonReportThroughThePublicApi() throws IOException {
    Path target = Files.createDirectory(temp.resolve("fsbench-target"));
    FsBench fsbench =
        FsBench.builder().workDir(temp.resolve("fsbench-work")).discoverPlugins(false).build();

    Example05WriteReports.Written written =
        Example05WriteReports.run(fsbench, target, temp.resolve("fsbench-reports"));

    assertThat(written.comparison().cellsOf("postmark")).hasSize(1);
    assertThat(written.comparison().cellsOf("postmark").get(0).failure()).isEmpty();
    String html = Files.readString(written.html(), StandardCharsets.UTF_8);
    assertThat(html).startsWith("<!DOCTYPE html>").contains("postmark").endsWith("</html>\n");
    String json = Files.readString(written.json(), StandardCharsets.UTF_8);
    assertThat(json.strip()).startsWith("{").endsWith("}").contains("\"postmark\"");
    try (Stream<Path> left = Files.list(target)) {
      assertThat(left).as("the run's directories are removed").isEmpty();
    }
  }
}
