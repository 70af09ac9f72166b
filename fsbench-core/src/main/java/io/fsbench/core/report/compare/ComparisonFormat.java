package io.fsbench.core.report.compare;

import io.fsbench.api.Comparison;
import io.fsbench.api.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The formats a comparison is written in, each with its writer and file extension.
 *
 * <pre>{@code
 * String table = ComparisonFormat.TEXT.writer().render(comparison);
 * List<Path> files = ComparisonFormat.writeAll(comparison, Path.of("fsbench-report"));
 * }</pre>
 */
public enum ComparisonFormat {
  TEXT("txt", ConsoleTableWriter::new),
  MARKDOWN("md", MarkdownWriter::new),
  CSV("csv", CsvWriter::new),
  JSON("json", JsonWriter::new),
  HTML("html", HtmlWriter::new);

  private final String extension;
  private final Supplier<ComparisonWriter> writer;

  ComparisonFormat(String extension, Supplier<ComparisonWriter> writer) {
    this.extension = extension;
    this.writer = writer;
  }

  public ComparisonWriter writer() {
    return writer.get();
  }

  /** {@code html}. */
  public String extension() {
    return extension;
  }

  /** {@code text}, {@code markdown}, ... as typed on the command line; {@code md} also works. */
  public static ComparisonFormat parse(String name) {
    String n = name.strip().toLowerCase(Locale.ROOT);
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

  /** Writes the report to {@code file} in UTF-8, replacing it. */
  public Path write(Comparison comparison, Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, writer().render(comparison), StandardCharsets.UTF_8);
    return file;
  }

  /** The name {@link #writeAll} gives the file of this format, e.g. {@code report.html}. */
  public String fileName() {
    return "report." + extension;
  }

  /** Writes every format into {@code directory} as {@code report.<extension>}. */
  public static List<Path> writeAll(Comparison comparison, Path directory) throws IOException {
    List<Path> files = new ArrayList<>();
    for (ComparisonFormat f : values()) {
      files.add(f.write(comparison, directory.resolve(f.fileName())));
    }
    return files;
  }
}
