package io.fsbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.FsBench;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.JobResult;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cluster runs on this machine: agents on loopback addresses 127.0.0.x, each its own JGroups
 * member, a temporary directory standing in for the shared filesystem. Three agents are shared by
 * the tests; two of them run on clocks skewed by +37 s and -5 s, so every run checks that the start
 * is synchronized by measured offsets rather than by the clocks' readings.
 */
class ClusterIT {

  /** The start skew the tests accept on loopback; what the clients actually show is printed. */
  static final Duration START_TOLERANCE = Duration.ofMillis(20);

  @TempDir static Path temp;

  static Path shared;
  static Path secret;
  static int port;
  static final List<Agent> agents = new ArrayList<>();
  static final List<String> peers = new ArrayList<>();

  /** Counted down by each shared agent as its run starts; a test sets it before its run. */
  static volatile CountDownLatch started = new CountDownLatch(0);

  @BeforeAll
  static void startAgents() throws Exception {
    shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    secret = secretFile("fsbench-secret", "0123456789abcdef0123456789abcdef");
    port = 20_000 + ThreadLocalRandom.current().nextInt(20_000);
    for (int i = 0; i < 3; i++) {
      peers.add("127.0.0." + (11 + i) + ":" + port);
    }
    peers.add("127.0.0.10:" + port); // the controller
    Clock[] clocks = {
      Clock.systemUTC(),
      Clock.offset(Clock.systemUTC(), Duration.ofSeconds(37)),
      Clock.offset(Clock.systemUTC(), Duration.ofSeconds(-5))
    };
    for (int i = 0; i < 3; i++) {
      AgentConfig config =
          AgentConfig.of(member("127.0.0." + (11 + i)), List.of(shared))
              .clock(clocks[i])
              .workDir(Files.createDirectory(temp.resolve("fsbench-work-" + i)));
      agents.add(
          Agent.start(
              config,
              line -> {
                if (line.contains(" started")) {
                  started.countDown();
                }
              }));
    }
  }

  @AfterAll
  static void stopAgents() {
    agents.forEach(Agent::close);
  }

  static ClusterConfig member(String bind) {
    return member(bind, secret);
  }

  static ClusterConfig member(String bind, Path secretFile) {
    return ClusterConfig.builder("fsbench-it")
        .bind(bind)
        .port(port)
        .peers(peers)
        .secret(secretFile)
        .build();
  }

  static Path secretFile(String name, String content) throws Exception {
    Path file = temp.resolve(name);
    Files.writeString(file, content);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    return file;
  }

  static ClusterJob job(String runtime, String dir, String... more) {
    List<String> options =
        new ArrayList<>(
            List.of("name=fsbench-cw", "rw=randwrite", "bs=4k", "size=8m", "runtime=" + runtime));
    options.addAll(List.of(more));
    return ClusterJob.fio(options, shared.resolve(dir), 3).membersWithin(Duration.ofSeconds(20));
  }

