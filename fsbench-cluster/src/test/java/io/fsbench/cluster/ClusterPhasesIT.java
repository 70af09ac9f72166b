package io.fsbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.FsBench;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * Phase barriers on agents on loopback addresses, a temporary directory standing in for the shared
 * filesystem: every client starts each phase of fsmark and tree together, the aggregate's phase
 * time is the union of the clients' windows, and an agent lost while the others wait at a barrier
 * makes the run invalid.
 */
class ClusterPhasesIT {

  /** How far apart the clients may start one phase, in the controller's clock, on loopback. */
  static final Duration START_TOLERANCE = Duration.ofMillis(200);

  @TempDir static Path temp;

  static Path shared;
  static Path secret;
  static int port;
  static final List<Agent> agents = new ArrayList<>();
  static final List<String> peers = new ArrayList<>();
  static volatile CountDownLatch atBarrier = new CountDownLatch(0);

  @BeforeAll
  static void startAgents() throws Exception {
    shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    secret = temp.resolve("fsbench-secret");
    Files.writeString(secret, "0123456789abcdef0123456789abcdef");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    port = 20_000 + ThreadLocalRandom.current().nextInt(20_000);
    for (int i = 0; i < 3; i++) {
      peers.add("127.0.0." + (61 + i) + ":" + port);
    }
    peers.add("127.0.0.60:" + port); // the controller
    for (int i = 0; i < 2; i++) {
      AgentConfig config =
          AgentConfig.of(member("127.0.0." + (61 + i)), List.of(shared))
              .workDir(Files.createDirectory(temp.resolve("fsbench-work-" + i)));
      agents.add(
          Agent.start(
              config,
              line -> {
                if (line.contains("at the barrier before")) {
                  atBarrier.countDown();
                }
              }));
    }
  }

  @AfterAll
  static void stopAgents() {
    agents.forEach(Agent::close);
  }

  static ClusterConfig member(String bind) {
    return ClusterConfig.builder("fsbench-it-phases")
        .bind(bind)
        .port(port)
        .peers(peers)
        .secret(secret)
        .build();
  }

  @Test
  void everyClientStartsEachFsMarkPhaseTogetherAndTheAggregateIsTheUnionOfTheirWindows()
      throws Exception {
    Path directory = Files.createDirectories(shared.resolve("md"));
    ClusterJob job =
        ClusterJob.workload(
                "fsmark",
                Map.of("files", "300", "size", "0", "operations", "create,stat,delete"),
                directory,
                2)
            .membersWithin(Duration.ofSeconds(20))
            .sharedDirectory();
    ClusterResult result;
    try (Cluster cluster = Cluster.connect(member("127.0.0.60"))) {
      result = cluster.run(job);
    }

    WorkloadTotals all = (WorkloadTotals) result.aggregate().result();
    assertThat(all.phases())
        .extracting(PhaseTotals::phase)
        .containsExactly("create", "stat", "delete");
    for (int p = 0; p < all.phases().size(); p++) {
      List<PhaseTotals> own = new ArrayList<>();
      for (ClientResult client : result.clients()) {
        own.add(((WorkloadTotals) client.run().result()).phases().get(p));
      }
      PhaseTotals phase = all.phases().get(p);
      Duration skew = Duration.between(min(own), max(own));
      System.out.printf("%s: clients started %.3f ms apart%n", phase.phase(), skew.toNanos() / 1e6);
      assertThat(skew).as(phase.phase() + " start skew").isLessThan(START_TOLERANCE);
      assertThat(phase.files())
          .isEqualTo(own.stream().mapToLong(PhaseTotals::files).sum())
          .isEqualTo(600);
      assertThat(phase.started()).isEqualTo(min(own));
      assertThat(phase.time()).isEqualTo(union(own));
      if (p > 0) {
        // a barrier: no client starts a phase before every client ended the one before
        assertThat(phase.started()).isAfterOrEqualTo(all.phases().get(p - 1).ended());
      }
    }
    assertNothingLeft(directory);
  }

  @Test
  void anFsMarkRunWithoutBarriersStillAggregatesItsPhasesOverTheUnionOfTheWindows()
      throws Exception {
    Path directory = Files.createDirectories(shared.resolve("nb"));
    ClusterJob job =
        ClusterJob.workload(
                "fsmark",
                Map.of("files", "300", "size", "4k", "operations", "create,stat,delete"),
                directory,
                2)
            .membersWithin(Duration.ofSeconds(20))
            .perClientDir()
            .noPhaseBarriers();
    ClusterResult result;
    try (Cluster cluster = Cluster.connect(member("127.0.0.60"))) {
      result = cluster.run(job);
    }

    WorkloadTotals all = (WorkloadTotals) result.aggregate().result();
    assertThat(all.phases()).hasSize(3);
    for (int p = 0; p < all.phases().size(); p++) {
      List<PhaseTotals> own = new ArrayList<>();
      for (ClientResult client : result.clients()) {
        own.add(((WorkloadTotals) client.run().result()).phases().get(p));
      }
      PhaseTotals phase = all.phases().get(p);
      assertThat(phase.files()).isEqualTo(own.stream().mapToLong(PhaseTotals::files).sum());
      assertThat(phase.time()).as(phase.phase()).isEqualTo(union(own));
    }
    assertNothingLeft(directory);
  }

