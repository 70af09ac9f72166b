package io.fsbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How many clients one controller drives: {@value #AGENTS} agents in this JVM, each a JGroups
 * member on its own loopback address, run a short job; the controller's overhead (everything but
 * the clients' runs) is printed for docs/cluster.md and checked to stay small.
 */
class ClusterScaleIT {

  static final int AGENTS = 12;

  @TempDir Path temp;

  @Test
  void oneControllerDrivesTwelveAgentsWithLittleOverhead() throws Exception {
    Path shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    Path secret = temp.resolve("fsbench-secret");
    Files.writeString(secret, "fedcba9876543210fedcba9876543210");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    int port = 20_000 + ThreadLocalRandom.current().nextInt(20_000);
    List<String> peers = List.of("127.0.0.30:" + port, "127.0.0.31:" + port);
    List<Agent> agents = new ArrayList<>();
    long joined = System.nanoTime();
    try {
      for (int i = 0; i < AGENTS; i++) {
        ClusterConfig config =
            ClusterConfig.builder("fsbench-scale")
                .bind("127.0.0." + (31 + i))
                .port(port)
                .peers(peers)
                .secret(secret)
                .build();
        agents.add(
            Agent.start(
                AgentConfig.of(config, List.of(shared))
                    .workDir(Files.createDirectory(temp.resolve("fsbench-work-" + i)))));
      }
      double joinSeconds = (System.nanoTime() - joined) / 1e9;
      ClusterConfig controller =
          ClusterConfig.builder("fsbench-scale")
              .bind("127.0.0.30")
              .port(port)
              .peers(peers)
              .secret(secret)
              .build();
      try (Cluster cluster = Cluster.connect(controller, System.out::println)) {
        ClusterResult result =
            cluster.run(
                ClusterJob.fio(
                        List.of("name=fsbench-scale", "rw=write", "bs=64k", "size=4m"),
                        shared,
                        AGENTS)
                    .membersWithin(Duration.ofSeconds(30)));
        System.out.printf(
            "%d agents: joined in %.2f s; controller overhead %.3f s; start skew %.3f ms;"
                + " last done %.3f s after the start%n",
            AGENTS,
            joinSeconds,
            result.controllerOverhead().toNanos() / 1e9,
            result.startSkew().toNanos() / 1e6,
            result.lastDone().toNanos() / 1e9);
        assertThat(result.clients()).hasSize(AGENTS);
        assertThat(result.controllerOverhead()).isLessThan(Duration.ofSeconds(5));
      }
    } finally {
      agents.forEach(Agent::close);
    }
  }
}
