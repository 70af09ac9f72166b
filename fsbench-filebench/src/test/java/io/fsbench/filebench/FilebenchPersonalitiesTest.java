package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.fsbench.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** fsbench's own personalities parse, run for a second on a tiny dataset, and scale by rule. */
class FilebenchPersonalitiesTest {

  private static final long MIB = 1L << 20;

  @TempDir Path temp;

  static Stream<String> names() {
    return FilebenchPersonalities.names().stream();
  }

  @ParameterizedTest
  @MethodSource("names")
  void parsesWithARunLine(String name) throws IOException {
    Path file = FilebenchPersonalities.file(name);

    WmlScript script = WmlParser.parse(file.toString(), Files.readString(file));

    assertThat(script.commands()).anyMatch(c -> c instanceof WmlScript.Run);
    assertThat(FilebenchPersonalities.nameOf(file)).contains(name);
  }

  @ParameterizedTest
  @MethodSource("names")
  void runsForASecondOnATinyDataset(String name) throws IOException {
    Path dir = Files.createDirectories(temp.resolve(name));
    FilebenchOptions options =
        FilebenchOptions.in(dir)
            .set("nthreads", "2")
            .set("nfiles", "200")
            .set("ndirs", "200")
            .set("iosize", "64k")
            .runtime(Duration.ofSeconds(1));
    if (name.equals("fileserver")) {
      // below a few thousand files its createfile runs out of missing files within a second
      options = options.set("nfiles", "2000").set("filesize", "4k");
    } else if (name.equals("oltp")) {
      // 4 MiB of tables, a 1 MiB log, and fewer of its 211 threads on a small machine
      options =
          options
              .set("nfiles", "10")
              .set("iosize", "2k")
              .set("logfilesize", "1m")
              .set("nshadows", "8")
              .set("ndbwriters", "2");
      for (var v : FilebenchPersonalities.scaled(name, 4 * MIB).entrySet()) {
        options = options.set(v.getKey(), v.getValue());
      }
    } else if (name.startsWith("singlestreamwrite")) {
      options = options.set("iosize", "4k");
    } else if (!name.endsWith("dirs")) {
      for (var v : FilebenchPersonalities.scaled(name, 4 * MIB).entrySet()) {
        options = options.set(v.getKey(), v.getValue());
      }
    }

    FilebenchResult result = FilebenchRun.run(FilebenchPersonalities.file(name), options);

    assertThat(result.summary().ops()).as(FilebenchReport.text(result)).isPositive();
  }

  @Test
  void scalesFilesByTheMeanSizeAndSingleFilesBySize() {
    assertThat(FilebenchPersonalities.scaled("varmail", 16L << 30))
        .isEqualTo(Map.of("nfiles", Long.toString((16L << 30) / 16384)));
    assertThat(FilebenchPersonalities.scaled("fileserver", 1L << 30))
        .isEqualTo(Map.of("nfiles", "8192"));
    assertThat(FilebenchPersonalities.scaled("randomread", 5 * MIB + 1))
        .isEqualTo(Map.of("filesize", Long.toString(6 * MIB)));
    assertThat(FilebenchPersonalities.scaled("fivestreamread", 10L << 30))
        .isEqualTo(Map.of("filesize", Long.toString(2L << 30)));
    // 32 active + 97 existing passive videos of 256 MiB are 32.25 GiB
    assertThat(FilebenchPersonalities.scaled("videoserver", 129 * 256 * MIB))
        .isEqualTo(Map.of("filesize", Long.toString(256 * MIB)));
    // oltp's 10 table files share the dataset; its redo log is not scaled
    assertThat(FilebenchPersonalities.scaled("oltp", 1L << 30))
        .isEqualTo(Map.of("filesize", Long.toString(103 * MIB)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"mongo", "networkfs", "varmail", "fileserver", "webserver"})
  void aScaledDatasetIsWithinOnePercentOfItsTargetOnThePlan(String name) throws IOException {
    // large enough that networkfs's heavy-tailed sizes (1 % of files up to 1.7 MiB) average out:
    // at 1 GiB one seed's draw is 4 % short; nothing is made, so the size costs only the plan
    long target = 16L << 30;
    FilebenchOptions options = FilebenchOptions.in(temp);
    for (var v : FilebenchPersonalities.scaled(name, target).entrySet()) {
      options = options.set(v.getKey(), v.getValue());
    }
    Path file = FilebenchPersonalities.file(name);
    FilebenchRun run =
        FilebenchRun.prepare(WmlParser.parse(name + ".f", Files.readString(file)), options);
    run.plan();

    long bytes = run.filesets().stream().mapToLong(f -> f.tree().totalBytes()).sum();

    assertThat((double) bytes / target).as(name).isCloseTo(1.0, within(0.01));
    assertThat(temp).as("a plan makes no files").isEmptyDirectory();
  }

  @Test
  void mongoAndNetworkfsScaleTheirFileCounts() {
    assertThat(FilebenchPersonalities.scaled("mongo", 1L << 30))
        .isEqualTo(Map.of("nfiles", Long.toString((1L << 30) / (2 * 16384))));
    // networkfs's files are nfiles x eventrate: the rule sets their product, not the pace
    assertThat(FilebenchPersonalities.scaled("networkfs", 1L << 30)).containsOnlyKeys("totalfiles");
  }

  @Test
  void targetIsAMultipleOfRamCappedAtHalfTheFreeSpace() {
    long ram = 16L << 30;

    assertThat(FilebenchPersonalities.target("2xram", ram, 1L << 40)).isEqualTo(32L << 30);
    assertThat(FilebenchPersonalities.target("2xram", ram, 40L << 30)).isEqualTo(20L << 30);
    assertThat(FilebenchPersonalities.target("8g", ram, 1L << 40)).isEqualTo(8L << 30);
    assertThatThrownBy(() -> FilebenchPersonalities.target("lots", ram, 0))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("2xram");
  }

  @Test
  void refusesToScaleWhatHasNoDatasetAndUnknownNames() {
    assertThatThrownBy(() -> FilebenchPersonalities.scaled("makedirs", MIB))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("ndirs");
    assertThatThrownBy(() -> FilebenchPersonalities.file("tpcso"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("unknown filebench personality 'tpcso'")
        .hasMessageContaining("oltp");
  }
}
