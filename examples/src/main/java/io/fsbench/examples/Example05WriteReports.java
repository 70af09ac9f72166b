package io.fsbench.examples;

import static io.fsbench.api.Size.kib;
import static io.fsbench.api.Size.mib;

import io.fsbench.FsBench;
import io.fsbench.Reports;
import io.fsbench.Reports.ComparisonFormat;
import io.fsbench.Reports.Format;
import io.fsbench.api.CacheState;
import io.fsbench.api.Comparison;
import io.fsbench.api.PostMarkSpec;
import io.fsbench.api.RunResult;
import io.fsbench.api.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Example 5: an installer's check writes its own reports, through {@link Reports} alone. On a
 * directory (no root, nothing formatted), a small PostMark comparison is written as an HTML page
 * for people and as JSON for programs, and a single sequential write as fio's JSON (with histogram
 * bins) and fio's text summary.
 */
public final class Example05WriteReports {

  private Example05WriteReports() {}

  /** The comparison and the reports written from it, HTML first. */
  public record Compared(Comparison comparison, Path html, Path json) {}

  /** The run and the reports written from it, JSON first. */
  public record Ran(RunResult run, Path json, Path text) {}

  /**
   * Compares PostMark on {@code directory} with {@code fsbench} and writes {@code report.html} and
   * {@code report.json} into {@code reports}.
   */
  public static Compared compare(FsBench fsbench, Path directory, Path reports) throws IOException {
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
    return new Compared(comparison, html, json);
  }

  /**
   * Writes 8 MiB sequentially in {@code directory} with {@code fsbench} and writes the result as
   * {@code run.json} (fio's {@code json+}) and {@code run.txt} (fio's text) into {@code reports}.
   */
  public static Ran runOnce(FsBench fsbench, Path directory, Path reports) throws IOException {
    RunResult run =
        fsbench.session(null, Target.directory(directory)).seqWrite(kib(64)).size(mib(8)).run();
    Path json = Reports.write(run, Format.JSON_PLUS, reports.resolve("run.json"));
    Path text = Reports.write(run, Format.TEXT, reports.resolve("run.txt"));
    return new Ran(run, json, text);
  }

  public static void main(String[] args) throws IOException {
    Path directory = Files.createTempDirectory("fsbench-example05-");
    Path reports = Path.of("fsbench-example05-report");
    try {
      Compared compared = compare(FsBench.defaults(), directory, reports);
      Ran ran = runOnce(FsBench.defaults(), directory, reports);
      System.out.println(
          "wrote "
              + compared.html()
              + ", "
              + compared.json()
              + ", "
              + ran.json()
              + " and "
              + ran.text());
    } finally {
      Files.deleteIfExists(directory);
    }
  }
}
