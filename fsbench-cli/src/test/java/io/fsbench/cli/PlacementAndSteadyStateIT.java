package io.fsbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.FsBench;
import io.fsbench.Reports;
import io.fsbench.Session;
import io.fsbench.api.JobResult;
import io.fsbench.api.RunResult;
import io.fsbench.core.nativeio.CpuTopology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CPU placement and steady state on a real ext4 loop volume: the job threads run where fio's would
 * (read back from {@code /proc/self/task/N/status} while they run), and steady state ends a job
 * early with fio's JSON object, whose shape is compared with fio's own on its example file.
 */
class PlacementAndSteadyStateIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static Session session;

  @BeforeAll
  static void openVolume() {
    assumeTrue(FsBenchProcess.isRoot(), "needs root for a loop volume");
    session = FsBench.on("ext4").open();
  }

  @AfterAll
  static void closeVolume() {
    if (session != null) {
      session.close();
    }
  }

  /** The CPUs of each job thread running now (by thread id), as the kernel lists them. */
  private static Map<String, String> jobThreadCpus() {
    Map<String, String> lists = new HashMap<>();
    try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
      for (Iterator<Path> it = tasks.iterator(); it.hasNext(); ) {
        Path task = it.next();
        try {
          if (Files.readString(task.resolve("comm")).startsWith("fsbench-job")) {
            Files.readAllLines(task.resolve("status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:"))
                .forEach(
                    l ->
                        lists.put(
                            task.getFileName().toString(),
                            l.substring(l.indexOf(':') + 1).strip()));
          }
        } catch (IOException e) {
          // the thread ended between listing and reading: it is no longer running
        }
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return lists;
  }

  /**
   * Runs the job file on a thread and returns the CPUs each job thread was last seen on while it
   * ran (a thread is seen from its start, before it pins itself, so only its last state counts).
   */
  private static List<String> cpusWhileRunning(Path jobFile) throws Exception {
    CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> session.fio(jobFile));
    Map<String, String> seen = new HashMap<>();
    FsBenchProcess.await(
        Duration.ofSeconds(60),
        () -> {
          seen.putAll(jobThreadCpus());
          return run.isDone();
        });
    RunResult result = run.get(2, TimeUnit.MINUTES);
    assertThat(result.jobs()).extracting(JobResult::error).containsOnly(0);
    return new ArrayList<>(seen.values());
  }

  private static Path jobFile(Path dir, String text) throws IOException {
    return Files.writeString(dir.resolve("fsbench-job.fio"), text);
  }

  @Test
  void splitGivesEachCloneOneOfTheCpusInThreadOrder(@TempDir Path dir) throws Exception {
    List<Integer> cpus = CpuTopology.system().cpus();
    assumeTrue(cpus.size() >= 2, "needs two CPUs");
    String two = cpus.get(0) + "," + cpus.get(1);
    Path job =
        jobFile(
            dir,
            "[fsbench-split]\nrw=randread\nbs=4k\nsize=4m\nnumjobs=2\ntime_based\nruntime=3\n"
                + "rate_iops=200\ncpus_allowed="
                + two
                + "\ncpus_allowed_policy=split\n");

    assertThat(cpusWhileRunning(job))
        .containsExactlyInAnyOrder(cpus.get(0).toString(), cpus.get(1).toString());
  }

  @Test
  void sharedAndCpumaskPinEveryCloneToTheWholeSet(@TempDir Path dir) throws Exception {
    List<Integer> cpus = CpuTopology.system().cpus();
    int last = cpus.get(cpus.size() - 1);
    assumeTrue(last < 32, "cpumask covers the first 32 CPUs");
    Path job =
        jobFile(
            dir,
            "[fsbench-mask]\nrw=randread\nbs=4k\nsize=4m\nnumjobs=2\ntime_based\nruntime=2\n"
                + "rate_iops=200\ncpumask="
                + (1L << last)
                + "\nnice=2\n");

    assertThat(cpusWhileRunning(job))
        .containsExactly(Integer.toString(last), Integer.toString(last));
  }

  @Test
  void steadyStateEndsTheJobEarlyAndReportsItsWindow(@TempDir Path dir) throws Exception {
    Path job =
        jobFile(
            dir,
            "[fsbench-ss]\nrw=randread\nbs=4k\nsize=8m\ntime_based\nruntime=60\n"
                + "rate_iops=500\nss=iops:30%\nss_dur=2\n");

    RunResult result = session.fio(job);

    JobResult j = result.jobs().get(0);
    assertThat(j.steadyState().attained()).isTrue();
    assertThat(j.jobRuntimeMs()).as("attained well before the 60 s runtime").isLessThan(30_000);
    JsonNode ss =
        JSON.readTree(Reports.format(result, Reports.Format.JSON))
            .path("jobs")
            .get(0)
            .path("steadystate");
    assertThat(fieldNames(ss))
        .containsExactly(
            "ss", "duration", "attained", "criterion", "max_deviation", "slope", "data");
    assertThat(fieldNames(ss.path("data"))).containsExactly("bw_mean", "iops_mean", "iops", "bw");
    assertThat(ss.path("ss").asText()).isEqualTo("iops:30.000000%");
    assertThat(ss.path("attained").asInt()).isEqualTo(1);
    JsonNode data = ss.path("data");
    assertThat(data.path("iops")).hasSize(2);
    // bandwidth in bytes/s, as fio: 4 KiB per I/O
    long iops = data.path("iops").get(1).asLong();
    assertThat(data.path("bw").get(1).asLong()).isBetween(iops * 4096 - 4096, iops * 4096 + 4096);
  }

  @Test
  void steadyStateObjectHasFiosShapeOnFiosExample(@TempDir Path dir) throws Exception {
    Path example = Path.of("/usr/share/doc/fio/examples/steadystate.fio");
    assumeTrue(Files.isRegularFile(example), "fio's steadystate example is not installed");
    assumeTrue(FsBenchProcess.system("which", "fio").size() == 1, "fio is not installed");
    String shrunk =
        FioExamplesIT.logsIn(dir, FioExamplesIT.shrunk("steadystate", Files.readString(example)));
    Path job = jobFile(dir, shrunk);

    JsonNode ours =
        JSON.readTree(Reports.format(session.fio(job), Reports.Format.JSON)).path("jobs");
    Path fioDir = Files.createDirectories(dir.resolve("fsbench-fio"));
    Process fio =
        new ProcessBuilder("fio", "--output-format=json", "--directory=" + fioDir, job.toString())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    JsonNode theirs = JSON.readTree(fio.getInputStream()).path("jobs");
    assertThat(fio.waitFor()).isZero();

    assertThat(ours).hasSameSizeAs(theirs);
    for (int i = 0; i < theirs.size(); i++) {
      JsonNode a = ours.get(i).path("steadystate");
      JsonNode b = theirs.get(i).path("steadystate");
      assertThat(fieldNames(a)).isEqualTo(fieldNames(b));
      assertThat(fieldNames(a.path("data"))).isEqualTo(fieldNames(b.path("data")));
      for (String same : List.of("ss", "duration", "attained")) {
        assertThat(a.path(same)).as(same).isEqualTo(b.path(same));
      }
      assertThat(a.path("data").path("iops")).hasSameSizeAs(b.path("data").path("iops"));
    }
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
