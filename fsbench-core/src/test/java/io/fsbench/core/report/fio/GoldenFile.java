package io.fsbench.core.report.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Compares output with a file under {@code src/test/resources/golden}. After a deliberate change,
 * rewrite the files with {@code -Dgolden.update=true} and review the diff before committing.
 */
final class GoldenFile {

  private static final Path DIRECTORY = Path.of("src/test/resources/golden");

  private GoldenFile() {}

  static void assertMatches(String name, String actual) {
    Path file = DIRECTORY.resolve(name);
    try {
      if (Boolean.getBoolean("golden.update")) {
        Files.createDirectories(DIRECTORY);
        Files.writeString(file, actual, StandardCharsets.UTF_8);
      }
      assertThat(actual).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read golden file "
              + file.toAbsolutePath()
              + "; create it with -Dgolden.update=true",
          e);
    }
  }
}