  @Test
  void threeAgentsGiveClientResultsWhoseSumIsTheAggregate() throws Exception {
    Files.createDirectories(shared.resolve("x"));
    ClusterResult result;
    long begun = System.nanoTime();
    try (Cluster cluster = Cluster.connect(member("127.0.0.10"))) {
      result = cluster.run(job("2s", "x").perClientDir());
    }
    System.out.printf(
        "cluster run of 3 agents: start skew %.3f ms, controller overhead %.3f s, wall %.3f s%n",
        result.startSkew().toNanos() / 1e6,
        result.controllerOverhead().toNanos() / 1e9,
        (System.nanoTime() - begun) / 1e9);

    assertThat(result.clients()).hasSize(3);
    JobResult all = result.aggregate().jobs().get(0);
    long bytes = 0;
    long ios = 0;
    long samples = 0;
    for (ClientResult client : result.clients()) {
      JobResult job = client.run().jobs().get(0);
      bytes += job.write().ioBytes();
      ios += job.write().totalIos();
      samples += job.write().clat().n();
    }
    assertThat(all.write().ioBytes()).isEqualTo(bytes).isPositive();
    assertThat(all.write().totalIos()).isEqualTo(ios);
    assertThat(all.write().clat().n()).isEqualTo(samples);
    assertThat(all.members()).isEqualTo(3);
    long union = io.fsbench.cluster.internal.Aggregation.unionMicros(result.clients());
    assertThat(all.jobRuntimeMs()).isEqualTo((union + 999) / 1000);

    assertThat(result.startSkew()).isLessThan(START_TOLERANCE);
    assertThat(result.clients())
        .as("offsets measured within a few ms of the skews")
        .extracting(c -> Math.round(c.offsetMicros() / 1e6))
        .containsExactlyInAnyOrder(0L, 37L, -5L);

    String text = ClusterReports.text(result);
    assertThat(text).contains("127.0.0.11:" + port, "127.0.0.13:" + port, "All clients");
    assertThat(text).contains("spread between clients");
    JsonNode json = new ObjectMapper().readTree(ClusterReports.json(result, false));
    JsonNode stats = json.get("client_stats");
    assertThat(stats).hasSize(4);
    assertThat(stats.get(3).get("jobname").asText()).isEqualTo("All clients");
    long jsonBytes = 0;
    for (int i = 0; i < 3; i++) {
      jsonBytes += stats.get(i).get("write").get("io_bytes").asLong();
      assertThat(stats.get(i).get("hostname").asText()).startsWith("127.0.0.1");
    }
    assertThat(stats.get(3).get("write").get("io_bytes").asLong()).isEqualTo(jsonBytes);
    assertThat(json.get("fsbench_cluster").get("start_skew_ms").asDouble())
        .isEqualTo(result.startSkew().toNanos() / 1e6);
    assertThat(json.get("fsbench_cluster").get("clients")).hasSize(3);

    assertNothingLeft(shared.resolve("x"));
  }

  @Test
  void aStonewalledRunEndsEveryClientSoonAfterTheFirstAndItsSumsCheckOut() throws Exception {
    Files.createDirectories(shared.resolve("s"));
    // all write at 20 MiB/s; client 0 has 8 MiB (0.4 s), the others 512 MiB (20 s by runtime)
    ClusterJob job =
        ClusterJob.fio(
                List.of("name=fsbench-sw", "rw=write", "bs=64k", "size=512m", "rate=20m"),
                shared.resolve("s"),
                3)
            .membersWithin(Duration.ofSeconds(20))
            .forClient(0, List.of("size=8m"))
            .stonewall()
            .perClientDir();
    ClusterResult result;
    try (Cluster cluster = Cluster.connect(member("127.0.0.25"))) {
      result = cluster.run(job);
    }
    System.out.printf(
        "stonewalled run: first done %.3f s, last done %.3f s, stonewalled %d of %d bytes%n",
        result.firstDone().toNanos() / 1e9,
        result.lastDone().toNanos() / 1e9,
        result.stonewalled().orElseThrow().ioBytes(),
        result.clients().stream().mapToLong(ClientResult::ioBytes).sum());

    ClientResult small = result.clients().get(0);
    assertThat(small.ioBytes()).as("client 0 wrote its own, smaller size").isEqualTo(8L << 20);
    assertThat(result.firstDone()).isLessThan(Duration.ofSeconds(5));
    assertThat(result.lastDone().minus(result.firstDone()))
        .as("the others stopped within two seconds of the first")
        .isLessThan(Duration.ofSeconds(2));
    for (ClientResult other : result.clients().subList(1, 3)) {
      assertThat(other.ioBytes()).isPositive().isLessThan(128L << 20);
      assertThat(other.run().jobs().get(0).error()).isZero();
    }
    Stonewalled wall = result.stonewalled().orElseThrow();
    long firstEnd = small.endMicros();
    double expected = 0;
    for (ClientResult client : result.clients()) {
      long end = Math.min(client.endMicros(), firstEnd);
      expected +=
          client.ioBytes()
              * (double) Math.max(0, end - client.startMicros())
              / (client.endMicros() - client.startMicros());
    }
    assertThat(wall.ioBytes()).isEqualTo(Math.round(expected));
    assertThat(wall.ioBytes())
        .isGreaterThanOrEqualTo(small.ioBytes())
        .isLessThanOrEqualTo(result.aggregate().jobs().get(0).write().ioBytes());
    long earliest = result.clients().stream().mapToLong(ClientResult::startMicros).min().orElse(0);
    assertThat(wall.runtime()).isEqualTo(Duration.ofNanos((firstEnd - earliest) * 1000));
    assertThat(ClusterReports.text(result)).contains("Stonewalled");
    JsonNode json = new ObjectMapper().readTree(ClusterReports.json(result, false));
    assertThat(json.get("fsbench_cluster").get("stonewalled").get("io_bytes").asLong())
        .isEqualTo(wall.ioBytes());
    assertNothingLeft(shared.resolve("s"));
  }

