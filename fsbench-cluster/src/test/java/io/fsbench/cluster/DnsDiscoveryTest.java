package io.fsbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DnsDiscoveryTest {

  @TempDir Path temp;

  @Test
  void aNameAloneAsksTheSystemsResolver() {
    DnsDiscovery dns = DnsDiscovery.parse("fsbench-agents.lab.svc.cluster.local");
    assertThat(dns.query()).isEqualTo("fsbench-agents.lab.svc.cluster.local");
    assertThat(dns.server()).isEmpty();
  }

  @Test
  void aServerAfterTheAtSignIsAskedInstead() {
    DnsDiscovery dns = DnsDiscovery.parse("fsbench-agents.test@127.0.0.1:5353");
    assertThat(dns.query()).isEqualTo("fsbench-agents.test");
    assertThat(dns.server()).contains("127.0.0.1:5353");
    assertThat(dns).hasToString("fsbench-agents.test@127.0.0.1:5353");
  }

  @Test
  void aNameThatIsNoHostNameIsRefusedNamingIt() {
    assertThatThrownBy(() -> DnsDiscovery.parse("agents; rm -rf /"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("DNS name (agents; rm -rf /)");
  }

  @Test
  void aServerWithAPortOutOfRangeIsRefusedNamingIt() {
    assertThatThrownBy(() -> DnsDiscovery.parse("agents.test@10.0.0.2:0"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("DNS server (10.0.0.2:0)");
  }

  @Test
  void peersAndDnsTogetherAreRefusedSayingToGiveOne() throws Exception {
    Path secret = Files.writeString(temp.resolve("fsbench-secret"), "0123456789abcdef0123456789ab");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    assertThatThrownBy(
            () ->
                ClusterConfig.builder("lab")
                    .peers(List.of("10.0.0.6:7800"))
                    .dns(DnsDiscovery.parse("agents.test"))
                    .secret(secret)
                    .build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("give one of --peers and --dns");
  }

  @Test
  void aConfigurationWithDnsKeepsIt() throws Exception {
    Path secret = Files.writeString(temp.resolve("fsbench-secret"), "0123456789abcdef0123456789ab");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    ClusterConfig config =
        ClusterConfig.builder("lab").dns(DnsDiscovery.parse("agents.test")).secret(secret).build();
    assertThat(config.dns()).isEqualTo(Optional.of(DnsDiscovery.parse("agents.test")));
    assertThat(config.peers()).isEmpty();
  }
}
