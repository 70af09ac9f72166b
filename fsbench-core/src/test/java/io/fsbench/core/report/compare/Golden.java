package io.fsbench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Compares a rendered report with its golden file in {@code src/test/resources/golden/}. Run with
 * {@code -Dgolden.update=true} to rewrite the golden files after a deliberate change, then review
 * the diff.
 */
final class Golden {

  private static final Path DIR = Path.of("src/test/resources/io/fsbench/core/report/compare");

  private Golden() {}

  static void assertMatches(String actual, String fileName) {
    Path file = DIR.resolve(fileName);
    try {
      if (Boolean.getBoolean("golden.update")) {
        Files.createDirectories(DIR);
        Files.writeString(file, actual, StandardCharsets.UTF_8);
      }
      assertThat(file)
          .as("golden file %s (rerun with -Dgolden.update=true after a deliberate change)", file)
          .exists();
      assertThat(actual).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
