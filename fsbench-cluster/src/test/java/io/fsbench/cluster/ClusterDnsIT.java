package io.fsbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Members found through DNS, as agents behind a Kubernetes headless service find each other: a
 * dnsmasq the test starts on loopback answers the name {@code fsbench-agents.test} with the three
 * agents' addresses, and neither the agents nor the controller is given a list of peers.
 */
class ClusterDnsIT {

  private static final String NAME = "fsbench-agents.test";

  @TempDir static Path temp;

  static Process dnsmasq;
  static int dnsPort;
  static int port;
  static Path secret;
  static Path shared;
  static final List<Agent> agents = new ArrayList<>();

  @BeforeAll
  static void startDnsAndAgents() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/sbin/dnsmasq")), "dnsmasq is not installed");
    ThreadLocalRandom random = ThreadLocalRandom.current();
    dnsPort = 40_000 + random.nextInt(10_000);
    port = 20_000 + random.nextInt(20_000);
    Path hosts = temp.resolve("fsbench-hosts");
    Files.write(hosts, List.of("127.0.0.41 " + NAME, "127.0.0.42 " + NAME, "127.0.0.43 " + NAME));
    dnsmasq =
        new ProcessBuilder(
                "/usr/sbin/dnsmasq",
                "--keep-in-foreground",
                "--conf-file=/dev/null",
                "--no-resolv",
                "--no-hosts",
                "--addn-hosts=" + hosts,
                "--listen-address=127.0.0.1",
                "--bind-interfaces",
                "--port=" + dnsPort,
                "--user=root",
                "--pid-file",
                "--log-facility=-")
            .redirectErrorStream(true)
            .redirectOutput(temp.resolve("fsbench-dnsmasq.log").toFile())
            .start();
    secret = temp.resolve("fsbench-secret");
    Files.writeString(secret, "00112233445566778899aabbccddeeff");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    shared = Files.createDirectory(temp.resolve("fsbench-shared"));
    for (int i = 1; i <= 3; i++) {
      AgentConfig config =
          AgentConfig.of(member("127.0.0.4" + i), List.of(shared))
              .workDir(Files.createDirectory(temp.resolve("fsbench-work-" + i)));
      agents.add(Agent.start(config, line -> {}));
    }
  }

  @AfterAll
  static void stop() throws Exception {
    agents.forEach(Agent::close);
    if (dnsmasq != null) {
      dnsmasq.destroy();
      dnsmasq.waitFor();
    }
  }

  private static ClusterConfig member(String bind) {
    return ClusterConfig.builder("fsbench-dns")
        .bind(bind)
        .port(port)
        .dns(DnsDiscovery.parse(NAME + "@127.0.0.1:" + dnsPort))
        .secret(secret)
        .build();
  }

  @Test
  void aControllerFindsItsAgentsThroughDnsAndRunsOnAllOfThem() throws Exception {
    Files.createDirectories(shared.resolve("d"));
    ClusterResult result;
    try (Cluster cluster = Cluster.connect(member("127.0.0.40"))) {
      result =
          cluster.run(
              ClusterJob.fio(
                      List.of("name=fsbench-dns", "rw=write", "bs=64k", "size=4m"),
                      shared.resolve("d"),
                      3)
                  .membersWithin(Duration.ofSeconds(60)));
    }

    assertThat(result.clients())
        .extracting(ClientResult::address)
        .containsExactlyInAnyOrder(
            "127.0.0.41:" + port, "127.0.0.42:" + port, "127.0.0.43:" + port);
    assertThat(result.aggregate().jobs().get(0).write().ioBytes()).isEqualTo(3L * 4 << 20);
    try (Stream<Path> left = Files.list(shared.resolve("d"))) {
      assertThat(left.toList()).isEmpty();
    }
  }
}