  @Test
  void anAgentThatJoinsDuringARunIsNotLetIntoIt() throws Exception {
    Files.createDirectories(shared.resolve("l"));
    started = new CountDownLatch(3);
    try (Cluster cluster = Cluster.connect(member("127.0.0.23"))) {
      CompletableFuture<ClusterResult> run =
          CompletableFuture.supplyAsync(() -> cluster.run(job("3s", "l", "time_based")));
      assertThat(started.await(30, TimeUnit.SECONDS)).as("the three runs started").isTrue();
      try (Agent late =
          Agent.start(
              AgentConfig.of(member("127.0.0.16"), List.of(shared))
                  .workDir(Files.createDirectory(temp.resolve("fsbench-work-late"))))) {
        ClusterResult result = run.get(60, TimeUnit.SECONDS);
        assertThat(result.clients())
            .extracting(ClientResult::address)
            .doesNotContain(late.address())
            .hasSize(3);
        assertThat(late.idle()).as("the late agent was never given the run").isTrue();
      }
    }
    assertNothingLeft(shared.resolve("l"));
  }

  @Test
  void anAgentOfAnotherVersionIsRefusedWithBothVersionsNamed() throws Exception {
    try (io.fsbench.cluster.internal.AgentNode other =
        io.fsbench.cluster.internal.AgentNode.start(
            AgentConfig.of(member("127.0.0.17"), List.of(shared))
                .workDir(Files.createDirectory(temp.resolve("fsbench-work-other"))),
            line -> {},
            "9.9.9")) {
      try (Cluster cluster = Cluster.connect(member("127.0.0.24"))) {
        ClusterJob four =
            ClusterJob.fio(List.of("rw=write", "bs=4k", "size=1m"), shared, 4)
                .membersWithin(Duration.ofSeconds(20));
        assertThatThrownBy(() -> cluster.run(four))
            .hasMessageContaining("127.0.0.17:" + port)
            .hasMessageContaining("runs fsbench 9.9.9, this controller " + FsBench.version())
            .hasMessageContaining("one fsbench version");
      }
    }
    for (Agent agent : agents) {
      assertThat(agent.idle()).isTrue();
    }
  }

  @Test
  void anAgentWithoutTheSecretIsRefused() throws Exception {
    Path wrong = secretFile("fsbench-wrong-secret", "fedcba9876543210fedcba9876543210");
    assertThatThrownBy(
            () -> Agent.start(AgentConfig.of(member("127.0.0.14", wrong), List.of(shared))))
        .isInstanceOf(FsBenchException.class)
        .hasMessageContaining("refused")
        .hasMessageContaining("secret");
  }

  @Test
  void aJobOutsideTheAllowedDirectoriesIsRefusedNamingThePath() throws Exception {
    try (Cluster cluster = Cluster.connect(member("127.0.0.20"))) {
      ClusterJob outside =
          ClusterJob.fio(List.of("rw=write", "bs=4k", "size=1m"), temp.resolve("elsewhere"), 3);
      assertThatThrownBy(() -> cluster.run(outside))
          .hasMessageContaining(temp.resolve("elsewhere").toString())
          .hasMessageContaining("outside");
    }
    for (Agent agent : agents) {
      assertThat(agent.awaitIdle(Duration.ofSeconds(10))).isTrue();
    }
  }

