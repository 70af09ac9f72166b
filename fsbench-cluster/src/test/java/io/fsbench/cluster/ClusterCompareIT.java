package io.fsbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.Reports;
import io.fsbench.api.CellId;
import io.fsbench.api.Comparison;
import io.fsbench.api.ComparisonCell;
import io.fsbench.api.ComparisonListener;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Repetition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fsbench compare --cluster} end to end: two agents on loopback addresses, two shared
 * filesystems (an ext4 and an XFS loop volume this test makes, mounted under its temporary
 * directory) as the columns, a block workload and fs_mark compared with two repetitions each. Every
 * repetition's figure must be the aggregate of that cluster run, recomputed here from the clients'
 * own results; nothing may be left in the directories, attached or running afterwards.
 */
class ClusterCompareIT {

  @TempDir static Path temp;

  static Path secret;
  static int port;
  static final List<Agent> agents = new ArrayList<>();
  static final List<String> peers = new ArrayList<>();
  static final List<LoopMount> mounts = new ArrayList<>();
  static Path ext4;
  static Path xfs;
  static Path notAllowed;

  @BeforeAll
  static void startAgents() throws Exception {
    assumeThat(ProcessHandle.current().info().user().orElse("")).as("needs root").isEqualTo("root");
    mounts.add(LoopMount.make(temp, "ext4"));
    mounts.add(LoopMount.make(temp, "xfs"));
    ext4 = Files.createDirectory(mounts.get(0).mountPoint().resolve("fsbench-shared"));
    xfs = Files.createDirectory(mounts.get(1).mountPoint().resolve("fsbench-shared"));
    notAllowed = Files.createDirectory(temp.resolve("fsbench-not-allowed"));
    secret = temp.resolve("fsbench-secret");
    Files.writeString(secret, "0a1b2c3d4e5f60718293a4b5c6d7e8f9");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    port = 20_000 + ThreadLocalRandom.current().nextInt(20_000);
    for (int i = 0; i < 3; i++) { // the third is the agent JVM that one test kills
      peers.add("127.0.0." + (61 + i) + ":" + port);
    }
    peers.add("127.0.0.60:" + port); // the controller
    for (int i = 0; i < 2; i++) {
      AgentConfig config =
          AgentConfig.of(member("127.0.0." + (61 + i)), List.of(ext4, xfs))
              .workDir(Files.createDirectory(temp.resolve("fsbench-work-" + i)));
      agents.add(Agent.start(config, line -> {}));
    }
  }

  @AfterAll
  static void stopAgents() throws Exception {
    agents.forEach(Agent::close);
    Collections.reverse(mounts);
    for (LoopMount mount : mounts) {
      mount.close();
    }
    assertThat(run("losetup", "-a")).doesNotContain(temp.toString());
  }

  static ClusterConfig member(String bind) {
    return ClusterConfig.builder("fsbench-it-compare")
        .bind(bind)
        .port(port)
        .peers(peers)
        .secret(secret)
        .build();
  }

