package io.fsbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fsbench.api.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterConfigTest {

  @TempDir Path temp;

  private Path secret(String content, String permissions) throws Exception {
    Path file = Files.writeString(temp.resolve("fsbench-secret"), content);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
    return file;
  }

  @Test
  void aCompleteConfigurationKeepsWhatItWasGiven() throws Exception {
    Path secret = secret("0123456789abcdef0123456789abcdef\n", "rw-------");
    ClusterConfig config =
        ClusterConfig.builder("lab")
            .bind("127.0.0.2")
            .port(7900)
            .peers(List.of("127.0.0.3:7900"))
            .secret(secret)
            .build();
    assertThat(config.peers()).containsExactly("127.0.0.3:7900");
    assertThat(config.port()).isEqualTo(7900);
  }

  @Test
  void aSecretThatIsTooShortIsRefusedSayingHowToMakeOne() throws Exception {
    Path secret = secret("short", "rw-------");
    assertThatThrownBy(() -> ClusterConfig.builder("lab").secret(secret).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("holds 5 bytes")
        .hasMessageContaining("openssl rand");
  }

  @Test
  void aSecretEveryoneCanReadIsRefused() throws Exception {
    Path secret = secret("0123456789abcdef0123456789abcdef", "rw-r--r--");
    assertThatThrownBy(() -> ClusterConfig.builder("lab").secret(secret).build())
        .hasMessageContaining("readable by every user")
        .hasMessageContaining("chmod 600");
  }

  @Test
  void aMissingSecretIsRefusedNamingTheOption() {
    assertThatThrownBy(() -> ClusterConfig.builder("lab").build())
        .hasMessageContaining("--secret FILE");
    assertThatThrownBy(
            () -> ClusterConfig.builder("lab").secret(temp.resolve("fsbench-none")).build())
        .hasMessageContaining("cannot be read");
  }

  @Test
  void badNamesPortsAndPeersAreRefusedNamingTheValue() throws Exception {
    Path secret = secret("0123456789abcdef0123456789abcdef", "rw-------");
    assertThatThrownBy(() -> ClusterConfig.builder("a b").secret(secret).build())
        .hasMessageContaining("cluster name (a b)");
    assertThatThrownBy(() -> ClusterConfig.builder("lab").port(0).secret(secret).build())
        .hasMessageContaining("port (0)");
    assertThatThrownBy(
            () -> ClusterConfig.builder("lab").peers(List.of("10.0.0.6")).secret(secret).build())
        .hasMessageContaining("peer (10.0.0.6) must be host:port");
  }

  @Test
  void aClusterJobNeedsAnAbsoluteDirectoryAndAtLeastOneClient() {
    assertThatThrownBy(() -> ClusterJob.fio(List.of("rw=write"), Path.of("rel"), 1))
        .hasMessageContaining("(rel) must be absolute");
    assertThatThrownBy(() -> ClusterJob.fio(List.of("rw=write"), Path.of("/x"), 0))
        .hasMessageContaining("clients (0)");
    assertThatThrownBy(() -> ClusterJob.fio(List.of(), Path.of("/x"), 1))
        .hasMessageContaining("needs a job");
  }

  @Test
  void aClientsOwnOptionsComeAfterTheJobsAndNameAClientOfTheRun() {
    ClusterJob job =
        ClusterJob.fio(List.of("rw=write", "size=64m"), Path.of("/x"), 3)
            .forClient(1, List.of("size=8m"))
            .stonewall();

    assertThat(job.optionsOf(1)).containsExactly("rw=write", "size=64m", "size=8m");
    assertThat(job.optionsOf(0)).containsExactly("rw=write", "size=64m");
    assertThat(job.stonewalled()).isTrue();
    assertThatThrownBy(() -> job.forClient(3, List.of("size=8m")))
        .hasMessageContaining("client index (3)")
        .hasMessageContaining("from 0 to 2");
  }

  @Test
  void anAgentWithoutAnAllowedDirectoryIsRefused() throws Exception {
    Path secret = secret("0123456789abcdef0123456789abcdef", "rw-------");
    ClusterConfig config = ClusterConfig.builder("lab").secret(secret).build();
    assertThatThrownBy(() -> AgentConfig.of(config, List.of())).hasMessageContaining("--allow-dir");
    assertThatThrownBy(() -> AgentConfig.of(config, List.of(temp.resolve("fsbench-none"))))
        .hasMessageContaining("is not a directory");
  }
}
