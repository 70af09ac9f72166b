package io.fsbench.examples;

import io.fsbench.FsBench;
import io.fsbench.Reports;
import io.fsbench.Reports.ComparisonFormat;
import io.fsbench.api.CacheState;
import io.fsbench.api.Comparison;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Example 5: an installer's check writes its own reports. A small PostMark run is compared on a
 * directory (no root, nothing formatted), and the comparison is written as an HTML page for people
 * and as JSON for programs, through {@link Reports} alone.
 */
public final class Example05WriteReports {

  private Example05WriteReports() {}

  /** The comparison and the reports written from it, HTML first. */
  public record Written(Comparison comparison, Path html, Path json) {}

  /**
   * Compares PostMark on {@code directory} with {@code fsbench} and writes {@code report.html} and
   * {@code report.json} into {@code reports}.
   */
  public static Written run(FsBench fsbench, Path directory, Path reports) throws IOException {
    Comparison comparison =
        fsbench
            .compare()
            .target(Target.directory(directory))
            .cache(CacheState.WARM)
            .repeat(1)
            .workloads(PostMarkSpec.builder().files(100).transactions(200).build())
            .run();
    Path html = Reports.write(comparison, ComparisonFormat.HTML, reports.resolve("report.html"));
    Path json = Reports.write(comparison, ComparisonFormat.JSON, reports.resolve("report.json"));
    return new Written(comparison, html, json);
  }

  public static void main(String[] args) throws IOException {
    Path directory = Files.createTempDirectory("fsbench-example05-");
    try {
      Written written = run(FsBench.defaults(), directory, Path.of("fsbench-example05-report"));
      System.out.println("wrote " + written.html() + " and " + written.json());
    } finally {
      Files.deleteIfExists(directory);
    }
  }
}