  @Test
  void aControllerThatLeavesMidRunMakesItsAgentsStopAndRelease() throws Exception {
    Files.createDirectories(shared.resolve("c"));
    started = new CountDownLatch(3);
    Cluster cluster = Cluster.connect(member("127.0.0.21"));
    CompletableFuture<ClusterResult> run =
        CompletableFuture.supplyAsync(() -> cluster.run(job("30s", "c", "time_based")));
    assertThat(started.await(30, TimeUnit.SECONDS)).as("the three runs started").isTrue();
    long closed = System.nanoTime();
    cluster.close();
    for (Agent agent : agents) {
      assertThat(agent.awaitIdle(Duration.ofSeconds(15))).as(agent.address()).isTrue();
    }
    System.out.printf(
        "agents idle %.3f s after their controller left%n", (System.nanoTime() - closed) / 1e9);
    assertThatThrownBy(() -> run.get(10, TimeUnit.SECONDS)).hasMessageContaining("controller left");
    assertNothingLeft(shared.resolve("c"));
  }

  @Test
  void anAgentKilledMidRunMakesTheRunInvalidAndTheOthersRelease() throws Exception {
    Files.createDirectories(shared.resolve("k"));
    Path work = Files.createDirectory(temp.resolve("fsbench-work-killed"));
    Process child = startAgentProcess("127.0.0.14", work);
    try {
      try (Cluster cluster = Cluster.connect(member("127.0.0.22"))) {
        ClusterJob four =
            ClusterJob.fio(
                    List.of(
                        "name=fsbench-k",
                        "rw=randwrite",
                        "bs=4k",
                        "size=8m",
                        "runtime=30s",
                        "time_based"),
                    shared.resolve("k"),
                    4)
                .membersWithin(Duration.ofSeconds(20));
        CompletableFuture<ClusterResult> run =
            CompletableFuture.supplyAsync(() -> cluster.run(four));
        CompletableFuture.runAsync(() -> awaitLine(child, " started")).get(60, TimeUnit.SECONDS);
        long killed = System.nanoTime();
        child.destroyForcibly().waitFor();
        assertThatThrownBy(() -> run.get(30, TimeUnit.SECONDS))
            .hasMessageContaining("INVALID")
            .hasMessageContaining("127.0.0.14:" + port)
            .hasMessageContaining("run phase")
            .hasMessageContaining("nothing is reported");
        for (Agent agent : agents) {
          assertThat(agent.awaitIdle(Duration.ofSeconds(15))).as(agent.address()).isTrue();
        }
        System.out.printf(
            "run invalid and the others released %.3f s after the kill%n",
            (System.nanoTime() - killed) / 1e9);
      }
    } finally {
      child.destroyForcibly().waitFor();
    }
    // what the killed agent left is released by cleanup on its machine, from its registry
    FsBench.builder().workDir(work).build().cleanup();
    assertNothingLeft(shared.resolve("k"));
  }

  private static void awaitLine(Process child, String text) {
    BufferedReader lines =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
    try {
      String line;
      while ((line = lines.readLine()) != null) {
        if (line.contains(text)) {
          return;
        }
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    String err;
    try {
      err = Files.readString(temp.resolve("fsbench-agent-process.err"));
    } catch (java.io.IOException e) {
      err = e.toString();
    }
    throw new AssertionError("the agent process ended before '" + text + "': " + err);
  }

  private static Process startAgentProcess(String bind, Path work) throws Exception {
    List<String> path = new ArrayList<>();
    for (String property : List.of("jdk.module.path", "java.class.path")) {
      String value = System.getProperty(property);
      if (value != null && !value.isBlank()) {
        path.add(value);
      }
    }
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            String.join(File.pathSeparator, path),
            AgentProcess.class.getName(),
            "fsbench-it",
            bind,
            Integer.toString(port),
            String.join(",", peers),
            secret.toString(),
            shared.toString(),
            work.toString());
    return new ProcessBuilder(command)
        .redirectError(temp.resolve("fsbench-agent-process.err").toFile())
        .start();
  }

  private static void assertNothingLeft(Path dir) throws Exception {
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left.toList()).as("left in " + dir).isEmpty();
    }
  }
}
