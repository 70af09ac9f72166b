package io.fsbench.cluster;

import io.fsbench.api.InvalidInputException;
import java.util.Objects;
import java.util.Optional;

/**
 * Members found by asking DNS rather than from a list of peers: JGroups' {@code DNS_PING} looks up
 * {@code query}'s A records and tries each address on the member's own port. It fits agents whose
 * addresses are not known in advance, such as the pods of a Kubernetes {@code Job} behind a
 * headless service ({@code fsbench-agents.lab.svc.cluster.local}).
 *
 * <pre>{@code
 * DnsDiscovery.parse("fsbench-agents.lab.svc.cluster.local");  // the system's resolver
 * DnsDiscovery.parse("fsbench-agents.test@10.0.0.2:5353");      // that DNS server
 * }</pre>
 *
 * @param query the name whose A records are the members' addresses
 * @param server the DNS server to ask, {@code host} or {@code host:port}; empty for the system's
 */
public record DnsDiscovery(String query, Optional<String> server) {

  private static final String NAME = "[A-Za-z0-9]([A-Za-z0-9_-]*[A-Za-z0-9])?";

  public DnsDiscovery {
    Objects.requireNonNull(server, "server");
    if (query == null || !query.matches(NAME + "(\\." + NAME + ")*\\.?")) {
      throw new InvalidInputException(
          "DNS name ("
              + query
              + ") must be a host name such as fsbench-agents.lab.svc.cluster.local; its A records"
              + " are the members' addresses");
    }
    server.ifPresent(DnsDiscovery::checkServer);
  }

  /** {@code QUERY} or {@code QUERY@SERVER[:PORT]}, as {@code --dns} takes it. */
  public static DnsDiscovery parse(String text) {
    Objects.requireNonNull(text, "text");
    int at = text.indexOf('@');
    return at < 0
        ? new DnsDiscovery(text.strip(), Optional.empty())
        : new DnsDiscovery(
            text.substring(0, at).strip(), Optional.of(text.substring(at + 1).strip()));
  }

  private static void checkServer(String server) {
    int colon = server.lastIndexOf(':');
    String host = colon < 0 ? server : server.substring(0, colon);
    String port = colon < 0 ? "53" : server.substring(colon + 1);
    if (host.isEmpty()
        || !host.matches("[A-Za-z0-9.-]+")
        || !port.matches("[0-9]{1,5}")
        || Integer.parseInt(port) < 1
        || Integer.parseInt(port) > 65535) {
      throw new InvalidInputException(
          "DNS server ("
              + server
              + ") must be host or host:port with a port in 1..65535, e.g. 10.0.0.2 or"
              + " 10.0.0.2:5353");
    }
  }

  @Override
  public String toString() {
    return query + server.map(s -> "@" + s).orElse("");
  }
}
