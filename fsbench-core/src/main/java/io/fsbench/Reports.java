package io.fsbench;

import io.fsbench.api.Comparison;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.RunResult;
import io.fsbench.api.Workload;
import io.fsbench.core.engine.WorkloadRunners;
import io.fsbench.core.plugin.WorkloadFamilies;
import io.fsbench.core.report.compare.ComparisonWriter;
import io.fsbench.core.report.compare.ConsoleTableWriter;
import io.fsbench.core.report.compare.CsvWriter;
import io.fsbench.core.report.compare.HtmlWriter;
import io.fsbench.core.report.compare.JsonWriter;
import io.fsbench.core.report.compare.MarkdownWriter;
import io.fsbench.core.report.fio.FioJsonWriter;
import io.fsbench.core.report.fio.FioTextWriter;
import io.fsbench.core.report.workload.WorkloadRunWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Writes results and comparisons, in every format fsbench has.
 *
 * <p>A run is written as fio writes its own: {@code json} and {@code json+} with fio's keys,
 * nesting and units (fio's tools read them), or fio's text summary. fsbench's additions
 * (environment, volume, setup times) live under extra {@code "fsbench"} keys. Times in that output
 * are in the default time zone, as fio prints them.
 *
 * <pre>{@code
 * RunResult run = FsBench.on("xfs").randRead(kib(4)).size(mib(64)).run();
 * Reports.write(run, Reports.Format.JSON_PLUS, Path.of("randread.json"));
 * System.out.print(Reports.format(run, Reports.Format.TEXT));
 * }</pre>
 *
 * <p>A comparison is written as a text table, Markdown, CSV, JSON or one self-contained HTML page
 * ({@link ComparisonFormat}); the output does not depend on the default locale.
 *
 * <pre>{@code
 * Comparison comparison = FsBench.defaults().compare().fileSystems("ext4", "xfs").run();
 * Reports.write(comparison, Reports.ComparisonFormat.HTML, Path.of("report.html"));
 * List<Path> all = Reports.writeAll(comparison, Path.of("fsbench-report"));
 * }</pre>
 */
public final class Reports {

  /** fio's {@code --output-format}s. */
  public enum Format {
    /** fio's human summary ({@code normal} in fio). */
    TEXT("text"),
    /** fio's {@code json}. */
    JSON("json"),
    /** fio's {@code json+}: {@code json} plus each latency histogram's bins. */
    JSON_PLUS("json+"),
    /**
     * CSV, for workloads other than block jobs: the reference tool's own where it has one
     * (bonnie++'s CSV line, IOzone's Excel report), else a row per metric. fio has no CSV; block
     * runs refuse it.
     */
    CSV("csv");

    private final String key;

    Format(String key) {
      this.key = key;
    }

    /** The name on the command line: {@code text}, {@code json} or {@code json+}. */
    public String key() {
      return key;
    }

    /**
     * A format by its command-line name; {@code normal} (fio's name for text) is accepted too.
     *
     * @throws InvalidInputException naming the value and the formats there are
     */
    public static Format parse(String name) {
      String n = Objects.requireNonNull(name, "name").strip().toLowerCase(Locale.ROOT);
      if (n.equals("normal")) {
        return TEXT;
      }
      return Arrays.stream(values())
          .filter(f -> f.key.equals(n))
          .findFirst()
          .orElseThrow(
              () ->
                  new InvalidInputException(
                      "output format ("
                          + name
                          + ") is not one of text, json, json+, csv; fio's terse is not"
                          + " supported"));
    }
  }

  /** The formats a {@link Comparison} is written in. */
  public enum ComparisonFormat {
    /** A plain-text table per workload, as {@code fsbench compare} prints it. */
    TEXT("txt"),
    /** GitHub-flavoured Markdown tables. */
    MARKDOWN("md"),
    /** One row per cell and metric, for spreadsheets. */
    CSV("csv"),
    /** Every cell, repetition and metric with units, for programs. */
    JSON("json"),
    /** One self-contained page with charts, for people. */
    HTML("html");

    private final String extension;

    ComparisonFormat(String extension) {
      this.extension = extension;
    }

    /** The file extension, e.g. {@code html}. */
    public String extension() {
      return extension;
    }

    /**
     * The name {@link Reports#writeAll} gives the file of this format, e.g. {@code report.html}.
     */
    public String fileName() {
      return "report." + extension;
    }

    /**
     * A format by its name, {@code text}, {@code markdown}, ..., or by its extension ({@code md}).
     *
     * @throws InvalidInputException naming the value and the formats there are
     */
    public static ComparisonFormat parse(String name) {
      String n = Objects.requireNonNull(name, "name").strip().toLowerCase(Locale.ROOT);
      for (ComparisonFormat f : values()) {
        if (f.name().toLowerCase(Locale.ROOT).equals(n) || f.extension.equals(n)) {
          return f;
        }
      }
      throw new InvalidInputException(
          "report format ("
              + name
              + ") is unknown; use one of "
              + Arrays.stream(values()).map(f -> f.name().toLowerCase(Locale.ROOT)).toList());
    }

    private ComparisonWriter writer() {
      return switch (this) {
        case TEXT -> new ConsoleTableWriter();
        case MARKDOWN -> new MarkdownWriter();
        case CSV -> new CsvWriter();
        case JSON -> new JsonWriter();
        case HTML -> new HtmlWriter();
      };
    }
  }

  /** Tells which workloads can be written as CSV; runs nothing. */
  private static final WorkloadRunners FAMILIES = WorkloadFamilies.standard();

  private Reports() {}

  /**
   * A run in this format. Block jobs are written as fio writes them; any other workload's run as
   * JSON that names every metric's unit ({@code transactions_per_sec}, {@code files_per_sec},
   * {@code bytes_per_sec}, {@code seconds}), as text (the family's own report where it has one,
   * such as IOzone's table) or as CSV. Such runs have no histograms, so {@code json+} is {@code
   * json} for them.
   *
   * @throws InvalidInputException for CSV of a block run, which fio has no CSV for
   */
  public static String format(RunResult run, Format format) {
    if (!run.isBlockRun()) {
      return switch (format) {
        case TEXT -> WorkloadRunWriter.text(run);
        case CSV -> WorkloadRunWriter.csv(run);
        case JSON, JSON_PLUS -> WorkloadRunWriter.json(run);
      };
    }
    ZoneId zone = ZoneId.systemDefault();
    return switch (format) {
      case CSV -> throw noCsv();
      case TEXT -> new FioTextWriter(zone).toText(run);
      case JSON -> new FioJsonWriter(FioJsonWriter.Format.JSON, zone).toJson(run);
      case JSON_PLUS -> new FioJsonWriter(FioJsonWriter.Format.JSON_PLUS, zone).toJson(run);
    };
  }

  /**
   * Refuses, before anything runs, a format the workload's result cannot be written in: {@code csv}
   * of a block job, which fio has no CSV for.
   *
   * @throws InvalidInputException naming the formats a block job has
   */
  public static void check(Workload workload, Format format) {
    if (format == Format.CSV && !FAMILIES.writesCsv(workload)) {
      throw noCsv();
    }
  }

  private static InvalidInputException noCsv() {
    return new InvalidInputException(
        "--output-format csv is for named workloads such as bonnie or iozone; a block job is"
            + " written as fio writes it: text, json or json+");
  }

  /** Writes a run to {@code out}, which stays open. */
  public static void write(RunResult run, Format format, Writer out) throws IOException {
    out.write(format(run, format));
    out.flush();
  }

  /**
   * Writes a run to a file in UTF-8, replacing it; missing parent directories are made.
   *
   * @return the file
   */
  public static Path write(RunResult run, Format format, Path file) throws IOException {
    return writeFile(file, format(run, format));
  }

  /** A comparison in this format. */
  public static String format(Comparison comparison, ComparisonFormat format) {
    return format.writer().render(comparison);
  }

  /** Writes a comparison to {@code out}, which stays open. */
  public static void write(Comparison comparison, ComparisonFormat format, Writer out)
      throws IOException {
    format.writer().write(comparison, out);
    out.flush();
  }

  /**
   * Writes a comparison to a file in UTF-8, replacing it; missing parent directories are made.
   *
   * @return the file
   */
  public static Path write(Comparison comparison, ComparisonFormat format, Path file)
      throws IOException {
    return writeFile(file, format(comparison, format));
  }

  private static Path writeFile(Path file, String text) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  /**
   * Writes a comparison in every format into {@code directory}, as {@code report.<extension>}.
   *
   * @return the files, in the order of {@link ComparisonFormat}
   */
  public static List<Path> writeAll(Comparison comparison, Path directory) throws IOException {
    List<Path> files = new ArrayList<>();
    for (ComparisonFormat f : ComparisonFormat.values()) {
      files.add(write(comparison, f, directory.resolve(f.fileName())));
    }
    return files;
  }
}
