package io.fsbench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.RunResult;
import io.fsbench.api.WorkloadRun;
import io.fsbench.core.report.fio.FioJsonWriter;
import io.fsbench.core.report.fio.FioTextWriter;
import io.fsbench.core.report.workload.WorkloadRunWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * Writes results as fio writes its own: {@code json} and {@code json+} with fio's keys, nesting and
 * units (fio's tools read them), or fio's text summary. fsbench's additions (environment, volume,
 * setup times) live under extra {@code "fsbench"} keys.
 *
 * <pre>{@code
 * RunResult run = FsBench.on("xfs").randRead(kib(4)).size(mib(64)).run();
 * Reports.write(run, Reports.Format.JSON_PLUS, Path.of("randread.json"));
 * System.out.print(Reports.format(run, Reports.Format.TEXT));
 * }</pre>
 *
 * <p>Times in the output are in the default time zone, as fio prints them.
 */
public final class Reports {

  /** fio's {@code --output-format}s. */
  public enum Format {
    /** fio's human summary ({@code normal} in fio). */
    TEXT("text"),
    /** fio's {@code json}. */
    JSON("json"),
    /** fio's {@code json+}: {@code json} plus each latency histogram's bins. */
    JSON_PLUS("json+");

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
                          + ") is not one of text, json, json+; fio's terse is not supported"));
    }
  }

  private Reports() {}

  /** A block I/O run in this format. */
  public static String format(RunResult run, Format format) {
    ZoneId zone = ZoneId.systemDefault();
    return switch (format) {
      case TEXT -> new FioTextWriter(zone).toText(run);
      case JSON -> new FioJsonWriter(FioJsonWriter.Format.JSON, zone).toJson(run);
      case JSON_PLUS -> new FioJsonWriter(FioJsonWriter.Format.JSON_PLUS, zone).toJson(run);
    };
  }

  /**
   * Any other workload's run: JSON that names every metric's unit ({@code transactions_per_sec},
   * {@code files_per_sec}, {@code bytes_per_sec}, {@code seconds}), or text. Such runs have no
   * histograms, so {@code json+} is {@code json}.
   */
  public static String format(WorkloadRun run, Format format) {
    return format == Format.TEXT ? WorkloadRunWriter.text(run) : WorkloadRunWriter.json(run);
  }

  /** Writes a block I/O run to {@code out}, which stays open. */
  public static void write(RunResult run, Format format, Writer out) throws IOException {
    out.write(format(run, format));
    out.flush();
  }

  /** Writes any other workload's run to {@code out}, which stays open. */
  public static void write(WorkloadRun run, Format format, Writer out) throws IOException {
    out.write(format(run, format));
    out.flush();
  }

  /** Writes a block I/O run to a file, replacing it. */
  public static void write(RunResult run, Format format, Path file) throws IOException {
    Files.writeString(file, format(run, format), StandardCharsets.UTF_8);
  }

  /** Writes any other workload's run to a file, replacing it. */
  public static void write(WorkloadRun run, Format format, Path file) throws IOException {
    Files.writeString(file, format(run, format), StandardCharsets.UTF_8);
  }
}