  @Test
  void aComparisonOfTwoWorkloadsOnTwoFilesystemsRecordsEachRunsAggregate() throws Exception {
    ClusterComparison spec =
        ClusterComparison.builder(2)
            .directory(ext4)
            .directory(xfs)
            .workload("randwrite", Map.of("size", "4m"))
            .workload("fsmark", Map.of("files", "100", "size", "4k"))
            .runtime(Duration.ofSeconds(1))
            .repeat(2)
            .perClientDir()
            .membersWithin(Duration.ofSeconds(20))
            .build();
    Map<String, ClusterResult> runs = new java.util.LinkedHashMap<>();
    Comparison comparison;
    try (Cluster cluster = Cluster.connect(member("127.0.0.60"))) {
      comparison =
          new ClusterComparisonRunner(
                  job -> {
                    ClusterResult result = cluster.run(job);
                    runs.put(ClusterReports.json(result, false), result);
                    return result;
                  },
                  Clock.systemUTC(),
                  new ComparisonListener() {})
              .run(spec);
    }

    // the cells are named as a local comparison names them (randwrite runs as randwrite-4k)
    String randwrite = io.fsbench.Workloads.named("randwrite", Map.of("size", "4m")).name();
    String fsmark = io.fsbench.Workloads.named("fsmark", Map.of("files", "100")).name();
    assertThat(comparison.cells())
        .extracting(c -> c.workload() + "@" + c.fileSystem())
        .containsExactly(
            randwrite + "@ext4", randwrite + "@xfs", fsmark + "@ext4", fsmark + "@xfs");
    assertThat(comparison.settings().baseline()).isEqualTo("ext4");
    for (ComparisonCell cell : comparison.cells()) {
      assertThat(cell.failed()).as(cell.failure()).isFalse();
      assertThat(cell.measured()).as(cell.workload()).hasSize(2);
      assertThat(cell.repetitions()).filteredOn(Repetition::warmUp).hasSize(1);
      for (Repetition r : cell.repetitions()) {
        ClusterResult result = runs.get(r.result().toolJson().orElseThrow());
        assertThat(result).as("the cluster run of " + cell.workload()).isNotNull();
        assertThat(result.clients()).hasSize(2);
        double expected = expectedHeadline(cell.workload().equals(randwrite), result);
        assertThat(r.result().headline().value())
            .as(cell.workload() + " on " + cell.fileSystem())
            .isCloseTo(expected, within(expected * 1e-3));
      }
    }
    assertThat(comparison.warnings())
        .anyMatch(w -> w.contains("on 2 client(s)") && w.contains("start skew at most"));

    Path out = Files.createDirectory(temp.resolve("fsbench-report"));
    List<Path> written = Reports.writeAll(comparison, out);
    assertThat(written).allMatch(Files::isRegularFile).isNotEmpty();
    JsonNode json = new ObjectMapper().readTree(out.resolve("report.json").toFile());
    JsonNode first = json.get("cells").get(0).get("repetitions").get(1);
    assertThat(first.get("tool").get("client_stats")).hasSize(3); // two clients, All clients

    for (Agent agent : agents) {
      assertThat(agent.awaitIdle(Duration.ofSeconds(10))).isTrue();
    }
    assertNothingLeft(ext4);
    assertNothingLeft(xfs);
  }

  @Test
  void aDirectoryAnAgentDoesNotAllowIsRefusedBeforeTheFirstCell() {
    List<CellId> started = new ArrayList<>();
    ClusterComparison spec =
        ClusterComparison.builder(2)
            .directory(ext4)
            .directory("elsewhere", notAllowed)
            .workload("randwrite", Map.of("size", "1m"))
            .repeat(2)
            .membersWithin(Duration.ofSeconds(20))
            .build();
    try (Cluster cluster = Cluster.connect(member("127.0.0.60"))) {
      assertThatThrownBy(
              () ->
                  cluster.compare(
                      spec,
                      new ComparisonListener() {
                        @Override
                        public void cellStarted(CellId cell, int position, int cells) {
                          started.add(cell);
                        }
                      }))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining(notAllowed.toString());
    }
    assertThat(started).as("cells started").isEmpty();
  }

  @Test
  void anAgentKilledMidComparisonStopsItNamingTheAgentAndReportsNothing() throws Exception {
    Path work = Files.createDirectory(temp.resolve("fsbench-work-killed"));
    Process child =
        new ProcessBuilder(
                AgentProcess.command(
                    "fsbench-it-compare", "127.0.0.63", port, peers, secret, ext4, work))
            .redirectError(temp.resolve("fsbench-agent-process.err").toFile())
            .start();
    try (Cluster cluster = Cluster.connect(member("127.0.0.60"))) {
      ClusterComparison spec =
          ClusterComparison.builder(3)
              .directory(ext4)
              .workload("randwrite", Map.of("size", "4m"))
              .runtime(Duration.ofSeconds(20))
              .repeat(2)
              .membersWithin(Duration.ofSeconds(30))
              .build();
      java.util.concurrent.CompletableFuture<Comparison> comparison =
          java.util.concurrent.CompletableFuture.supplyAsync(() -> cluster.compare(spec));
      // the first run is the directory's check, the second the cell's warm-up: kill it there
      java.util.concurrent.CompletableFuture.runAsync(() -> awaitLines(child, " started", 2))
          .get(60, TimeUnit.SECONDS);
      child.destroyForcibly().waitFor();

      assertThatThrownBy(() -> comparison.get(30, TimeUnit.SECONDS))
          .hasRootCauseInstanceOf(io.fsbench.api.FsBenchException.class)
          .hasMessageContaining("stopped at randwrite-4k on ext4")
          .hasMessageContaining("warm-up run, and reports no cell")
          .hasMessageContaining("127.0.0.63:" + port)
          .hasMessageContaining("run phase");
      for (Agent agent : agents) {
        assertThat(agent.awaitIdle(Duration.ofSeconds(15))).as(agent.address()).isTrue();
      }
    } finally {
      child.destroyForcibly().waitFor();
    }
    // what the killed agent left is released by cleanup on its machine, from its registry
    io.fsbench.FsBench.builder().workDir(work).build().cleanup();
    assertNothingLeft(ext4);
  }

