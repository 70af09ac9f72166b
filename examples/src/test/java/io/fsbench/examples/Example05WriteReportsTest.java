package io.fsbench.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.fsbench.FsBench;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An embedder's reports: this test sits in the examples' module, which core does not export its
 * internals to, so it reaches the writers through the public API or not at all. The runs are real:
 * PostMark and a sequential write run in a real directory.
 */
class Example05WriteReportsTest {

  @TempDir Path temp;
  private Path target;
  private FsBench fsbench;

  @BeforeEach
  void directoryAndInstance() throws IOException {
    target = Files.createDirectory(temp.resolve("fsbench-target"));
    fsbench =
        FsBench.builder().workDir(temp.resolve("fsbench-work")).discoverPlugins(false).build();
  }

  @Test
  void writesAnHtmlAndAJsonComparisonReportThroughThePublicApi() throws IOException {
    Example05WriteReports.Compared written =
        Example05WriteReports.compare(fsbench, target, temp.resolve("fsbench-reports"));

    assertThat(written.comparison().cellsOf("postmark")).hasSize(1);
    assertThat(written.comparison().cellsOf("postmark").get(0).failure()).isEmpty();
    String html = Files.readString(written.html(), StandardCharsets.UTF_8);
    assertThat(html).startsWith("<!DOCTYPE html>").contains("postmark").endsWith("</html>\n");
    String json = Files.readString(written.json(), StandardCharsets.UTF_8);
    assertThat(json.strip()).startsWith("{").endsWith("}").contains("\"postmark\"");
    assertRunDirectoriesRemoved();
  }

  @Test
  void writesASingleRunAsFioJsonAndTextThroughThePublicApi() throws IOException {
    Example05WriteReports.Ran written =
        Example05WriteReports.runOnce(fsbench, target, temp.resolve("fsbench-reports"));

    assertThat(written.run().jobs()).hasSize(1);
    assertThat(written.run().jobs().get(0).write().ioBytes()).isEqualTo(8L << 20);
    String json = Files.readString(written.json(), StandardCharsets.UTF_8);
    assertThat(json.strip())
        .startsWith("{")
        .endsWith("}")
        .contains("\"fio version\"", "\"jobs\"", "\"write\"", "\"bins\"");
    String text = Files.readString(written.text(), StandardCharsets.UTF_8);
    assertThat(text).contains("IOPS=").contains("Run status group");
    assertRunDirectoriesRemoved();
  }

  private void assertRunDirectoriesRemoved() throws IOException {
    try (Stream<Path> left = Files.list(target)) {
      assertThat(left).as("the run's directories are removed").isEmpty();
    }
  }
}
