package io.fsbench.core.workload.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * filebench's own personalities, unchanged, run for a second each on small datasets set from
 * outside (as {@code fsbench filebench FILE.f --set ...} will): every one makes I/O and ends
 * without error. Skipped where the shipped files are not at hand.
 */
class FilebenchShippedRunTest {

  @TempDir Path temp;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "varmail.f",
        "fileserver.f",
        "webserver.f",
        "webproxy.f",
        "randomread.f",
        "randomwrite.f",
        "randomrw.f",
        "singlestreamread.f",
        "singlestreamwrite.f",
        "createfiles.f",
        "makedirs.f",
        "listdirs.f"
      })
  void runsAShippedPersonalityUnchanged(String name) throws IOException {
    Path file = shipped(name);
    Path dir = Files.createDirectories(temp.resolve("fsbench-" + name));
    FilebenchOptions options =
        FilebenchOptions.in(dir)
            .set("dir", dir.toString())
            .set("nfiles", "1000")
            .set("ndirs", "5000")
            .set("filesize", "16k")
            .set("meanfilesize", "16k")
            .set("nthreads", "2")
            .runtime(Duration.ofSeconds(1));

    FilebenchResult result = FilebenchRun.run(file, options);

    assertThat(result.summary().ops()).as(FilebenchReport.text(result)).isPositive();
    assertThat(result.flowops()).isNotEmpty();
  }

  @Test
  void refusesOltpForItsAsynchronousWritesByName() throws IOException {
    Path file = shipped("oltp.f");
    FilebenchOptions options =
        FilebenchOptions.in(Files.createDirectories(temp.resolve("fsbench-oltp")))
            .set("filesize", "1m")
            .runtime(Duration.ofSeconds(1));

    assertThatThrownBy(() -> FilebenchRun.run(file, options))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("oltp.f")
        .hasMessageContaining("aiowrite");
  }

  private static Path shipped(String name) {
    return ShippedWorkloads.file(name);
  }
}
