package io.fsbench.cluster.internal;

import io.fsbench.api.EnvironmentException;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.cluster.ClusterConfig;
import io.fsbench.cluster.DnsDiscovery;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.JChannel;
import org.jgroups.PhysicalAddress;
import org.jgroups.protocols.ASYM_ENCRYPT;
import org.jgroups.protocols.AUTH;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.MFC;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.UFC;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.dns.DNS_PING;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.stack.IpAddress;
import org.jgroups.stack.Protocol;

/**
 * The JGroups stack every member runs, built here rather than read from XML so that every setting
 * is typed and reviewed in one place: TCP with TCPPING (explicit peers, no multicast), failure
 * detection by socket (a killed process is seen at once) and by heartbeat (a partitioned one within
 * {@link #SUSPECT_AFTER_MS}), ASYM_ENCRYPT for every message after the join, AUTH with the shared
 * secret at the join.
 */
public final class Channels {

  /** A member silent this long is suspected; verified once more, then dropped from the view. */
  static final long SUSPECT_AFTER_MS = 6_000;

  private Channels() {}

  /** A channel for {@code config}, not yet connected, named {@code name} in views and logs. */
  public static JChannel create(ClusterConfig config, String name) {
    byte[] secret = Secret.read(config.secretFile());
    try {
      JChannel channel = new JChannel(stack(config, secret));
      channel.name(name);
      channel.setDiscardOwnMessages(true);
      return channel;
    } catch (Exception e) {
      throw new EnvironmentException(
          "cannot set up the cluster channel on "
              + config.bind()
              + ":"
              + config.port()
              + ": "
              + e.getMessage()
              + "; check that the address is this machine's and the port is free");
    }
  }

  /**
   * TCPPING on the listed peers, or DNS_PING on the query's A records (each tried on this member's
   * port, as every member of a DNS-discovered cluster listens on the same one).
   */
  private static Protocol discovery(ClusterConfig config) throws Exception {
    if (config.dns().isPresent()) {
      DnsDiscovery dns = config.dns().get();
      DNS_PING ping = new DNS_PING();
      ping.setValue("dns_query", dns.query());
      ping.setValue("dns_record_type", "A");
      dns.server().ifPresent(server -> ping.setValue("dns_address", server));
      return ping;
    }
    TCPPING ping = new TCPPING();
    List<PhysicalAddress> peers = new ArrayList<>();
    for (String peer : config.peers()) {
      peers.add(new IpAddress(address(host(peer), "peer " + peer), port(peer)));
    }
    ping.setInitialHosts2(peers);
    ping.setPortRange(0);
    return ping;
  }

  private static List<Protocol> stack(ClusterConfig config, byte[] secret) throws Exception {
    InetAddress bind = address(config.bind(), "bind address");
    TCP tcp = new TCP();
    tcp.setBindAddress(bind);
    tcp.setBindPort(config.port());
    tcp.setPortRange(0); // the port given or none: a member is where its peers were told it is
    tcp.setLogDiscardMessages(false);

    Protocol discovery = discovery(config);

    FD_ALL3 heartbeat = new FD_ALL3();
    heartbeat.setTimeout(SUSPECT_AFTER_MS);
    heartbeat.setInterval(1_000);

    VERIFY_SUSPECT2 verify = new VERIFY_SUSPECT2();
    verify.setTimeout(1_000);

    AUTH auth = new AUTH();
    auth.setAuthToken(new SecretToken(secret, config.name()));

    GMS gms = new GMS();
    gms.setJoinTimeout(config.joinTimeout().toMillis());
    gms.printLocalAddress(false); // JGroups would print its banner on stdout

    List<Protocol> stack = new ArrayList<>();
    stack.add(tcp);
    stack.add(discovery);
    stack.add(new MERGE3());
    // its server socket on the member's own address, not on every interface, so that several
    // members of one machine (loopback tests) do not compete for the same port
    stack.add(new FD_SOCK2().setBindAddress(bind));
    stack.add(heartbeat);
    stack.add(verify);
    stack.add(new ASYM_ENCRYPT());
    stack.add(new NAKACK2());
    stack.add(new UNICAST3());
    stack.add(new STABLE());
    stack.add(auth);
    stack.add(gms);
    stack.add(new UFC());
    stack.add(new MFC());
    stack.add(new FRAG4());
    return stack;
  }

  /** Connects, turning JGroups' refusals into messages that say what to do. */
  public static void connect(JChannel channel, ClusterConfig config) {
    try {
      channel.connect(config.name());
    } catch (SecurityException e) {
      channel.close();
      throw new FsBenchException(
          FsBenchException.Kind.ENVIRONMENT,
          "cluster "
              + config.name()
              + " refused this member: its secret ("
              + config.secretFile()
              + ") is not the cluster's; copy the same secret file to every member");
    } catch (Exception e) {
      channel.close();
      String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      if (why.contains("authentication") || why.contains("Authentication")) {
        throw new FsBenchException(
            FsBenchException.Kind.ENVIRONMENT,
            "cluster "
                + config.name()
                + " refused this member: its secret ("
                + config.secretFile()
                + ") is not the cluster's; copy the same secret file to every member");
      }
      throw new EnvironmentException(
          "cannot join cluster "
              + config.name()
              + " from "
              + config.bind()
              + ":"
              + config.port()
              + ": "
              + why
              + "; check that the address is this machine's and the port is free");
    }
  }

  private static String host(String peer) {
    return peer.substring(0, peer.lastIndexOf(':'));
  }

  private static int port(String peer) {
    return Integer.parseInt(peer.substring(peer.lastIndexOf(':') + 1));
  }

  private static InetAddress address(String host, String what) {
    try {
      return InetAddress.getByName(host);
    } catch (UnknownHostException e) {
      throw new InvalidInputException(
          what + " (" + host + ") is not a known host or address; give an IP address or a name");
    }
  }
}
