package io.fsbench.core.report.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.RunFixtures;
import io.fsbench.api.JobResult;
import io.fsbench.api.JobSpec;
import io.fsbench.api.RunResult;
import io.fsbench.api.Size;
import io.fsbench.core.engine.RunContext;
import io.fsbench.core.engine.block.BlockEngine;
import io.fsbench.core.jobfile.FioOptionTable;
import io.fsbench.core.jobfile.JobFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's own json+ tool, {@code fio_jsonplus_clat2csv} (installed with fio), reads fsbench's json+
 * and its {@code --validate} mode finds every bin in the CSV it wrote. Skipped when the tool is not
 * installed or cannot run.
 */
class FioJsonPlusToolIT {

  private static Path tool;

  @BeforeAll
  static void findTool() throws Exception {
    Optional<Path> found = locate();
    assumeTrue(found.isPresent(), "fio_jsonplus_clat2csv not installed (apt-get install fio)");
    tool = found.get();
    Result help = run(List.of(tool.toString(), "--help"), Path.of("."));
    assumeTrue(help.exitCode == 0, "fio_jsonplus_clat2csv cannot run here: " + help.output);
  }

  @Test
  void convertsAndValidatesFsbenchsJsonPlus(@TempDir Path dir) throws Exception {
    convertsAndValidates(SampleRun.create(), dir);
  }

  @Test
  void convertsAndValidatesARealRunWrittenByFsbench(@TempDir Path dir) throws Exception {
    convertsAndValidates(FioOutput.read("fio-3.33-libaio-all-percentiles"), dir);
  }

  @Test
  void convertsAndValidatesWhatTheBlockEngineMeasured(@TempDir Path dir) throws Exception {
    JobSpec mixed =
        JobSpec.randReadWrite(Size.kib(4)).name("mixed").size(Size.mib(4)).fsync(16).build();
    JobSpec queued =
        JobSpec.randRead(Size.kib(4)).name("queued").size(Size.mib(4)).ioDepth(4).build();
    Path work = Files.createDirectory(dir.resolve("fsbench-jsonplus-work"));
    List<JobResult> jobs =
        new BlockEngine()
            .run(
                List.of(
                    new JobFile.Job(mixed, 0, true, FioOptionTable.effective(mixed)),
                    new JobFile.Job(queued, 1, true, FioOptionTable.effective(queued))),
                new RunContext(work, null, f -> {}, new AtomicBoolean()));
    RunResult run =
        RunResult.ofJobs(
            "0.1.0",
            System.currentTimeMillis(),
            "mixed",
            Map.of(),
            jobs,
            RunFixtures.environment(),
            RunFixtures.volume("xfs", "rw"));

    convertsAndValidates(run, dir);
  }

  private static void convertsAndValidates(RunResult run, Path dir) throws Exception {
    Path json = dir.resolve("fsbench.json");
    Files.writeString(
        json, new FioJsonWriter(FioJsonWriter.Format.JSON_PLUS, ZoneOffset.UTC).toJson(run));
    Path csv = dir.resolve("lat.csv");

    Result converted = run(List.of(tool.toString(), json.toString(), csv.toString()), dir);
    Result validated =
        run(List.of(tool.toString(), json.toString(), csv.toString(), "--validate"), dir);

    assertThat(converted.exitCode).as(converted.output).isZero();
    assertThat(validated.exitCode).as(validated.output).isZero();
    for (int job = 0; job < run.jobs().size(); job++) {
      Path jobCsv = dir.resolve("lat_job" + job + ".csv");
      assertThat(validated.output).contains(jobCsv + " validated");
      long distinctBins = distinctBinValues(run, job);
      assertThat(Files.readAllLines(jobCsv)).hasSize((int) distinctBins + 1);
    }
  }

  /** The CSV has one line per latency value that any of the job's histograms holds. */
  private static long distinctBinValues(RunResult run, int job) {
    var j = run.jobs().get(job);
    return j.directions().values().stream()
        .flatMap(d -> Stream.of(d.slat(), d.clat(), d.lat()))
        .filter(lat -> !lat.percentiles().isEmpty())
        .flatMap(lat -> lat.bins().keySet().stream())
        .distinct()
        .count();
  }

  private static Optional<Path> locate() {
    List<Path> candidates = new ArrayList<>();
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty()) {
        candidates.add(Path.of(dir, "fio_jsonplus_clat2csv"));
      }
    }
    candidates.add(Path.of("/usr/share/fio/fio_jsonplus_clat2csv"));
    return candidates.stream().filter(Files::isExecutable).findFirst();
  }

  private record Result(int exitCode, String output) {}

  private static Result run(List<String> command, Path dir)
      throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException(command + " did not finish in 60 s");
    }
    return new Result(process.exitValue(), output);
  }
}
