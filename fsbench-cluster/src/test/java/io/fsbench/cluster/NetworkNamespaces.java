package io.fsbench.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Network namespaces a test makes and removes itself: one bridge in the test's own namespace with
 * address {@code 10.213.N.1/24}, and per member a namespace joined to it by a veth pair, with
 * address {@code 10.213.N.(10 + i)}. Traffic between members goes only over these links, so a test
 * can cut one member off ({@link #cutOff}) as a partitioned host would be. Every name carries
 * "fsbench" and a random suffix; {@link #close()} removes all of it.
 */
final class NetworkNamespaces implements AutoCloseable {

  private final String suffix;
  private final int subnet;
  private final int members;
  private final List<String> made = new ArrayList<>();

  private NetworkNamespaces(int members) {
    this.members = members;
    ThreadLocalRandom random = ThreadLocalRandom.current();
    this.suffix = Integer.toHexString(0x1000 + random.nextInt(0xefff));
    this.subnet = random.nextInt(256);
  }

  /** Whether this process may make namespaces and links here, with the reason when it may not. */
  static String unavailableBecause() {
    if (!"root".equals(System.getProperty("user.name"))) {
      return "needs root to make network namespaces";
    }
    try {
      Process probe = new ProcessBuilder("ip", "-V").redirectErrorStream(true).start();
      if (!probe.waitFor(10, TimeUnit.SECONDS) || probe.exitValue() != 0) {
        return "ip (iproute2) does not run";
      }
    } catch (IOException | InterruptedException e) {
      return "ip (iproute2) is not installed: " + e.getMessage();
    }
    return null;
  }

  /** Makes the bridge and {@code members} namespaces linked to it, all up. */
  static NetworkNamespaces make(int members) throws IOException {
    NetworkNamespaces net = new NetworkNamespaces(members);
    try {
      net.build();
      return net;
    } catch (IOException | RuntimeException e) {
      net.close();
      throw e;
    }
  }

  private void build() throws IOException {
    String bridge = bridge();
    ip("link", "add", bridge, "type", "bridge");
    made.add("link:" + bridge);
    ip("addr", "add", hostAddress() + "/24", "dev", bridge);
    ip("link", "set", bridge, "up");
    for (int i = 1; i <= members; i++) {
      String ns = namespace(i);
      ip("netns", "add", ns);
      made.add("netns:" + ns);
      String outside = "fsbench-" + i + suffix;
      String inside = "fsbench-p" + i + suffix;
      ip("link", "add", outside, "type", "veth", "peer", "name", inside);
      made.add("link:" + outside);
      ip("link", "set", inside, "netns", ns);
      ip("link", "set", outside, "master", bridge);
      ip("link", "set", outside, "up");
      ip("netns", "exec", ns, "ip", "addr", "add", address(i) + "/24", "dev", inside);
      ip("netns", "exec", ns, "ip", "link", "set", inside, "up");
      ip("netns", "exec", ns, "ip", "link", "set", "lo", "up");
    }
  }

  /** The address of the test's own end, on the bridge: where a controller binds. */
  String hostAddress() {
    return "10.213." + subnet + ".1";
  }

  /** Member {@code i}'s address (from 1). */
  String address(int i) {
    return "10.213." + subnet + "." + (10 + i);
  }

  /** Member {@code i}'s namespace (from 1). */
  String namespace(int i) {
    return "fsbench-ns" + i + "-" + suffix;
  }

  /** The command that runs {@code command} in member {@code i}'s namespace. */
  List<String> inNamespace(int i, List<String> command) {
    List<String> all = new ArrayList<>(List.of("ip", "netns", "exec", namespace(i)));
    all.addAll(command);
    return all;
  }

  /** Takes member {@code i}'s link down: its packets go nowhere, as a partitioned host's. */
  void cutOff(int i) throws IOException {
    ip("link", "set", "fsbench-" + i + suffix, "down");
  }

  /** Brings member {@code i}'s link up again. */
  void reconnect(int i) throws IOException {
    ip("link", "set", "fsbench-" + i + suffix, "up");
  }

  private String bridge() {
    return "fsbench-b" + suffix;
  }

  /** Removes what it made, newest first; deleting a namespace removes the links in it. */
  @Override
  public void close() {
    List<String> failures = new ArrayList<>();
    for (int i = made.size() - 1; i >= 0; i--) {
      String[] kind = made.get(i).split(":", 2);
      try {
        if (kind[0].equals("netns")) {
          ip("netns", "del", kind[1]);
        } else {
          ip("link", "del", kind[1]);
        }
      } catch (IOException e) {
        // a veth goes with its peer's namespace; anything else left is a failure to report
        if (!e.getMessage().contains("Cannot find device")) {
          failures.add(e.getMessage());
        }
      }
    }
    made.clear();
    if (!failures.isEmpty()) {
      throw new IllegalStateException("could not remove the test's network: " + failures);
    }
  }

  private static void ip(String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of("ip"));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IOException(String.join(" ", command) + " failed: " + output.strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(String.join(" ", command) + " was interrupted", e);
    }
  }
}
