package io.fsbench.filebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.core.nativeio.FileCalls;
import io.fsbench.core.nativeio.NativePath;
import io.fsbench.filebench.WmlScript.Value;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every one of filebench's 47 shipped workload files, read where the workplace keeps them (never
 * copied into the project): each parses, plans (filesets drawn and threads defined, no I/O) and
 * runs for a fifth of a second on a tiny dataset in a tmpfs directory, making I/O ops — or is
 * refused, naming the file and line, for a reason listed in {@link #REFUSED}, or ends on its finish
 * flowop as filebench 1.5 does ({@link #ENDED_BY_FINISH}). A file that leaves its list, or joins
 * one, fails its test, so the lists stay the truth (docs/filebench.md repeats them).
 */
class ShippedWorkloadsConformanceTest {

  /** A refused file: where the refusal points and a fragment of its reason. */
  private record Refusal(String where, String reason) {}

  /**
   * The shipped files fsbench refuses and why. Each is a deliberate gap or a fault in the file
   * itself, not an accident; the key is the file, the value where and why it is refused.
   */
  private static final Map<String, Refusal> REFUSED = Map.of();

  /**
   * The shipped files that run, and end as filebench 1.5 ends them: their finish flowop
   * (finishoncount, finishonbytes) reaches its value (at once on this test's small dataset) and
   * runs out of work ({@code FILEBENCH_NORSC}) in the default timeout mode, which {@code flowop.c}
   * reports as "Run stopped early" with no results. They were written for a mode that quits when
   * the first thread is done; fsbench does as filebench does and says so. Value: the finish flowop.
   */
  private static final Map<String, String> ENDED_BY_FINISH =
      Map.ofEntries(
          Map.entry("filemicro_create.f", "filemicro_create.f:43: flowop finish"),
          Map.entry("filemicro_createfiles.f", "filemicro_createfiles.f:52: flowop finish"),
          Map.entry("filemicro_createrand.f", "filemicro_createrand.f:47: flowop finish"),
          Map.entry("filemicro_rread.f", "filemicro_rread.f:45: flowop finish"),
          Map.entry("filemicro_rwrite.f", "filemicro_rwrite.f:46: flowop finish"),
          Map.entry("filemicro_rwritedsync.f", "filemicro_rwritedsync.f:44: flowop finish"),
          Map.entry("filemicro_rwritefsync.f", "filemicro_rwritefsync.f:47: flowop finish"),
          Map.entry("filemicro_seqwrite.f", "filemicro_seqwrite.f:45: flowop finish"),
          Map.entry("filemicro_seqwriterand.f", "filemicro_seqwriterand.f:45: flowop finish"),
          Map.entry(
              "filemicro_seqwriterandvargam.f", "filemicro_seqwriterandvargam.f:47: flowop finish"),
          Map.entry(
              "filemicro_seqwriterandvartab.f",
              "filemicro_seqwriterandvartab.f:50: flowop finish"));

  /**
   * The shipped files whose dataset the test cannot shrink, planned but not run: their sizes are
   * constants in the file, not variables. Value: why.
   */
  private static final Map<String, String> PLANNED_ONLY =
      Map.of(
          "tpcso.f",
          "31 files of constant sizes (size=6704m, ...), 150 GB preallocated: no variable shrinks"
              + " them");

  /** The most a run of this test may make, checked on the plan before any file is made. */
  private static final long MAX_DATASET_BYTES = 256L << 20;

  /**
   * Small values for the variables that size a dataset or a thread count, when a file sets them.
   */
  private static final Map<String, Long> CAPS =
      Map.ofEntries(
          Map.entry("nfiles", 256L),
          Map.entry("ndirs", 64L),
          Map.entry("filesize", 64L << 10),
          Map.entry("meanfilesize", 16L << 10),
          Map.entry("logfilesize", 1L << 20), // oltp.f logs in 256 KiB writes
          Map.entry("bytes", 256L << 10),
          Map.entry("count", 64L),
          Map.entry("iters", 4L),
          Map.entry("writeiters", 4L),
          Map.entry("nthreads", 2L),
          Map.entry("nshadows", 2L),
          Map.entry("ndbwriters", 2L),
          Map.entry("numactivevids", 2L),
          Map.entry("numpassivevids", 2L));

  /** The run's length: far below filebench's, enough for every flowop to go round. */
  private static final Duration RUNTIME = Duration.ofMillis(200);

  @TempDir Path temp;

  @Test
  void findsAllOfFilebenchsShippedFilesAndEveryRefusalAmongThem() throws IOException {
    List<Path> files = ShippedWorkloads.files();

    assertThat(files).hasSize(47);
    assertThat(files.stream().map(f -> f.getFileName().toString()))
        .containsAll(REFUSED.keySet())
        .containsAll(ENDED_BY_FINISH.keySet())
        .containsAll(PLANNED_ONLY.keySet());
  }

  @TestFactory
  Stream<DynamicTest> everyShippedFileParsesPlansAndRunsOrIsRefusedForItsListedReason()
      throws IOException {
    return ShippedWorkloads.files().stream()
        .map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> conform(f)));
  }

  private void conform(Path file) throws IOException {
    String name = file.getFileName().toString();
    Refusal refusal = REFUSED.get(name);
    String finish = ENDED_BY_FINISH.get(name);
    if (refusal != null) {
      assertThatThrownBy(() -> parsePlanAndRun(file))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageStartingWith(refusal.where() + ":")
          .hasMessageContaining(refusal.reason());
    } else if (finish != null) {
      assertThatThrownBy(() -> parsePlanAndRun(file))
          .isInstanceOf(FsBenchException.class)
          .isNotInstanceOf(InvalidInputException.class)
          .hasMessageContaining(finish)
          .hasMessageContaining("filebench stops the run then in its default mode");
    } else if (PLANNED_ONLY.containsKey(name)) {
      assertThat(parsePlanAndRun(file)).as(name + ": planned, not run").isNull();
    } else {
      FilebenchResult result = parsePlanAndRun(file);
      assertThat(result.summary().ops()).as(name + ": I/O ops in the run").isPositive();
    }
  }

  /** The run's result; null for a file planned only (its dataset is checked, nothing made). */
  private FilebenchResult parsePlanAndRun(Path file) throws IOException {
    String name = file.getFileName().toString();
    WmlScript script = WmlParser.parse(name, Files.readString(file, StandardCharsets.UTF_8));
    Path planned = Files.createDirectories(temp.resolve("plan-" + name));
    FilebenchRun dry = FilebenchRun.prepare(script, options(script, planned));
    ThreadPlan plan = dry.plan();
    assertThat(plan.all()).as(name + ": threads planned").isNotEmpty();
    assertThat(planned).as(name + ": a plan makes no files").isEmptyDirectory();
    long dataset = dry.filesets().stream().mapToLong(f -> f.tree().totalBytes()).sum();
    if (PLANNED_ONLY.containsKey(name)) {
      assertThat(dataset)
          .as(name + ": dataset of a file planned only")
          .isGreaterThan(MAX_DATASET_BYTES);
      return null;
    }
    assertThat(dataset)
        .as(name + ": the shrunk dataset (cap another variable, or list it as planned only)")
        .isLessThanOrEqualTo(MAX_DATASET_BYTES);

    Path dir = scratch(name);
    try {
      return FilebenchRun.prepare(script, options(script, dir)).execute();
    } finally {
      delete(dir);
    }
  }

  /** The file's dataset shrunk: each capped variable it sets, to its cap if above. */
  private static FilebenchOptions options(WmlScript script, Path dir) {
    FilebenchOptions options =
        FilebenchOptions.in(dir).set("dir", dir.toString()).set("path", dir.toString());
    for (WmlScript.Command command : script.commands()) {
      if (command instanceof WmlScript.SetVariable s
          && CAPS.containsKey(s.name())
          && s.value() instanceof Value.Number n
          && n.value() > CAPS.get(s.name())) {
        options = options.set(s.name(), Long.toString(CAPS.get(s.name())));
      }
    }
    return options.runtime(RUNTIME);
  }

  /**
   * A directory on tmpfs (/dev/shm) where there is one that takes O_DIRECT (Linux 6.6 on; the
   * *direct.f files open with it), so the I/O is cheap; the test's temporary directory otherwise.
   */
  private Path scratch(String name) throws IOException {
    Path shm = Path.of("/dev/shm");
    Path parent =
        Files.isDirectory(shm) && Files.isWritable(shm) && takesDirectIo(shm) ? shm : temp;
    return Files.createTempDirectory(parent, "fsbench-conformance-" + name + "-");
  }

  private static boolean takesDirectIo(Path dir) throws IOException {
    Path probe = Files.createTempFile(dir, "fsbench-conformance-odirect-", "");
    try {
      NativePath path = new NativePath().set(NativePath.encode(probe));
      FileCalls.close(FileCalls.open(path, FileCalls.O_RDWR | FileCalls.O_DIRECT, 0));
      return true;
    } catch (IOException e) {
      return false;
    } finally {
      Files.delete(probe);
    }
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.delete(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    }
  }
}
