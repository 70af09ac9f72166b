package io.fsbench.cluster;

import io.fsbench.api.InvalidInputException;
import io.fsbench.cluster.internal.Secret;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How a member joins a cluster: its name, where this member listens, where the others are, and the
 * shared secret that lets it in. The same for agents and the controller.
 *
 * <pre>{@code
 * ClusterConfig config =
 *     ClusterConfig.builder("t")
 *         .bind("10.0.0.5")
 *         .port(7800)
 *         .peers(List.of("10.0.0.6:7800", "10.0.0.7:7800"))
 *         .secret(Path.of("/etc/fsbench/cluster.secret"))
 *         .build();
 * }</pre>
 *
 * @param name the cluster's name; members of other names never see each other
 * @param bind the address this member listens on, e.g. {@code 10.0.0.5} or {@code 127.0.0.2}
 * @param port the TCP port it listens on
 * @param peers the other members to look for, {@code host:port} each (JGroups TCPPING's initial
 *     hosts); may be empty for the first agent
 * @param secretFile the file holding the shared secret: every member reads the same bytes, and one
 *     without them is refused at the door
 * @param joinTimeout how long a join request may wait for an answer
 * @param dns members found through DNS instead of {@code peers} (JGroups' DNS_PING); empty when
 *     they are listed
 */
public record ClusterConfig(
    String name,
    String bind,
    int port,
    List<String> peers,
    Path secretFile,
    Duration joinTimeout,
    Optional<DnsDiscovery> dns) {

  /** JGroups' usual TCP port, the default. */
  public static final int DEFAULT_PORT = 7800;

  public ClusterConfig {
    if (name == null || name.isBlank() || !name.matches("[A-Za-z0-9._-]+")) {
      throw new InvalidInputException(
          "cluster name ("
              + name
              + ") must be letters, digits, '.', '_' or '-'; e.g. --cluster lab1");
    }
    if (bind == null || bind.isBlank()) {
      throw new InvalidInputException(
          "bind address (" + bind + ") is blank; give the address to listen on, e.g. 10.0.0.5");
    }
    if (port < 1 || port > 65535) {
      throw new InvalidInputException(
          "port (" + port + ") must be in 1..65535; JGroups' usual one is " + DEFAULT_PORT);
    }
    peers = List.copyOf(peers);
    peers.forEach(ClusterConfig::checkPeer);
    Objects.requireNonNull(secretFile, "secretFile");
    Objects.requireNonNull(joinTimeout, "joinTimeout");
    if (joinTimeout.isNegative() || joinTimeout.isZero()) {
      throw new InvalidInputException("joinTimeout (" + joinTimeout + ") must be positive");
    }
    Objects.requireNonNull(dns, "dns");
    if (dns.isPresent() && !peers.isEmpty()) {
      throw new InvalidInputException(
          "cluster "
              + name
              + " is given both peers "
              + peers
              + " and DNS discovery ("
              + dns.get()
              + "); give one of --peers and --dns");
    }
  }

  /** A configuration whose members are listed as {@code peers}. */
  public ClusterConfig(
      String name,
      String bind,
      int port,
      List<String> peers,
      Path secretFile,
      Duration joinTimeout) {
    this(name, bind, port, peers, secretFile, joinTimeout, Optional.empty());
  }

  /** A configuration to complete: bind address, port, peers and the secret file. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** The host part of a {@code host:port} peer. */
  static String host(String peer) {
    return peer.substring(0, peer.lastIndexOf(':'));
  }

  /** The port of a {@code host:port} peer. */
  static int port(String peer) {
    return Integer.parseInt(peer.substring(peer.lastIndexOf(':') + 1));
  }

  private static void checkPeer(String peer) {
    int colon = peer == null ? -1 : peer.lastIndexOf(':');
    if (colon <= 0 || !peer.substring(colon + 1).matches("[0-9]{1,5}")) {
      throw new InvalidInputException(
          "peer (" + peer + ") must be host:port, e.g. 10.0.0.6:" + DEFAULT_PORT);
    }
    int port = Integer.parseInt(peer.substring(colon + 1));
    if (port < 1 || port > 65535) {
      throw new InvalidInputException("peer (" + peer + ") has a port outside 1..65535");
    }
  }

  /** Builds a {@link ClusterConfig}; verbs without prefixes, {@link #build()} checks it all. */
  public static final class Builder {
    private final String name;
    private String bind = "127.0.0.1";
    private int port = DEFAULT_PORT;
    private List<String> peers = List.of();
    private Path secretFile;
    private Duration joinTimeout = Duration.ofSeconds(2);
    private DnsDiscovery dns;

    private Builder(String name) {
      this.name = name;
    }

    /** The address to listen on (default {@code 127.0.0.1}). */
    public Builder bind(String address) {
      this.bind = address;
      return this;
    }

    /** The TCP port to listen on (default {@value ClusterConfig#DEFAULT_PORT}). */
    public Builder port(int port) {
      this.port = port;
      return this;
    }

    /** The other members, {@code host:port} each. */
    public Builder peers(List<String> peers) {
      this.peers = List.copyOf(peers);
      return this;
    }

    /**
     * Finds the members through DNS instead of a list of peers: every A record of the query is a
     * member's address, on this member's port.
     */
    public Builder dns(DnsDiscovery discovery) {
      this.dns = discovery;
      return this;
    }

    /** The file holding the shared secret. */
    public Builder secret(Path file) {
      this.secretFile = file;
      return this;
    }

    /** How long a join request may wait for an answer (default 2 s). */
    public Builder joinTimeout(Duration timeout) {
      this.joinTimeout = timeout;
      return this;
    }

    /**
     * The configuration, checked: the values, that the bind address resolves, and that the secret
     * file holds a usable secret, so that a mistake is refused before any network is touched.
     */
    public ClusterConfig build() {
      if (secretFile == null) {
        throw new InvalidInputException(
            "cluster " + name + " needs a shared secret file; give --secret FILE");
      }
      ClusterConfig config =
          new ClusterConfig(
              name, bind, port, peers, secretFile, joinTimeout, Optional.ofNullable(dns));
      try {
        java.net.InetAddress.getByName(bind);
      } catch (java.net.UnknownHostException e) {
        throw new InvalidInputException(
            "bind address (" + bind + ") is not a known host or address; give this machine's IP");
      }
      Secret.read(secretFile);
      return config;
    }
  }
}