  @Test
  void withANeighbourStrideEveryClientVisitsAnothersFilesAndEveryFileIsRemovedOnce()
      throws Exception {
    for (boolean sharedDir : List.of(true, false)) {
      Path directory = Files.createDirectories(shared.resolve(sharedDir ? "n-shared" : "n-own"));
      // with 2 clients and stride 1: stat and delete visit the other client's files, read its own
      ClusterJob job =
          ClusterJob.workload(
                  "fsmark",
                  Map.of("files", "200", "size", "4k", "operations", "create,stat,read,delete"),
                  directory,
                  2)
              .membersWithin(Duration.ofSeconds(20));
      job = (sharedDir ? job.sharedDirectory() : job.perClientDir()).neighbourStride(1);
      ClusterResult result;
      try (Cluster cluster = Cluster.connect(member("127.0.0.60"))) {
        result = cluster.run(job);
      }

      WorkloadTotals all = (WorkloadTotals) result.aggregate().result();
      assertThat(all.phases())
          .extracting(PhaseTotals::phase)
          .containsExactly("create", "stat", "read", "delete");
      for (PhaseTotals phase : all.phases()) {
        assertThat(phase.files()).as(phase.phase()).isEqualTo(400);
      }
      assertThat(all.phases().get(2).bytes()).isEqualTo(400L * 4096); // read whole
      // a file removed twice would have failed the run; one never removed would be left
      assertNothingLeft(directory);
    }
  }

  @Test
  void aTreeWithANeighbourStrideWalksAndRemovesTheOtherClientsTree() throws Exception {
    Path directory = Files.createDirectories(shared.resolve("n-tree"));
    ClusterJob job =
        ClusterJob.workload(
                "tree", Map.of("files", "100", "phases", "extract,walk,remove"), directory, 2)
            .membersWithin(Duration.ofSeconds(20))
            .sharedDirectory()
            .neighbourStride(1);
    ClusterResult result;
    try (Cluster cluster = Cluster.connect(member("127.0.0.60"))) {
      result = cluster.run(job);
    }

    WorkloadTotals all = (WorkloadTotals) result.aggregate().result();
    assertThat(all.phases())
        .extracting(PhaseTotals::phase)
        .containsExactly("extract", "walk", "remove");
    // both trees are the same spec's: walked and removed once each, by the other client
    long extracted = all.phases().get(0).files();
    assertThat(all.phases().get(1).files()).isEqualTo(extracted).isPositive();
    assertThat(all.phases().get(2).files()).isEqualTo(extracted);
    assertNothingLeft(directory);
  }

  @Test
  void anAgentLostWhileTheOthersWaitAtABarrierMakesTheRunInvalidAndTheOthersRelease()
      throws Exception {
    Path directory = Files.createDirectories(shared.resolve("k"));
    Path work = Files.createDirectory(temp.resolve("fsbench-work-killed"));
    Process child =
        new ProcessBuilder(
                AgentProcess.command(
                    "fsbench-it-phases", "127.0.0.63", port, peers, secret, shared, work))
            .redirectError(temp.resolve("fsbench-agent-process.err").toFile())
            .start();
    try (Cluster cluster = Cluster.connect(member("127.0.0.60"))) {
      ClusterJob three =
          ClusterJob.workload(
                  "fsmark",
                  Map.of("files", "200", "size", "0", "operations", "create,stat"),
                  directory,
                  3)
              .membersWithin(Duration.ofSeconds(30))
              .sharedDirectory();
      atBarrier = new CountDownLatch(2);
      CompletableFuture<ClusterResult> run =
          CompletableFuture.supplyAsync(() -> cluster.run(three));
      CompletableFuture.runAsync(() -> awaitLine(child, " started")).get(60, TimeUnit.SECONDS);
      // frozen while it warms up, the child reaches no barrier; the two others wait at the first
      new ProcessBuilder("kill", "-STOP", Long.toString(child.pid())).start().waitFor();
      assertThat(atBarrier.await(60, TimeUnit.SECONDS)).as("the others at a barrier").isTrue();
      child.destroyForcibly().waitFor();

      assertThatThrownBy(() -> run.get(60, TimeUnit.SECONDS))
          .hasMessageContaining("INVALID")
          .hasMessageContaining("127.0.0.63:" + port)
          .hasMessageContaining("waited at the barrier before")
          .hasMessageContaining("nothing is reported");
      for (Agent agent : agents) {
        assertThat(agent.awaitIdle(Duration.ofSeconds(15))).as(agent.address()).isTrue();
      }
    } finally {
      child.destroyForcibly().waitFor();
    }
    // what the killed agent left is released by cleanup on its machine, from its registry
    FsBench.builder().workDir(work).build().cleanup();
    assertNothingLeft(directory);
  }

  private static Instant min(List<PhaseTotals> phases) {
    return phases.stream().map(PhaseTotals::started).min(Instant::compareTo).orElseThrow();
  }

  private static Instant max(List<PhaseTotals> phases) {
    return phases.stream().map(PhaseTotals::started).max(Instant::compareTo).orElseThrow();
  }

  /** The union of the windows, computed here by walking them in order of their start. */
  private static Duration union(List<PhaseTotals> phases) {
    List<PhaseTotals> sorted = new ArrayList<>(phases);
    sorted.sort(java.util.Comparator.comparing(PhaseTotals::started));
    Duration total = Duration.ZERO;
    Instant coveredTo = Instant.MIN;
    for (PhaseTotals w : sorted) {
      Instant from = w.started().isAfter(coveredTo) ? w.started() : coveredTo;
      if (w.ended().isAfter(from)) {
        total = total.plus(Duration.between(from, w.ended()));
        coveredTo = w.ended();
      }
    }
    return total;
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
    throw new AssertionError("the agent process ended before '" + text + "'");
  }

  private static void assertNothingLeft(Path dir) throws Exception {
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left.toList()).as("left in " + dir).isEmpty();
    }
  }
}
