package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;

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
  void runsOltpWithItsAsynchronousWrites() throws IOException {
    Path file = shipped("oltp.f");
    Path dir = Files.createDirectories(temp.resolve("fsbench-oltp"));
    FilebenchOptions options =
        FilebenchOptions.in(dir)
            .set("filesize", "1m")
            .set("logfilesize", "1m")
            .set("nshadows", "8")
            .set("ndbwriters", "2")
            .runtime(Duration.ofSeconds(1));

    FilebenchResult result = FilebenchRun.run(file, options);

    FilebenchResult.FlowopLine writes =
        result.flowops().stream()
            .filter(f -> f.name().equals("dbwrite-a"))
            .findFirst()
            .orElseThrow();
    // two writer threads, each opening its file once (an op of 0 bytes): 2 KiB for every other op
    assertThat(writes.bytes()).isEqualTo(2048 * (writes.ops() - 2));
    assertThat(result.flowops())
        .extracting(FilebenchResult.FlowopLine::name)
        .contains("lg-aiowait");
  }

  private static Path shipped(String name) {
    return ShippedWorkloads.file(name);
  }
}
