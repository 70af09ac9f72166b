package io.fsbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fsbench.FsBench;
import io.fsbench.api.JobResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cluster runs across network namespaces the test makes and removes itself: three agent JVMs, each
 * in a namespace of its own joined to a bridge by a veth pair, and the controller on the bridge.
 * Members talk only over those links, so the test can partition one agent mid-run by taking its
 * link down, which no loopback test can do: the agent is not dead, only unreachable.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterNetnsIT {

  @TempDir static Path temp;

  static NetworkNamespaces net;
  static Path shared;
  static Path secret;
  static int port;
  static final List<String> peers = new ArrayList<>();
  static final List<Process> agents = new ArrayList<>();
  static final List<BlockingQueue<String>> logs = new ArrayList<>();
  static final List<Path> workDirs = new ArrayList<>();

  @BeforeAll
  static void startAgentsInNamespaces() throws Exception {
    String unavailable = NetworkNamespaces.unavailableBecause();
    assumeTrue(unavailable == null, unavailable);
    net = NetworkNamespaces.make(3);
    shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    secret = temp.resolve("fsbench-secret");
    Files.writeString(secret, "fedcba9876543210fedcba9876543210");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    port = 20_000 + ThreadLocalRandom.current().nextInt(20_000);
    for (int i = 1; i <= 3; i++) {
      peers.add(net.address(i) + ":" + port);
    }
    peers.add(net.hostAddress() + ":" + port);
    for (int i = 1; i <= 3; i++) {
      Path work = Files.createDirectory(temp.resolve("fsbench-work-" + i));
      workDirs.add(work);
      List<String> java =
          AgentProcess.command("fsbench-ns", net.address(i), port, peers, secret, shared, work);
      Process agent =
          new ProcessBuilder(net.inNamespace(i, java))
              .redirectError(temp.resolve("fsbench-agent-" + i + ".err").toFile())
              .start();
      agents.add(agent);
      logs.add(lines(agent));
    }
  }

  @AfterAll
  static void stopAgentsAndRemoveTheNetwork() throws Exception {
    for (Process agent : agents) {
      agent.destroy();
      if (!agent.waitFor(30, TimeUnit.SECONDS)) {
        agent.destroyForcibly().waitFor();
      }
    }
    for (Path work : workDirs) {
      FsBench.builder().workDir(work).build().cleanup();
    }
    if (net != null) {
      net.close();
    }
  }

  private static ClusterConfig controller() {
    return ClusterConfig.builder("fsbench-ns")
        .bind(net.hostAddress())
        .port(port)
        .peers(peers)
        .secret(secret)
        .build();
  }

  private static ClusterJob job(String dir, String... more) {
    List<String> options =
        new ArrayList<>(List.of("name=fsbench-ns", "rw=write", "bs=64k", "size=8m"));
    options.addAll(List.of(more));
    return ClusterJob.fio(options, shared.resolve(dir), 3).membersWithin(Duration.ofSeconds(60));
  }

  @Test
  @Order(1)
  void threeAgentsInNamespacesOfTheirOwnRunOneJobWhoseSumIsTheAggregate() throws Exception {
    Files.createDirectories(shared.resolve("a"));
    ClusterResult result;
    try (Cluster cluster = Cluster.connect(controller())) {
      result = cluster.run(job("a").perClientDir());
    }
    System.out.printf(
        "3 agents in network namespaces: start skew %.3f ms, controller overhead %.3f s%n",
        result.startSkew().toNanos() / 1e6, result.controllerOverhead().toNanos() / 1e9);

    assertThat(result.clients())
        .extracting(ClientResult::address)
        .containsExactlyInAnyOrder(peers.get(0), peers.get(1), peers.get(2));
    long bytes = 0;
    for (ClientResult client : result.clients()) {
      bytes += client.run().jobs().get(0).write().ioBytes();
    }
    JobResult all = result.aggregate().jobs().get(0);
    assertThat(bytes).isEqualTo(3L * 8 << 20);
    assertThat(all.write().ioBytes()).isEqualTo(bytes);
    assertThat(result.startSkew()).isLessThan(ClusterIT.START_TOLERANCE);
    assertNothingLeft(shared.resolve("a"));
  }

  @Test
  @Order(2)
  void anAgentCutOffFromTheNetworkMidRunMakesTheRunInvalidAndEveryMemberReleases()
      throws Exception {
    Files.createDirectories(shared.resolve("p"));
    logs.forEach(BlockingQueue::clear);
    try (Cluster cluster = Cluster.connect(controller())) {
      CompletableFuture<ClusterResult> run =
          CompletableFuture.supplyAsync(
              () -> cluster.run(job("p", "runtime=60s", "time_based").perClientDir()));
      for (int i = 0; i < 3; i++) {
        awaitLine(i, " started", Duration.ofSeconds(90));
      }
      long cut = System.nanoTime();
      net.cutOff(3);
      try {
        assertThatThrownBy(() -> run.get(60, TimeUnit.SECONDS))
            .hasMessageContaining("INVALID")
            .hasMessageContaining(peers.get(2))
            .hasMessageContaining("run phase");
        double invalid = (System.nanoTime() - cut) / 1e9;
        // the cut-off agent loses its controller from its own view, and stops as if it had left
        for (int i = 0; i < 3; i++) {
          awaitLine(i, "stopped and released", Duration.ofSeconds(60));
        }
        System.out.printf(
            "partitioned agent: run invalid %.3f s after the cut, every member released %.3f s"
                + " after it%n",
            invalid, (System.nanoTime() - cut) / 1e9);
      } finally {
        net.reconnect(3);
      }
    }
    assertNothingLeft(shared.resolve("p"));
  }

  /** Each agent's stdout, a line at a time, for the test to wait on. */
  private static BlockingQueue<String> lines(Process agent) {
    BlockingQueue<String> queue = new LinkedBlockingQueue<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                  queue.add(line);
                }
              } catch (IOException e) {
                queue.add("(stdout closed: " + e.getMessage() + ")");
              }
            },
            "fsbench-agent-stdout");
    reader.setDaemon(true);
    reader.start();
    return queue;
  }

  private static void awaitLine(int agent, String text, Duration within) throws Exception {
    long deadline = System.nanoTime() + within.toNanos();
    List<String> seen = new ArrayList<>();
    while (System.nanoTime() < deadline) {
      String line = logs.get(agent).poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      if (line == null) {
        break;
      }
      seen.add(line);
      if (line.contains(text)) {
        return;
      }
    }
    Path err = temp.resolve("fsbench-agent-" + (agent + 1) + ".err");
    throw new AssertionError(
        "agent "
            + (agent + 1)
            + " did not log '"
            + text
            + "' within "
            + within
            + "; it logged "
            + seen
            + (Files.exists(err) ? "; stderr: " + Files.readString(err) : ""));
  }

  private static void assertNothingLeft(Path dir) throws Exception {
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left.toList()).as("left in " + dir).isEmpty();
    }
  }
}
