package io.fsbench.cluster.internal;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** This machine's name, as reports print it. */
final class Hosts {

  private Hosts() {}

  static String name() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      String env = System.getenv("HOSTNAME");
      return env == null || env.isBlank() ? "unknown-host" : env;
    }
  }
}