  private static void awaitLines(Process child, String text, int count) {
    java.io.BufferedReader lines =
        new java.io.BufferedReader(
            new java.io.InputStreamReader(
                child.getInputStream(), java.nio.charset.StandardCharsets.UTF_8));
    int seen = 0;
    try {
      String line;
      while ((line = lines.readLine()) != null) {
        if (line.contains(text) && ++seen == count) {
          return;
        }
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    throw new AssertionError("the agent process ended before '" + text + "' " + count + " times");
  }

  /**
   * The aggregate recomputed from the clients: a block job's bytes summed over the union of the
   * clients' windows; fs_mark's created files summed over the union of the clients' create windows.
   */
  private static double expectedHeadline(boolean block, ClusterResult result) {
    if (block) {
      long bytes = result.clients().stream().mapToLong(ClientResult::ioBytes).sum();
      long start =
          result.clients().stream().mapToLong(ClientResult::startMicros).min().orElseThrow();
      long end = result.clients().stream().mapToLong(ClientResult::endMicros).max().orElseThrow();
      return bytes / ((end - start) / 1e6);
    }
    long files = 0;
    List<PhaseTotals> windows = new java.util.ArrayList<>();
    for (ClientResult client : result.clients()) {
      PhaseTotals create = ((WorkloadTotals) client.run().result()).phases().get(0);
      assertThat(create.phase()).isEqualTo("create");
      files += create.files() + create.directories();
      windows.add(create);
    }
    // the union of the clients' create windows (each in the controller's clock), gaps left out
    windows.sort(java.util.Comparator.comparing(PhaseTotals::started));
    Duration union = Duration.ZERO;
    java.time.Instant from = windows.get(0).started();
    java.time.Instant to = windows.get(0).ended();
    for (PhaseTotals window : windows) {
      if (window.started().isAfter(to)) {
        union = union.plus(Duration.between(from, to));
        from = window.started();
      }
      to = window.ended().isAfter(to) ? window.ended() : to;
    }
    union = union.plus(Duration.between(from, to));
    return files / (union.toNanos() / 1e9);
  }

  private static void assertNothingLeft(Path dir) throws IOException {
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left.toList()).as("left in " + dir).isEmpty();
    }
  }

  static String run(String... command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IOException(String.join(" ", command) + " failed: " + output);
    }
    return output;
  }

  /** A small filesystem on a loop device, mounted in the test's directory; closed, all released. */
  record LoopMount(Path image, String device, Path mountPoint) implements AutoCloseable {

    static LoopMount make(Path dir, String type) throws Exception {
      Path image = dir.resolve("fsbench-" + type + ".img");
      run("truncate", "-s", "320m", image.toString());
      String device = run("losetup", "-f", "--show", image.toString()).strip();
      Path mountPoint = Files.createDirectory(dir.resolve("fsbench-" + type));
      LoopMount mount = new LoopMount(image, device, mountPoint);
      try {
        run(type.equals("xfs") ? "mkfs.xfs" : "mkfs.ext4", "-q", device);
        run("mount", device, mountPoint.toString());
      } catch (Exception e) {
        mount.close();
        throw e;
      }
      return mount;
    }

    @Override
    public void close() throws Exception {
      try {
        if (run("findmnt", "-n", "-o", "TARGET", "--source", device)
            .contains(mountPoint.toString())) {
          run("umount", mountPoint.toString());
        }
      } catch (IOException notMounted) {
        // findmnt exits 1 when the device is not mounted
      }
      run("losetup", "-d", device);
      Files.deleteIfExists(image);
    }
  }
}
